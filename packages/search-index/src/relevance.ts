import type { SearchHit } from "./port";

/**
 * When a hit is relevant enough to answer from, in the terms of one adapter's scores: it covers at
 * least `minCoverage` (IDF-weighted) of the question, or — for the long everyday questions whose
 * conversational words no law uses — at least `someCoverage` with a score of `minScore`, which takes
 * several question terms matched together (an off-topic question such as "the capital of France"
 * matches one or two words and stays below it).
 */
export interface RelevancePolicy {
  minCoverage: number;
  someCoverage: number;
  minScore: number;
}

/** The embedded index's BM25F scale; measured on everyday-dev and off-topic questions (bench/eval/README.md). */
export const EMBEDDED_RELEVANCE: RelevancePolicy = { minCoverage: 0.5, someCoverage: 0.15, minScore: 20 };

export function isRelevant({ coverage, score }: Pick<SearchHit, "coverage" | "score">, policy: RelevancePolicy = EMBEDDED_RELEVANCE): boolean {
  return coverage >= policy.minCoverage || (coverage >= policy.someCoverage && score >= policy.minScore);
}
