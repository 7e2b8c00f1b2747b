import type { estypes } from "@elastic/elasticsearch";
import type { AnalyzedQuery } from "../analysis/analyzer";
import type { LawDirectory } from "../embedded/law-directory";
import { applyDefinitions, opensDefinitions } from "../embedded/definitions";
import { decideLaws, directoryLaws } from "../embedded/law-decision";
import { speaksOfVessel, VESSEL_WORDS } from "../embedded/special-regime";
import { applyProximity, termProximitySource, TOPICS_GAP } from "../embedded/proximity";
import { DEFAULT_RANKING, type RankingParameters } from "../embedded/ranking";
import { applySubjectPhrases } from "../embedded/subject-phrases";
import type { ArticleDocument } from "./documents";
import type { Position } from "./bm25f";

/** Hits Elasticsearch returns for re-ranking: the embedded law decision's candidate count. */
export const RERANKED = DEFAULT_RANKING.lawEvidence.candidates;
/** The `_source` fields re-ranking reads (the ranked fields for BM25F, content's and topics' order for proximity). */
export const RERANK_SOURCE = ["repealed", "lawId", "content", "title", "law", "lead", "topics"];
/**
 * For Elasticsearch's own scores (a generation indexed without field lengths, so no BM25F): the embedded
 * parameters with proximity weighing twice as much, as the bonus is added in IDF units to scores whose
 * scale differs (Lucene's BM25 has no (k1 + 1) factor; fields are summed). Measured: 0.5 / 1 / 2 (README).
 */
export const ELASTICSEARCH_SCORES: RankingParameters = { ...DEFAULT_RANKING, proximity: { ...DEFAULT_RANKING.proximity, weight: 2 * DEFAULT_RANKING.proximity.weight } };

export interface Candidate {
  id: string;
  lawId: string;
  score: number;
  repealed: boolean;
  /** Content terms in order (empty for a hit fetched without them). */
  sequence: string[];
  /** What proximity reads: the content terms, then its topics' after `TOPICS_GAP` fillers (`proximitySequence`). */
  proximity: string[];
  /** Whether its lead opens a definition (`opensDefinitions`). */
  defines: boolean;
  matched: Set<string>;
  cited: boolean;
}

/** A hit as a candidate, scored `score` (its BM25F score), or by Elasticsearch when that is undefined. */
export function candidateOf(hit: estypes.SearchHit<ArticleDocument>, cited: boolean, score?: number): Candidate {
  const matched = Array.isArray(hit.matched_queries) ? hit.matched_queries : Object.keys(hit.matched_queries ?? {});
  const source = hit._source;
  const sequence = termsOf(source?.content);
  return {
    id: hit._id!,
    lawId: source?.lawId ?? "",
    score: score ?? hit._score ?? 0,
    repealed: source?.repealed === 1,
    sequence,
    proximity: source?.topics ? [...sequence, ...new Array<string>(TOPICS_GAP).fill(""), ...termsOf(source.topics)] : sequence,
    defines: opensDefinitions(source?.lead ? source.lead.split(" ") : []),
    matched: new Set(matched),
    cited,
  };
}

function termsOf(field: string | undefined): string[] {
  return field ? field.split(" ") : [];
}

/**
 * The embedded ranker's later steps on Elasticsearch's best hits (best first), with the same code: the definitions
 * bonus (`applyDefinitions`), proximity and the stated subject-index phrases (`applySubjectPhrases`) on the first
 * `proximity.candidates`, then the law-level decision (prior by law kind for the laws the question does not name,
 * law-level evidence) on all of them. `positions` are the query positions the hits were scored with, with their
 * weights (`positionsOf`). Scores change in place.
 */
export function rerank(
  candidates: readonly Candidate[],
  positions: readonly Position[],
  query: Pick<AnalyzedQuery, "clauses" | "words" | "definition" | "expansions" | "bodyRules">,
  statistics: { frequencies: ReadonlyMap<string, number>; documents: number },
  laws: LawDirectory,
  ranking: RankingParameters,
): void {
  const scores = Float64Array.from(candidates, (candidate) => candidate.score);
  const slots = candidates.map((_, slot) => slot);
  applyDefinitions(scores, slots, (slot) => candidates[slot]!.defines, query, ranking);
  const proximityClauses = positions.map(({ own, boost }) => ({ terms: own.map((term) => ({ term, weight: 1 })), boost }));
  const proximity = termProximitySource((term) => statistics.frequencies.get(term) ?? 0, statistics.documents, (slot) => candidates[slot]!.proximity);
  applyProximity(proximity, scores, slots.slice(0, ranking.proximity.candidates), proximityClauses, ranking);
  applySubjectPhrases(scores, slots.slice(0, ranking.proximity.candidates), (slot) => candidates[slot]!.id, query, ranking);
  decideLaws(directoryLaws(laws, (slot) => candidates[slot]!.lawId, (slot) => speaksOfVessel(candidates[slot]!.sequence, VESSEL_WORDS)), query, scores, slots.slice(0, ranking.lawEvidence.candidates), ranking);
  candidates.forEach((candidate, slot) => (candidate.score = scores[slot]!));
}
