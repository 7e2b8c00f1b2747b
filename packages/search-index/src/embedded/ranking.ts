/** BM25F parameters: one k1, and per field a weight and a length normalisation b. */
export interface FieldParameters {
  weight: number;
  b: number;
}

export interface RankingParameters {
  k1: number;
  content: FieldParameters;
  title: FieldParameters;
  law: FieldParameters;
}

/** Tuned on the dev questions (see README). */
export const DEFAULT_RANKING: RankingParameters = {
  k1: 1.0,
  content: { weight: 1, b: 0.6 },
  title: { weight: 1, b: 0.5 },
  law: { weight: 1.5, b: 0.3 },
};

export const FIELDS = ["content", "title", "law"] as const;
export type Field = (typeof FIELDS)[number];

/** Robertson–Spärck Jones IDF, always positive. */
export function idf(documentFrequency: number, documents: number): number {
  return Math.log(1 + (documents - documentFrequency + 0.5) / (documentFrequency + 0.5));
}
