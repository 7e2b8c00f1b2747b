import type { AnalyzedQuery } from "../analysis/analyzer";
import type { SearchHit } from "../port";
import type { Generation, StoredArticle } from "./generation";
import { applyDefinitions, opensDefinitions } from "./definitions";
import { decideLaws, generationLaws, titleWordWeights, type LawRanking } from "./law-decision";
import { applyProximity, proximitySequence, type Clause } from "./proximity";
import { FIELDS, idf, type RankingParameters } from "./ranking";
import { applySubjectPhrases } from "./subject-phrases";

/** A law must be named at least this completely (IDF-weighted) for a cited article number to pin it. */
const LAW_NAMED = 0.5;
/** A cited article number with no law named: articles with that number get this share of the best score. */
const ARTICLE_NUMBER_BONUS = 0.1;
/** Scores this close (relatively) are a tie, which an in-force article wins over a repealed one. */
const TIE = 1e-9;
/** The field of an article's first content terms (where a definitions article says so). */
const LEAD_FIELD = FIELDS.indexOf("lead");
const CONTENT_FIELD = FIELDS.indexOf("content");
const TOPICS_FIELD = FIELDS.indexOf("topics");

/** Each article's proximity sequence (`proximitySequence`), made on first use; an upsert stores a new article object. */
const sequences = new WeakMap<StoredArticle, Int32Array>();

function sequenceOf(article: StoredArticle): Int32Array {
  let sequence = sequences.get(article);
  if (!sequence) sequences.set(article, (sequence = proximitySequence(article.fields[CONTENT_FIELD]!, article.fields[TOPICS_FIELD]!)));
  return sequence;
}

function documentFrequency(generation: Generation, term: string): number {
  return generation.postings.get(term)?.slots.length ?? 0;
}

/**
 * Per generation: score, frequency and slot arrays sized to the corpus, reused by every query (scores and
 * frequencies all zero between queries). A query allocated ~0.2 MB for its list of scored slots alone, so
 * the young generation filled every ~40 searches and a scavenge (1–5 ms) landed in the search's tail.
 */
interface Scratch {
  scores: Float64Array;
  frequency: Float64Array;
  hit: Int32Array;
  touched: Int32Array;
}

const scratch = new WeakMap<Generation, Scratch>();

function scratchArrays(generation: Generation): Scratch {
  let arrays = scratch.get(generation);
  if (!arrays || arrays.scores.length < generation.articles.length) {
    const size = Math.max(generation.articles.length, 1024) * 2;
    arrays = { scores: new Float64Array(size), frequency: new Float64Array(size), hit: new Int32Array(size), touched: new Int32Array(size) };
    scratch.set(generation, arrays);
  }
  return arrays;
}

/** Article scores by slot, and the slots that have one: `touched[0 .. count)`, in the order first met. */
interface Scores {
  scores: Float64Array;
  touched: Int32Array;
  count: number;
}

/**
 * Per generation and ranking: each queried term's length-normalised, field-weighted frequency per
 * posting (BM25F's pseudo-frequency before saturation), computed once and reused until the generation
 * changes. The sum is the same expression in the same order as computed per query before, so scores are
 * bit-for-bit identical; a search then reads one number per posting instead of four fields.
 */
interface WeightedPostings {
  version: number;
  ranking: RankingParameters;
  terms: Map<string, Float64Array>;
}

const weightedCache = new WeakMap<Generation, WeightedPostings>();

