import { idf, type RankingParameters } from "./ranking";

/** A query term and its weight (1 for the query's own words, less for family relatives and synonyms). */
export interface WeightedTerm {
  term: string;
  weight: number;
}

/**
 * One query position scored as one BM25F term: its terms' weighted frequencies are summed before
 * saturation (Lucene's SynonymQuery), with the IDF of its own words, times `boost`. When none of its own
 * words is indexed, `fallback` is its document frequency: that of its rarest synonym, or of its word
 * family (the articles holding any relative) if that is rarer.
 */
export interface Clause {
  terms: WeightedTerm[];
  boost: number;
  fallback?: number;
}

/** What proximity reads about the index and the candidates (embedded: a generation; Elasticsearch: the hits). */
export interface ProximitySource {
  /** Articles holding the term (in any field). */
  documentFrequency(term: string): number;
  /** Articles in the index. */
  documents: number;
  /** A term's code, a number below `codeCount()` (undefined: no candidate holds the term). */
  code(term: string): number | undefined;
  /** One more than the largest code (asked after every query term's `code`). */
  codeCount(): number;
  /** The candidate's content terms in order, then its topics' (`proximitySequence`), as codes (-1: a term no query term has). */
  sequence(slot: number): ArrayLike<number>;
}

/**
 * Query position (+1) by term code, zero elsewhere: grown as needed, and zeroed again after each call. A
 * typed-array read per content term instead of a string-keyed map lookup (proximity was a quarter of a search).
 */
let positionByCode = new Int32Array(0);

/**
 * Terms between an article's content and its subject-index phrases (`article-topics.ts`) in the sequence proximity
 * reads: more than any window, so no pair spans the two. The phrases are read like text: "فصلوني بدون إنذار" puts
 * the question's words side by side, as an article's own sentence would.
 */
export const TOPICS_GAP = 8;

/** The sequence proximity reads of an article, as codes: its content, then (after `TOPICS_GAP` of -1) its topics. */
export function proximitySequence(content: Int32Array, topics: Int32Array): Int32Array {
  if (topics.length === 0) return content;
  const sequence = new Int32Array(content.length + TOPICS_GAP + topics.length).fill(-1);
  sequence.set(content);
  sequence.set(topics, content.length + TOPICS_GAP);
  return sequence;
}

/**
 * Proximity: for each pair of query clauses, the closest pair of their own words (within the window)
 * in the content (or in the subject-index phrases) scores 1/distance times the smaller clause IDF; the sum, times the
 * weight, is added. A clause weighted below 1 (a word of a law's title the question writes) takes no part.
 */
export function applyProximity(source: ProximitySource, scores: Float64Array, candidates: readonly number[], clauses: readonly Clause[], ranking: RankingParameters): void {
  const { weight, window } = ranking.proximity;
  if (weight <= 0) return;
  const index = new Map<number, number>();
  const idfs: number[] = [];
  for (const clause of clauses) {
    if (clause.boost < 1) continue;
    const at = idfs.length;
    let df = 0;
    for (const { term, weight: w } of clause.terms) {
      if (w < 1) continue;
      df = Math.max(df, source.documentFrequency(term));
    }
    for (const { term, weight: w } of clause.terms) {
      const code = w >= 1 ? source.code(term) : undefined;
      if (code !== undefined && !index.has(code)) index.set(code, at);
    }
    idfs.push(idf(df, source.documents));
  }
  const n = idfs.length;
  if (n < 2) return;
  if (positionByCode.length < source.codeCount()) positionByCode = new Int32Array(Math.max(source.codeCount(), 2 * positionByCode.length));
  const positions = positionByCode;
  for (const [code, at] of index) positions[code] = at + 1;
  try {
    const last = new Int32Array(n);
    const closest = new Float64Array(n * n);
    for (const slot of candidates) {
      last.fill(-1_000_000);
      closest.fill(0);
      const sequence = source.sequence(slot);
      for (let position = 0; position < sequence.length; position++) {
        const code = sequence[position]!;
        if (code < 0) continue;
        const t = positions[code]! - 1;
        if (t < 0) continue;
        for (let u = 0; u < n; u++) {
          if (u === t) continue;
          const distance = position - last[u]!;
          if (distance > window) continue;
          const key = t < u ? t * n + u : u * n + t;
          closest[key] = Math.max(closest[key]!, 1 / distance);
        }
        last[t] = position;
      }
      let bonus = 0;
      for (let t = 0; t < n; t++) for (let u = t + 1; u < n; u++) bonus += closest[t * n + u]! * Math.min(idfs[t]!, idfs[u]!);
      scores[slot]! += weight * bonus;
    }
  } finally {
    for (const code of index.keys()) positions[code] = 0;
  }
}

/**
 * A `ProximitySource` over candidates whose content terms are strings (Elasticsearch's hits): the query's
 * terms get codes as proximity asks for them, and a candidate's terms are read through them.
 */
export function termProximitySource(documentFrequency: (term: string) => number, documents: number, terms: (slot: number) => readonly string[]): ProximitySource {
  const codes = new Map<string, number>();
  return {
    documentFrequency,
    documents,
    code: (term) => {
      let code = codes.get(term);
      if (code === undefined) codes.set(term, (code = codes.size));
      return code;
    },
    codeCount: () => codes.size,
    sequence: (slot) => Int32Array.from(terms(slot), (term) => codes.get(term) ?? -1),
  };
}
