import type { estypes } from "@elastic/elasticsearch";
import { conflationKey } from "../analysis/arabic-stemmer";
import { FIELDS, idf, type Field, type RankingParameters } from "../embedded/ranking";
import type { ArticleDocument } from "./documents";
import type { QueryPlan } from "./query";

/**
 * The embedded index's BM25F, computed here on Elasticsearch's best hits: Lucene scores each field with
 * its own BM25 and sums them, the embedded ranker sums the fields' weighted frequencies before one
 * saturation (BM25F). With each hit's analysed fields (`_source`), the terms' document frequencies and
 * the fields' total lengths (both aggregated over the generation in the search request), a hit gets the
 * score the embedded index gives the same article, so the re-ranking that follows works on the same scale.
 */

/**
 * The aggregations (inside the global one) that sum each field's length over the generation, and count
 * the articles holding any word of each position's word family (`family` field, by conflation key).
 */
export function statisticsAggregations(positions: readonly Position[]): Record<string, estypes.AggregationsAggregationContainer> {
  const keys = [...new Set(positions.flatMap((position) => [...position.keys]))];
  return {
    ...Object.fromEntries(FIELDS.map((field) => [`length_${field}`, { sum: { field: `lengths.${field}` } }])),
    families: { filters: { filters: Object.fromEntries(keys.map((key) => [key, { term: { family: key } }])) } },
  };
}

/** What BM25F needs to know about the generation. */
export interface CorpusStatistics {
  documents: number;
  /** Articles holding each term (own words and synonyms of the query) in any field. */
  frequencies: ReadonlyMap<string, number>;
  /** Articles holding any word of each word family (by conflation key) of the query's positions. */
  families: ReadonlyMap<string, number>;
  /** Average length of each field, in FIELDS order; undefined for a generation indexed without lengths. */
  averages: number[] | undefined;
}

export type GlobalAggregation = Partial<Record<`length_${Field}`, { value: number }>> & { families?: { buckets: Record<string, { doc_count: number }> } };

/** The family frequencies from the global aggregation. */
export function familyFrequencies(aggregation: GlobalAggregation | undefined): Map<string, number> {
  return new Map(Object.entries(aggregation?.families?.buckets ?? {}).map(([key, bucket]) => [key, bucket.doc_count]));
}

/** The fields' average lengths from the global aggregation, or undefined when the documents carry no lengths. */
export function fieldAverages(aggregation: GlobalAggregation | undefined, documents: number): number[] | undefined {
  const totals = FIELDS.map((field) => aggregation?.[`length_${field}`]?.value ?? 0);
  if (documents === 0 || totals[0] === 0) return undefined;
  return totals.map((total) => Math.max(total / documents, 1));
}

/**
 * One query position: its own terms (weight 1), its synonyms (the expansion weight), its word families' keys (relatives
 * are found per hit) and its weight (`titleWordWeights`: less for a word of a law's title the question writes).
 */
export interface Position {
  own: string[];
  synonyms: string[];
  keys: Set<string>;
  boost: number;
}

/**
 * The query plan's positions with their word families (none for the cited number's words, as in the embedded index),
 * weighted by `boosts` (the question's own positions, in order; the cited number's weigh 1).
 */
export function positionsOf(plan: QueryPlan, boosts: readonly number[] = []): Position[] {
  return plan.positions.map(({ terms, synonyms, cited }, at) => ({ own: terms, synonyms, keys: new Set(cited ? [] : terms.map(familyKey)), boost: cited ? 1 : (boosts[at] ?? 1) }));
}

/** A hit's analysed fields as term counts (FIELDS order), their lengths, and its terms by word family. */
function analysedHit(source: Partial<ArticleDocument>): { counts: Array<Map<string, number>>; lengths: number[]; families: Map<string, string[]> } {
  const families = new Map<string, string[]>();
  const lengths: number[] = [];
  const counts = FIELDS.map((field) => {
    const counts = new Map<string, number>();
    let length = 0;
    for (const term of (source[field] ?? "").split(" ")) {
      if (term === "") continue;
      length++;
      const count = counts.get(term);
      counts.set(term, (count ?? 0) + 1);
      if (count !== undefined) continue;
      const key = familyKey(term);
      const members = families.get(key);
      if (!members) families.set(key, [term]);
      else if (!members.includes(term)) members.push(term);
    }
    lengths.push(length);
    return counts;
  });
  return { counts, lengths, families };
}

/** `conflationKey`, remembered: hits repeat the same vocabulary query after query. */
const familyKeys = new Map<string, string>();
function familyKey(term: string): string {
  let key = familyKeys.get(term);
  if (key === undefined) {
    if (familyKeys.size >= 200_000) familyKeys.clear();
    familyKeys.set(term, (key = conflationKey(term)));
  }
  return key;
}

/** As the embedded index's `Clause.fallback`: the smallest non-zero frequency of a synonym or of the word family (0: none). */
function fallbackFrequency(position: Position, statistics: CorpusStatistics, ranking: RankingParameters): number {
  const synonyms = ranking.expansion > 0 ? position.synonyms.map((term) => statistics.frequencies.get(term) ?? 0) : [];
  // One own word per family here: a position's own words are alternatives of one word (rarely two families).
  const family = ranking.family > 0 ? Math.max(0, ...[...position.keys].map((key) => statistics.families.get(key) ?? 0)) : 0;
  const frequencies = [...synonyms, family].filter((df) => df > 0);
  return frequencies.length > 0 ? Math.min(...frequencies) : 0;
}

/**
 * The embedded BM25F score of a hit: per position, the weighted frequencies of its own terms, synonyms and
 * word-family relatives (the hit's terms sharing a conflation key with an own term) summed over the fields,
 * then saturated once and weighed by the IDF of the position's own words (its rarest synonym when none is indexed) and
 * the position's weight.
 */
export function bm25fScore(source: Partial<ArticleDocument>, positions: readonly Position[], statistics: CorpusStatistics, averages: readonly number[], ranking: RankingParameters): number {
  const { counts, lengths, families } = analysedHit(source);
  const { k1 } = ranking;
  const fieldTf = (term: string) =>
    FIELDS.reduce((sum, field, f) => {
      const count = counts[f]!.get(term) ?? 0;
      if (count === 0) return sum;
      const { weight, b } = ranking[field];
      return sum + (weight * count) / (1 - b + (b * lengths[f]!) / averages[f]!);
    }, 0);
  const frequency = (term: string) => statistics.frequencies.get(term) ?? 0;
  let score = 0;
  for (const position of positions) {
    const own = Math.max(0, ...position.own.map(frequency));
    const df = own > 0 ? own : fallbackFrequency(position, statistics, ranking);
    if (df === 0) continue;
    let tf = 0;
    for (const term of position.own) tf += fieldTf(term);
    if (ranking.expansion > 0) for (const term of position.synonyms) tf += ranking.expansion * fieldTf(term);
    if (ranking.family > 0) {
      const counted = new Set([...position.own, ...position.synonyms]);
      for (const key of position.keys) {
        for (const term of families.get(key) ?? []) {
          if (counted.has(term)) continue;
          counted.add(term);
          tf += ranking.family * fieldTf(term);
        }
      }
    }
    if (tf > 0) score += (idf(df, statistics.documents) * (k1 + 1) * position.boost * tf) / (k1 + tf);
  }
  return score;
}