function weightedFrequencies(generation: Generation, term: string, ranking: RankingParameters): Float64Array | undefined {
  let cache = weightedCache.get(generation);
  if (!cache || cache.version !== generation.version || cache.ranking !== ranking) {
    cache = { version: generation.version, ranking, terms: new Map() };
    weightedCache.set(generation, cache);
  }
  let weighted = cache.terms.get(term);
  if (weighted) return weighted;
  const postings = generation.postings.get(term);
  if (!postings) return undefined;
  const { lengths } = generation;
  const documents = generation.size;
  const fieldCount = FIELDS.length;
  const weights = FIELDS.map((field) => ranking[field].weight);
  const bs = FIELDS.map((field) => ranking[field].b);
  const averages = generation.totalLengths.map((total) => Math.max(total / Math.max(documents, 1), 1));
  const { slots, frequencies } = postings;
  weighted = new Float64Array(slots.length);
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i]!;
    let tf = 0;
    for (let f = 0; f < fieldCount; f++) {
      const count = frequencies[i * fieldCount + f]!;
      if (count === 0) continue;
      const b = bs[f]!;
      tf += (weights[f]! * count) / (1 - b + (b * lengths[slot * fieldCount + f]!) / averages[f]!);
    }
    weighted[i] = tf;
  }
  cache.terms.set(term, weighted);
  return weighted;
}

/**
 * BM25F over every article holding a query term (clause at a time), into the generation's reused
 * score array; `touched` lists the scored slots in the order they were first met. The caller zeroes them.
 */
function bm25f(generation: Generation, clauses: readonly Clause[], ranking: RankingParameters): Scores {
  const arrays = scratchArrays(generation);
  return { scores: arrays.scores, touched: arrays.touched, count: scoreClauses(generation, clauses, ranking, arrays) };
}

/**
 * `bm25f`'s loops; returns how many slots were scored. Kept apart from the result object: when V8 compiled the
 * loops on the stack during a warm-up, before any call had reached the object literal after them, every later
 * call deoptimised there (94 times over the first 300 dev questions after a build), and those questions took
 * 1.4–2.1× as long as once warm.
 */
function scoreClauses(generation: Generation, clauses: readonly Clause[], ranking: RankingParameters, { scores, frequency, hit, touched }: Scratch): number {
  let count = 0;
  const documents = generation.size;
  const k1 = ranking.k1;
  for (const clause of clauses) {
    const own = Math.max(0, ...clause.terms.filter((t) => t.weight >= 1).map((t) => documentFrequency(generation, t.term)));
    const df = own > 0 ? own : (clause.fallback ?? 0);
    if (df === 0) continue;
    const clauseIdf = idf(df, documents) * (k1 + 1) * clause.boost;
    let hits = 0;
    for (const { term, weight } of clause.terms) {
      const weighted = weightedFrequencies(generation, term, ranking);
      if (!weighted) continue;
      const { slots } = generation.postings.get(term)!;
      for (let i = 0; i < slots.length; i++) {
        const slot = slots[i]!;
        if (frequency[slot] === 0) hit[hits++] = slot;
        frequency[slot]! += weight * weighted[i]!;
      }
    }
    for (let h = 0; h < hits; h++) {
      const slot = hit[h]!;
      const tf = frequency[slot]!;
      frequency[slot] = 0;
      if (scores[slot] === 0) touched[count++] = slot;
      scores[slot]! += (clauseIdf * tf) / (k1 + tf);
    }
  }
  return count;
}

/**
 * The `count` best slots, best first, as a stable sort of `touched` by descending score would give them
 * (ties keep the order of first meeting), and the score of the best slot left out — a binary min-heap of
 * `count + 1` entries instead of a sort of every matching article.
 */
function best({ scores, touched, count: scored }: Scores, count: number): { candidates: number[]; next: number | undefined } {
  const capacity = count + 1;
  const heap = new Int32Array(capacity); // indexes into `touched`
  let size = 0;
  // a is worse than b: lower score, or the same score met later.
  const worse = (a: number, b: number) => {
    const sa = scores[touched[a]!]!;
    const sb = scores[touched[b]!]!;
    return sa < sb || (sa === sb && a > b);
  };
  const siftDown = () => {
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= size) return;
      const child = left + 1 < size && worse(heap[left + 1]!, heap[left]!) ? left + 1 : left;
      if (!worse(heap[child]!, heap[i]!)) return;
      const swap = heap[i]!;
      heap[i] = heap[child]!;
      heap[child] = swap;
      i = child;
    }
  };
  for (let at = 0; at < scored; at++) {
    if (size < capacity) {
      let i = size++;
      heap[i] = at;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!worse(heap[i]!, heap[parent]!)) break;
        const swap = heap[i]!;
        heap[i] = heap[parent]!;
        heap[parent] = swap;
        i = parent;
      }
    } else if (scores[touched[at]!]! > scores[touched[heap[0]!]!]!) {
      // Met after everything in the heap: it only enters with a strictly higher score.
      heap[0] = at;
      siftDown();
    }
  }
  const ranked: number[] = [];
  while (size > 0) {
    ranked.push(touched[heap[0]!]!);
    heap[0] = heap[--size]!;
    siftDown();
  }
  ranked.reverse();
  return { candidates: ranked.slice(0, count), next: ranked.length > count ? scores[ranked[count]!] : undefined };
}

