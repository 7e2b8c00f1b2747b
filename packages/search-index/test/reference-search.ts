/**
 * The reference ranking for test/search-equivalence.test.ts: the straightforward implementation of
 * src/embedded/search.ts before bounded top-k selection (BM25F over every matching article, a full sort
 * of them all). Kept here, not in src, only to check that the optimised search returns the same hits.
 */
import type { AnalyzedQuery } from "../src/analysis/analyzer";
import type { SearchHit } from "../src/port";
import type { Generation } from "../src/embedded/generation";
import { applyDefinitions, opensDefinitions } from "../src/embedded/definitions";
import { decideLaws, generationLaws, titleWordWeights, type LawRanking } from "../src/embedded/law-decision";
import { applySubjectPhrases } from "../src/embedded/subject-phrases";
import { TOPICS_GAP } from "../src/embedded/proximity";
import { FIELDS, idf, type RankingParameters } from "../src/embedded/ranking";

/** Article scores by slot, and the slots that have one. */
interface Scores {
  scores: Float64Array;
  touched: number[];
}

/** A law must be named at least this completely (IDF-weighted) for a cited article number to pin it. */
const LAW_NAMED = 0.5;
/** A cited article number with no law named: articles with that number get this share of the best score. */
const ARTICLE_NUMBER_BONUS = 0.1;
/** Scores this close (relatively) are a tie, which an in-force article wins over a repealed one. */
const TIE = 1e-9;

/** A query term and its weight (1 for the query's own words, less for family relatives and synonyms). */
interface WeightedTerm {
  term: string;
  weight: number;
}

/**
 * One query position scored as one BM25F term: its terms' weighted frequencies are summed before
 * saturation (Lucene's SynonymQuery), with the IDF of its own words (of its rarest relative when none
 * of them is indexed), times `boost`.
 */
interface Clause {
  terms: WeightedTerm[];
  boost: number;
  /** Its document frequency when none of its own words is indexed. */
  fallback?: number;
}

function documentFrequency(generation: Generation, term: string): number {
  return generation.postings.get(term)?.slots.length ?? 0;
}

/** BM25F over every article holding a query term (clause at a time). */
function bm25f(generation: Generation, clauses: readonly Clause[], ranking: RankingParameters): Scores {
  const scores = new Float64Array(generation.articles.length);
  const frequency = new Float64Array(generation.articles.length);
  const touched: number[] = [];
  const { lengths } = generation;
  const documents = generation.size;
  const fieldCount = FIELDS.length;
  const weights = FIELDS.map((field) => ranking[field].weight);
  const bs = FIELDS.map((field) => ranking[field].b);
  const averages = generation.totalLengths.map((total) => Math.max(total / Math.max(documents, 1), 1));
  const k1 = ranking.k1;
  for (const clause of clauses) {
    const own = Math.max(0, ...clause.terms.filter((t) => t.weight >= 1).map((t) => documentFrequency(generation, t.term)));
    const df = own > 0 ? own : (clause.fallback ?? 0);
    if (df === 0) continue;
    const clauseIdf = idf(df, documents) * (k1 + 1) * clause.boost;
    const hit: number[] = [];
    for (const { term, weight } of clause.terms) {
      const postings = generation.postings.get(term);
      if (!postings) continue;
      const { slots, frequencies } = postings;
      for (let i = 0; i < slots.length; i++) {
        const slot = slots[i]!;
        let tf = 0;
        for (let f = 0; f < fieldCount; f++) {
          const count = frequencies[i * fieldCount + f]!;
          if (count === 0) continue;
          const b = bs[f]!;
          tf += (weights[f]! * count) / (1 - b + (b * lengths[slot * fieldCount + f]!) / averages[f]!);
        }
        if (frequency[slot] === 0) hit.push(slot);
        frequency[slot]! += weight * tf;
      }
    }
    for (const slot of hit) {
      const tf = frequency[slot]!;
      frequency[slot] = 0;
      if (scores[slot] === 0) touched.push(slot);
      scores[slot]! += (clauseIdf * tf) / (k1 + tf);
    }
  }
  return { scores, touched };
}

/** The query's clauses, each with its family relatives and title-word weight; the cited number's words; synonym expansions. */
function queryClauses(generation: Generation, query: AnalyzedQuery, ranking: RankingParameters): Clause[] {
  const clauses: Clause[] = [];
  const boosts = titleWordWeights(query.clauses, generation.laws.mentioned(query.words), ranking.titleWords);
  query.clauses.forEach((clause, at) => {
    const terms = new Map<string, number>();
    for (const term of clause) terms.set(term, 1);
    const synonyms: string[] = [];
    const relatives: string[] = [];
    const add = (term: string, weight: number, into: string[]) => {
      if (terms.has(term)) return;
      terms.set(term, weight);
      into.push(term);
    };
    if (ranking.expansion > 0) for (const term of query.expansions[at] ?? []) add(term, ranking.expansion, synonyms);
    if (ranking.family > 0) for (const term of clause) for (const relative of generation.relatives(term)) add(relative, ranking.family, relatives);
    const fallback = clause.some((term) => documentFrequency(generation, term) > 0) ? undefined : rarest(generation, synonyms, relatives);
    clauses.push({ terms: [...terms].map(([term, weight]) => ({ term, weight })), boost: boosts[at]!, ...(fallback !== undefined && { fallback }) });
  });
  for (const clause of query.article?.clauses ?? []) clauses.push({ terms: clause.map((term) => ({ term, weight: 1 })), boost: 1 });
  return clauses;
}

