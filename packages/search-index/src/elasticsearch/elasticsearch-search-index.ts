import { randomBytes } from "node:crypto";
import { Client, errors, type estypes } from "@elastic/elasticsearch";
import { analyzeQuery } from "../analysis/analyzer";
import { titleWordWeights } from "../embedded/law-decision";
import { DEFAULT_RANKING } from "../embedded/ranking";
import type { IndexedArticle, SearchHit, SearchIndex, SearchOptions } from "../port";
import { articleDocument, generationIndexBody, type ArticleDocument } from "./documents";
import { LawTitles } from "./law-titles";
import { coverage, documentFrequencyAggregation, queryPlan, type QueryPlan } from "./query";
import { bm25fScore, familyFrequencies, fieldAverages, positionsOf, statisticsAggregations, type CorpusStatistics, type GlobalAggregation, type Position } from "./bm25f";
import { candidateOf, ELASTICSEARCH_SCORES, rerank, RERANK_SOURCE, RERANKED, type Candidate } from "./rerank";

export interface ElasticsearchSearchIndexOptions {
  /** The alias searched; generation indices are named `<alias>-<generation>` (default "qai-articles"). */
  alias?: string;
  /** Replicas of each generation index (default 0: a single node). */
  replicas?: number;
  /** Articles per bulk request (default 1000). */
  batchSize?: number;
}

/** A law must be named at least this much (share of its name's terms in the query) for a cited number to pin it. */
const LAW_NAMED = 0.5;
/** A cited number with no law named: articles with that number get this share of the best score. */
const ARTICLE_NUMBER_BONUS = 0.1;
/** Candidates fetched with a cited article number. */
const CITED_CANDIDATES = 100;

const notFound = (error: unknown) => error instanceof errors.ResponseError && error.statusCode === 404;

/**
 * The search-index port on Elasticsearch: one index per generation, an alias on the active one, swapped
 * (and the replaced index dropped) in one `_aliases` call. Text is analysed in TypeScript (see
 * `documents.ts`); ranking is per-field BM25 with the embedded field weights, synonyms and word families as
 * down-weighted parts of each query position, and the cited-article rule applied on the hits.
 */
export class ElasticsearchSearchIndex implements SearchIndex {
  private readonly alias: string;
  private readonly replicas: number;
  private readonly batchSize: number;
  private readonly lawTitles: LawTitles;

  private constructor(private readonly client: Client, options: ElasticsearchSearchIndexOptions) {
    this.alias = options.alias ?? "qai-articles";
    this.replicas = options.replicas ?? 0;
    this.batchSize = options.batchSize ?? 1000;
    this.lawTitles = new LawTitles(client);
  }

  /** Connects and checks that the server answers (rejects otherwise). */
  static async connect(url: string, options: ElasticsearchSearchIndexOptions = {}): Promise<ElasticsearchSearchIndex> {
    const client = new Client({ node: url, requestTimeout: 60_000 });
    try {
      await client.cluster.health();
    } catch (error) {
      await client.close();
      throw error;
    }
    return new ElasticsearchSearchIndex(client, options);
  }

  private indexName(generation: string): string {
    return `${this.alias}-${generation}`;
  }