/** Articles holding any of `terms` (the size of the union of their postings). */
function unionFrequency(generation: Generation, terms: readonly string[]): number {
  const slots = new Set<number>();
  for (const term of terms) for (const slot of generation.postings.get(term)?.slots ?? []) slots.add(slot);
  return slots.size;
}

/**
 * A clause's document frequency when none of its own words is indexed (see `Clause.fallback`): the
 * smallest non-zero of its synonyms' and its word family's; undefined when it has neither.
 */
function fallbackFrequency(generation: Generation, synonyms: readonly string[], relatives: readonly string[]): number | undefined {
  const candidates = [...synonyms.map((term) => documentFrequency(generation, term)), unionFrequency(generation, relatives)].filter((df) => df > 0);
  return candidates.length > 0 ? Math.min(...candidates) : undefined;
}

/** The query's clauses, each with its family relatives, its title-word weight; the cited number's words; synonym expansions. */
function queryClauses(generation: Generation, query: AnalyzedQuery, ranking: RankingParameters): Clause[] {
  const clauses: Clause[] = [];
  const boosts = titleWordWeights(query.clauses, generation.laws.mentioned(query.words), ranking.titleWords);
  query.clauses.forEach((clause, at) => {
    const terms = new Map<string, number>();
    for (const term of clause) terms.set(term, 1);
    const synonyms = ranking.expansion > 0 ? (query.expansions[at] ?? []).filter((term) => !terms.has(term)) : [];
    for (const term of synonyms) terms.set(term, ranking.expansion);
    const relatives = ranking.family > 0 ? [...new Set(clause.flatMap((term) => generation.relatives(term)))].filter((term) => !terms.has(term)) : [];
    for (const term of relatives) terms.set(term, ranking.family);
    const indexed = clause.some((term) => documentFrequency(generation, term) > 0);
    const fallback = indexed ? undefined : fallbackFrequency(generation, synonyms, relatives);
    // Every clause has the same three keys (one object shape: the scoring loops stay monomorphic).
    clauses.push({ terms: [...terms].map(([term, weight]) => ({ term, weight })), boost: boosts[at]!, fallback });
  });
  for (const clause of query.article?.clauses ?? []) clauses.push({ terms: clause.map((term) => ({ term, weight: 1 })), boost: 1, fallback: undefined });
  return clauses;
}

/**
 * A cited article number: when the query names a law, that law's article goes first (its score is
 * lifted above every other); otherwise articles with that number get a small bonus. `top` is the best
 * score of any article, candidate or not. Returns the slots taken as the cited article.
 */
function applyArticleReference(generation: Generation, query: AnalyzedQuery, scored: Scores, top: number): ReadonlySet<number> {
  if (!query.article) return new Set();
  const { number } = query.article;
  const named = generation.laws.named(new Set(query.clauses.flat()));
  const pinned = named.match >= LAW_NAMED;
  const slots = pinned ? generation.laws.articleSlots(named.lawIds, number) : generation.slotsWithNumber(number);
  const { scores, touched } = scored;
  for (const slot of slots) {
    if (scores[slot] === 0) touched[scored.count++] = slot;
    scores[slot]! += pinned ? top + 1 : ARTICLE_NUMBER_BONUS * top + 1e-6;
  }
  return new Set(slots);
}

