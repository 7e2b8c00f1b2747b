import type { AnalyzedQuery } from "../analysis/analyzer";
import type { SearchHit } from "../port";
import type { Generation } from "./generation";
import { FIELDS, idf, type RankingParameters } from "./ranking";

/** A law must be named at least this completely (IDF-weighted) for a cited article number to pin it. */
const LAW_NAMED = 0.5;
/** A cited article number with no law named: articles with that number get this share of the best score. */
const ARTICLE_NUMBER_BONUS = 0.1;

interface Scores {
  scores: Float64Array;
  touched: number[];
}

/** BM25F over every article holding a query term (term at a time). */
function score(generation: Generation, clauses: readonly string[][], ranking: RankingParameters): Scores {
  const scores = new Float64Array(generation.articles.length);
  const touched: number[] = [];
  const { lengths } = generation;
  const documents = generation.size;
  const fieldCount = FIELDS.length;
  const weights = FIELDS.map((field) => ranking[field].weight);
  const bs = FIELDS.map((field) => ranking[field].b);
  const averages = generation.totalLengths.map((total) => Math.max(total / Math.max(documents, 1), 1));
  const k1 = ranking.k1;
  for (const term of new Set(clauses.flat())) {
    const postings = generation.postings.get(term);
    if (!postings) continue;
    const termIdf = idf(postings.slots.length, documents) * (k1 + 1);
    const { slots, frequencies } = postings;
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!;
      let tf = 0;
      for (let f = 0; f < fieldCount; f++) {
        const frequency = frequencies[i * fieldCount + f]!;
        if (frequency === 0) continue;
        const b = bs[f]!;
        tf += (weights[f]! * frequency) / (1 - b + (b * lengths[slot * fieldCount + f]!) / averages[f]!);
      }
      if (scores[slot] === 0) touched.push(slot);
      scores[slot]! += (termIdf * tf) / (k1 + tf);
    }
  }
  return { scores, touched };
}

/**
 * A cited article number: when the query names a law, that law's article goes first (its score is
 * lifted above every other); otherwise articles with that number get a small bonus.
 * Returns the slots taken as the cited article.
 */
function applyArticleReference(generation: Generation, query: AnalyzedQuery, { scores, touched }: Scores): ReadonlySet<number> {
  if (!query.article) return new Set();
  const { number } = query.article;
  const named = generation.laws.named(new Set(query.clauses.flat()));
  const best = touched.reduce((max, slot) => Math.max(max, scores[slot]!), 0);
  const pinned = named.match >= LAW_NAMED;
  const slots = pinned ? generation.laws.articleSlots(named.lawIds, number) : generation.slotsWithNumber(number);
  for (const slot of slots) {
    if (scores[slot] === 0) touched.push(slot);
    scores[slot]! += pinned ? best + 1 : ARTICLE_NUMBER_BONUS * best + 1e-6;
  }
  return new Set(slots);
}

/** IDF-weighted share of the clauses the article covers; the cited article covers the cited number. */
function coverage(generation: Generation, query: AnalyzedQuery, slot: number, isCited: boolean): number {
  const terms = new Set(generation.articles[slot]!.terms);
  let total = 0;
  let covered = 0;
  const weigh = (clause: readonly string[], cited: boolean) => {
    const weight = Math.max(...clause.map((term) => idf(generation.postings.get(term)?.slots.length ?? 0, generation.size)));
    total += weight;
    if (cited || clause.some((term) => terms.has(term))) covered += weight;
  };
  for (const clause of query.clauses) weigh(clause, false);
  for (const clause of query.article?.clauses ?? []) weigh(clause, isCited);
  return total === 0 ? 0 : covered / total;
}

export function searchGeneration(generation: Generation, query: AnalyzedQuery, limit: number, ranking: RankingParameters): SearchHit[] {
  const allClauses = [...query.clauses, ...(query.article?.clauses ?? [])];
  const scored = score(generation, allClauses, ranking);
  const cited = applyArticleReference(generation, query, scored);
  const { scores, touched } = scored;
  const top = touched.sort((a, b) => scores[b]! - scores[a]!).slice(0, limit);
  return top.map((slot) => ({
    id: generation.articles[slot]!.id,
    score: scores[slot]!,
    coverage: coverage(generation, query, slot, cited.has(slot)),
  }));
}