/** The smallest non-zero document frequency of a synonym, or of the word family (articles holding any relative, counted article by article). */
function rarest(generation: Generation, synonyms: readonly string[], relatives: readonly string[]): number | undefined {
  const family = generation.articles.filter((article) => article?.terms.some((term) => relatives.includes(term))).length;
  const frequencies = [...synonyms.map((term) => documentFrequency(generation, term)), family].filter((df) => df > 0);
  return frequencies.length > 0 ? Math.min(...frequencies) : undefined;
}

/** The `count` best slots, best first. */
function best({ scores, touched }: Scores, count: number): number[] {
  return [...touched].sort((a, b) => scores[b]! - scores[a]!).slice(0, count);
}

/**
 * Proximity: for each pair of query clauses, the closest pair of their own words (within the window)
 * in the content, or in its topics after a gap, scores 1/distance times the smaller clause IDF; the sum, times the
 * weight, is added.
 */
function applyProximity(generation: Generation, { scores }: Scores, candidates: readonly number[], clauses: readonly Clause[], ranking: RankingParameters): void {
  const { weight, window } = ranking.proximity;
  if (weight <= 0) return;
  const index = new Map<string, number>();
  const idfs: number[] = [];
  for (const clause of clauses) {
    if (clause.boost < 1) continue;
    const at = idfs.length;
    let df = 0;
    for (const { term, weight: w } of clause.terms) {
      if (w < 1) continue;
      df = Math.max(df, documentFrequency(generation, term));
    }
    for (const { term, weight: w } of clause.terms) if (w >= 1 && !index.has(term)) index.set(term, at);
    idfs.push(idf(df, generation.size));
  }
  const n = idfs.length;
  if (n < 2) return;
  const last = new Int32Array(n);
  const closest = new Float64Array(n * n);
  for (const slot of candidates) {
    last.fill(-1_000_000);
    closest.fill(0);
    const topics = generation.termsOf(slot, FIELDS.indexOf("topics"));
    const sequence = [...generation.termsOf(slot, 0), ...(topics.length > 0 ? [...new Array<string>(TOPICS_GAP).fill(""), ...topics] : [])];
    for (let position = 0; position < sequence.length; position++) {
      const t = index.get(sequence[position]!);
      if (t === undefined) continue;
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
  const top = touched.reduce((max, slot) => Math.max(max, scores[slot]!), 0);
  const pinned = named.match >= LAW_NAMED;
  const slots = pinned ? generation.laws.articleSlots(named.lawIds, number) : generation.slotsWithNumber(number);
  for (const slot of slots) {
    if (scores[slot] === 0) touched.push(slot);
    scores[slot]! += pinned ? top + 1 : ARTICLE_NUMBER_BONUS * top + 1e-6;
  }
  return new Set(slots);
}

/**
 * IDF-weighted share of the query clauses the article covers; the cited article covers the cited number.
 * A clause found only through a synonym or a word-family relative counts with that term's weight
 * (partly covered), so everyday wording that the law states in its own words still counts.
 */
function coverage(generation: Generation, query: AnalyzedQuery, clauses: readonly Clause[], slot: number, isCited: boolean): number {
  const terms = new Set(generation.articles[slot]!.terms);
  let total = 0;
  let covered = 0;
  const own = query.clauses.length;
  clauses.forEach((clause, at) => {
    const weight = Math.max(...clause.terms.filter((t) => t.weight >= 1).map(({ term }) => idf(generation.postings.get(term)?.slots.length ?? 0, generation.size)));
    total += weight;
    const cited = at >= own && isCited;
    const credit = cited ? 1 : Math.max(0, ...clause.terms.filter(({ term }) => terms.has(term)).map((t) => Math.min(t.weight, 1)));
    covered += weight * credit;
  });
  return total === 0 ? 0 : covered / total;
}

/** The hits, best first, and the law-level decision behind them (best law first). */
export interface ReferenceResult {
  hits: SearchHit[];
  laws: LawRanking[];
}

export function referenceSearch(generation: Generation, query: AnalyzedQuery, limit: number, ranking: RankingParameters): ReferenceResult {
  const clauses = queryClauses(generation, query, ranking);
  const scored = bm25f(generation, clauses, ranking);
  const { scores } = scored;
  const candidates = best(scored, Math.max(ranking.lawEvidence.candidates, ranking.proximity.candidates, limit));
  applyDefinitions(scores, candidates, (slot) => opensDefinitions(generation.termsOf(slot, FIELDS.indexOf("lead"))), query, ranking);
  applyProximity(generation, scored, candidates.slice(0, ranking.proximity.candidates), clauses, ranking);
  applySubjectPhrases(scores, candidates.slice(0, ranking.proximity.candidates), (slot) => generation.articles[slot]!.id, query, ranking);
  const laws = decideLaws(generationLaws(generation), query, scored.scores, candidates.slice(0, ranking.lawEvidence.candidates), ranking);
  const cited = applyArticleReference(generation, query, scored);
  const pool = cited.size > 0 ? [...new Set([...candidates, ...cited])] : candidates;
  const inForceFirst = (a: number, b: number) => {
    const difference = scores[b]! - scores[a]!;
    if (Math.abs(difference) > TIE * Math.max(scores[a]!, scores[b]!)) return difference;
    return Number(generation.articles[a]!.status === "repealed") - Number(generation.articles[b]!.status === "repealed");
  };
  const top = pool.sort(inForceFirst).slice(0, limit);
  const hits = top.map((slot) => ({
    id: generation.articles[slot]!.id,
    score: scores[slot]!,
    coverage: coverage(generation, query, clauses, slot, cited.has(slot)),
  }));
  return { hits, laws: [...laws.values()].sort((a, b) => b.best - a.best) };
}