/**
 * IDF-weighted share of the query clauses the article covers; the cited article covers the cited number.
 * A clause found only through a synonym or a word-family relative counts with that term's weight
 * (partly covered), so everyday wording that the law states in its own words still counts. The clauses'
 * weights are computed once per search, and an article's terms are matched against the query's without
 * building a set of each article's terms (that was a third of a search's allocations).
 */
function coverageOf(generation: Generation, query: AnalyzedQuery, clauses: readonly Clause[]): (slot: number, isCited: boolean) => number {
  const own = query.clauses.length;
  const weights = clauses.map((clause) => {
    let weight = -Infinity;
    for (const { term, weight: termWeight } of clause.terms) {
      if (termWeight >= 1) weight = Math.max(weight, idf(generation.postings.get(term)?.slots.length ?? 0, generation.size));
    }
    return weight;
  });
  const queryTerms = new Set(clauses.flatMap((clause) => clause.terms.map(({ term }) => term)));
  const present = new Set<string>();
  return (slot, isCited) => {
    present.clear();
    for (const term of generation.articles[slot]!.terms) if (queryTerms.has(term)) present.add(term);
    let total = 0;
    let covered = 0;
    clauses.forEach((clause, at) => {
      const weight = weights[at]!;
      total += weight;
      let credit = 0;
      if (at >= own && isCited) credit = 1;
      else for (const { term, weight: termWeight } of clause.terms) if (present.has(term)) credit = Math.max(credit, Math.min(termWeight, 1));
      covered += weight * credit;
    });
    return total === 0 ? 0 : covered / total;
  };
}

/** The hits, best first, and the law-level decision behind them (best law first). */
export interface SearchResult {
  hits: SearchHit[];
  laws: LawRanking[];
}

export function searchGeneration(generation: Generation, query: AnalyzedQuery, limit: number, ranking: RankingParameters): SearchResult {
  const clauses = queryClauses(generation, query, ranking);
  const scored = bm25f(generation, clauses, ranking);
  const { scores } = scored;
  try {
    const { candidates, next } = best(scored, Math.max(ranking.lawEvidence.candidates, ranking.proximity.candidates, limit));
    applyDefinitions(scores, candidates, (slot) => opensDefinitions(generation.termsOf(slot, LEAD_FIELD)), query, ranking);
    const proximity = {
      documentFrequency: (term: string) => documentFrequency(generation, term),
      documents: generation.size,
      code: (term: string) => generation.postings.get(term)?.code,
      codeCount: () => generation.codeCount,
      sequence: (slot: number) => sequenceOf(generation.articles[slot]!),
    };
    applyProximity(proximity, scores, candidates.slice(0, ranking.proximity.candidates), clauses, ranking);
    applySubjectPhrases(scores, candidates.slice(0, ranking.proximity.candidates), (slot) => generation.articles[slot]!.id, query, ranking);
    const laws = decideLaws(generationLaws(generation), query, scores, candidates.slice(0, ranking.lawEvidence.candidates), ranking);
    // The best score of all: the candidates' (changed above) or, below them, the best left out.
    let top = next ?? 0;
    for (const slot of candidates) top = Math.max(top, scores[slot]!);
    const cited = applyArticleReference(generation, query, scored, top);
    const pool = cited.size > 0 ? [...new Set([...candidates, ...cited])] : candidates;
    const inForceFirst = (a: number, b: number) => {
      const difference = scores[b]! - scores[a]!;
      if (Math.abs(difference) > TIE * Math.max(scores[a]!, scores[b]!)) return difference;
      return Number(generation.articles[a]!.status === "repealed") - Number(generation.articles[b]!.status === "repealed");
    };
    const ranked = pool.sort(inForceFirst).slice(0, limit);
    const coverage = coverageOf(generation, query, clauses);
    const hits = ranked.map((slot) => ({
      id: generation.articles[slot]!.id,
      score: scores[slot]!,
      coverage: coverage(slot, cited.has(slot)),
    }));
    return { hits, laws: [...laws.values()].sort((a, b) => b.best - a.best) };
  } finally {
    for (let at = 0; at < scored.count; at++) scores[scored.touched[at]!] = 0;
  }
}
