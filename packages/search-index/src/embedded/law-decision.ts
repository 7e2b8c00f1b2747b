import type { AnalyzedQuery } from "../analysis/analyzer";
import type { Generation } from "./generation";
import type { LawDirectory, LawProfile } from "./law-directory";
import type { LawKind } from "./law-kind";
import type { RankingParameters } from "./ranking";

/** Why a law's articles rank where they do: its kind, whether the question names it, its prior and evidence. */
export interface LawRanking {
  lawId: string;
  lawName: string;
  kind: LawKind;
  status: "in_force" | "repealed";
  /** How completely the question names the law (0..1). */
  named: number;
  /** Whether the question writes out its title ("وفق نظام الإثبات"). */
  mentioned: boolean;
  /** The factor its articles' scores were multiplied by (1 = none). */
  prior: number;
  /** Its evidence relative to the strongest law's (0..1): the mean of its best candidate scores. */
  evidence: number;
  /** Its best article's final score. */
  best: number;
}

/** What the law decision reads: each candidate's law, and the laws' titles (embedded: a generation; Elasticsearch: the hits and a law directory). */
export interface LawSource {
  lawOf(slot: number): string;
  profile(lawId: string): LawProfile | undefined;
  /** How completely (0..1, IDF-weighted) the query terms name the law. */
  nameMatchOf(lawId: string, queryTerms: ReadonlySet<string>): number;
  /** The laws whose titles the question's words write out (see `LawDirectory.mentioned`). */
  mentioned(words: readonly string[][]): ReadonlySet<string>;
}

/** Candidates whose laws `lawOf` tells, with their titles in `laws`, as a `LawSource`. */
export function directoryLaws(laws: LawDirectory, lawOf: (slot: number) => string): LawSource {
  return {
    lawOf,
    profile: (lawId) => laws.profile(lawId),
    nameMatchOf: (lawId, queryTerms) => laws.nameMatchOf(lawId, queryTerms),
    mentioned: (words) => laws.mentioned(words),
  };
}

/** A generation's candidates and laws as a `LawSource`. */
export function generationLaws(generation: Generation): LawSource {
  return directoryLaws(generation.laws, (slot) => generation.articles[slot]!.lawId);
}

/**
 * The law-level decision (which laws govern the question), applied to the candidates' scores:
 * 1. the prior — a law the question does not name is weighted by its kind (general laws first,
 *    then implementing regulations, then the rules of one body) and its status; when the question writes
 *    out a law's title, the laws it does not write out are weighted down too;
 * 2. the evidence — each law's mean of its best candidate scores lifts all its candidates, so the
 *    law with the most relevant articles wins over a lone look-alike article elsewhere.
 */
export function decideLaws(
  source: LawSource,
  query: Pick<AnalyzedQuery, "clauses" | "words">,
  scores: Float64Array,
  candidates: readonly number[],
  ranking: RankingParameters,
): Map<string, LawRanking> {
  const queryTerms = new Set(query.clauses.flat());
  const mentioned = source.mentioned(query.words);
  const laws = new Map<string, LawRanking>();
  for (const slot of candidates) {
    const lawId = source.lawOf(slot);
    if (!laws.has(lawId)) laws.set(lawId, rankingOf(source, lawId, queryTerms, mentioned, ranking));
  }
  for (const slot of candidates) scores[slot]! *= laws.get(source.lawOf(slot))!.prior;
  applyLawEvidence(source, scores, candidates, laws, ranking);
  return laws;
}

function rankingOf(source: LawSource, lawId: string, queryTerms: ReadonlySet<string>, mentioned: ReadonlySet<string>, ranking: RankingParameters): LawRanking {
  const profile = source.profile(lawId) ?? { lawId, name: "", kind: "general", status: "in_force" };
  const named = source.nameMatchOf(lawId, queryTerms);
  const { lawPrior } = ranking;
  let prior = 1;
  if (named < lawPrior.named) {
    if (profile.kind === "regulation") prior *= lawPrior.regulation;
    if (profile.kind === "special") prior *= lawPrior.special;
    if (profile.status === "repealed") prior *= lawPrior.repealed;
  }
  if (mentioned.size > 0 && !mentioned.has(lawId)) prior *= lawPrior.unmentioned;
  return { lawId, lawName: profile.name, kind: profile.kind, status: profile.status, named, mentioned: mentioned.has(lawId), prior, evidence: 0, best: 0 };
}

function applyLawEvidence(source: LawSource, scores: Float64Array, candidates: readonly number[], laws: Map<string, LawRanking>, ranking: RankingParameters): void {
  const { weight, depth } = ranking.lawEvidence;
  const ordered = [...candidates].sort((a, b) => scores[b]! - scores[a]!);
  const top = scores[ordered[0] ?? 0] ?? 0;
  if (top <= 0) return;
  const perLaw = new Map<string, number[]>();
  for (const slot of ordered) {
    const lawId = source.lawOf(slot);
    const list = perLaw.get(lawId);
    if (!list) perLaw.set(lawId, [scores[slot]!]);
    else if (list.length < depth) list.push(scores[slot]!);
  }
  let strongest = 0;
  for (const [lawId, list] of perLaw) {
    const law = laws.get(lawId)!;
    law.evidence = list.reduce((sum, s) => sum + s, 0) / depth;
    strongest = Math.max(strongest, law.evidence);
  }
  for (const law of laws.values()) law.evidence /= strongest;
  if (weight > 0) for (const slot of candidates) scores[slot]! += weight * top * laws.get(source.lawOf(slot))!.evidence;
  for (const slot of candidates) {
    const law = laws.get(source.lawOf(slot))!;
    law.best = Math.max(law.best, scores[slot]!);
  }
}