  async createGeneration(): Promise<string> {
    const generation = `${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;
    await this.client.indices.create({ index: this.indexName(generation), ...generationIndexBody(this.replicas) });
    return generation;
  }

  /** Refuses a generation that does not exist (a bulk request would otherwise create an index). */
  private async existing(generation: string): Promise<string> {
    const index = this.indexName(generation);
    if (!(await this.client.indices.exists({ index }))) throw new Error(`unknown generation ${generation}`);
    return index;
  }

  /** Writes to the active generation are visible at once; a generation being built refreshes on activation. */
  private async refreshMode(generation: string): Promise<boolean> {
    return (await this.activeGeneration()) === generation;
  }

  async index(generation: string, articles: readonly IndexedArticle[]): Promise<void> {
    const index = await this.existing(generation);
    const refresh = await this.refreshMode(generation);
    this.lawTitles.forget(index);
    for (let start = 0; start < articles.length; start += this.batchSize) {
      const operations = articles.slice(start, start + this.batchSize).flatMap((article) => [{ index: { _index: index, _id: article.id } }, articleDocument(article)]);
      const response = await this.client.bulk({ operations, refresh });
      if (response.errors) {
        const failed = response.items.find((item) => item.index?.error)?.index;
        throw new Error(`bulk indexing into ${index} failed: ${failed?.error?.reason ?? "unknown error"} (${failed?._id})`);
      }
    }
  }

  async remove(generation: string, ids: readonly string[]): Promise<void> {
    const index = await this.existing(generation);
    if (ids.length === 0) return;
    this.lawTitles.forget(index);
    const response = await this.client.bulk({ operations: ids.map((id) => ({ delete: { _index: index, _id: id } })), refresh: await this.refreshMode(generation) });
    const failed = response.items.find((item) => item.delete?.error && item.delete.status !== 404)?.delete;
    if (failed) throw new Error(`removing from ${index} failed: ${failed.error?.reason ?? "unknown error"} (${failed._id})`);
  }

  async activate(generation: string): Promise<void> {
    const index = await this.existing(generation);
    await this.client.indices.refresh({ index });
    const previous = await this.activeIndex();
    if (previous === index) return;
    const actions: estypes.IndicesUpdateAliasesAction[] = [{ add: { index, alias: this.alias } }];
    if (previous) actions.push({ remove_index: { index: previous } });
    await this.client.indices.updateAliases({ actions });
  }

  async discard(generation: string): Promise<void> {
    if ((await this.activeGeneration()) === generation) throw new Error(`cannot discard the active generation ${generation}`);
    await this.client.indices.delete({ index: this.indexName(generation) }).catch((error: unknown) => {
      if (!notFound(error)) throw error;
    });
  }

  private async activeIndex(): Promise<string | undefined> {
    try {
      return Object.keys(await this.client.indices.getAlias({ name: this.alias }))[0];
    } catch (error) {
      if (notFound(error)) return undefined;
      throw error;
    }
  }

  async activeGeneration(): Promise<string | undefined> {
    return (await this.activeIndex())?.slice(this.alias.length + 1);
  }

  async count(): Promise<number> {
    try {
      return (await this.client.count({ index: this.alias })).count;
    } catch (error) {
      if (notFound(error)) return 0;
      throw error;
    }
  }

  async search(text: string, options: SearchOptions = {}): Promise<SearchHit[]> {
    const limit = options.limit ?? 10;
    const analyzed = analyzeQuery(text, options.language);
    const plan = queryPlan(analyzed);
    const positions = positionsOf(plan);
    if (plan.positions.length === 0) return [];
    let response: estypes.SearchResponse<ArticleDocument>;
    try {
      response = await this.client.search<ArticleDocument>({
        index: this.alias,
        size: Math.max(limit, RERANKED),
        query: plan.query,
        sort: [{ _score: { order: "desc" } }, { repealed: { order: "asc" } }],
        track_scores: true,
        _source: RERANK_SOURCE,
        aggs: documentFrequencyAggregation(plan.terms, statisticsAggregations(positions)),
      });
    } catch (error) {
      if (notFound(error)) return [];
      throw error;
    }
    const all = response.aggregations?.all as ({ doc_count: number; terms: { buckets: Record<string, { doc_count: number }> } } & GlobalAggregation) | undefined;
    const documents = all?.doc_count ?? 0;
    const frequencies = new Map(Object.entries(all?.terms.buckets ?? {}).map(([term, bucket]) => [term, bucket.doc_count]));
    const statistics: CorpusStatistics = { documents, frequencies, families: familyFrequencies(all), averages: fieldAverages(all, documents) };
    const index = response.hits.hits[0]?._index;
    const laws = index ? await this.lawTitles.of(index, new Set(response.hits.hits.map((hit) => hit._source?.lawId ?? ""))) : undefined;
    // The embedded BM25F weighs a word of a law's title the question writes less (`titleWordWeights`).
    const boosts = laws ? titleWordWeights(analyzed.clauses, laws.mentioned(analyzed.words), DEFAULT_RANKING.titleWords) : [];
    const weighted = positionsOf(plan, boosts);
    const score = this.scorer(weighted, statistics);
    // Best first by the embedded BM25F, as the embedded ranker's candidates are.
    let candidates = response.hits.hits.map((hit) => candidateOf(hit, false, score(hit))).sort((a, b) => b.score - a.score);
    if (laws) rerank(candidates, weighted, analyzed, { frequencies, documents }, laws, statistics.averages ? DEFAULT_RANKING : ELASTICSEARCH_SCORES);
    if (analyzed.article) candidates = await this.withCitedArticle(plan, analyzed.article.number, new Set(analyzed.clauses.flat()), candidates, score);
    return candidates
      .sort((a, b) => b.score - a.score || Number(a.repealed) - Number(b.repealed))
      .slice(0, limit)
      .map((candidate) => ({ id: candidate.id, score: candidate.score, coverage: coverage(plan, frequencies, documents, candidate.matched, candidate.cited) }));
  }

  /**
   * The cited-article rule of the embedded index: the articles with the cited number of the law the query
   * names best (at least half of its name's terms) go first; with no law named they get a small bonus.
   */
  private async withCitedArticle(plan: QueryPlan, number: number, queryTerms: ReadonlySet<string>, hits: Candidate[], score: HitScore): Promise<Candidate[]> {
    const response = await this.client.search<ArticleDocument>({
      index: this.alias,
      size: CITED_CANDIDATES,
      query: { bool: { filter: [{ term: { articleNumber: number } }], should: [plan.query] } },
      track_scores: true,
      _source: RERANK_SOURCE,
    });
    const named = new Map<string, number>();
    for (const hit of response.hits.hits) {
      const terms = (hit._source?.law ?? "").split(" ").filter(Boolean);
      named.set(hit._source?.lawId ?? "", terms.length === 0 ? 0 : terms.filter((term) => queryTerms.has(term)).length / terms.length);
    }
    const best = Math.max(0, ...named.values());
    const top = Math.max(0, ...hits.map((hit) => hit.score), response.hits.max_score ?? 0);
    const byId = new Map(hits.map((hit) => [hit.id, hit]));
    for (const hit of response.hits.hits) {
      const pinned = best >= LAW_NAMED && named.get(hit._source?.lawId ?? "") === best;
      if (best >= LAW_NAMED && !pinned) continue;
      const candidate = byId.get(hit._id!) ?? candidateOf(hit, true, score(hit));
      candidate.cited = true;
      candidate.score += pinned ? top + 1 : ARTICLE_NUMBER_BONUS * top + 1e-6;
      byId.set(candidate.id, candidate);
    }
    return [...byId.values()];
  }

  /** A hit's embedded BM25F score, or undefined (Elasticsearch's own score) for a generation indexed without field lengths. */
  private scorer(positions: readonly Position[], statistics: CorpusStatistics): HitScore {
    const { averages } = statistics;
    if (!averages) return () => undefined;
    return (hit) => bm25fScore(hit._source ?? {}, positions, statistics, averages, DEFAULT_RANKING);
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}

type HitScore = (hit: estypes.SearchHit<ArticleDocument>) => number | undefined;

