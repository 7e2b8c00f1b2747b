/**
 * The knowledge search-index port: full-text search over law articles.
 * Content lives in *generations*: a replace builds a new generation and `activate` flips to it in one
 * step (Elasticsearch: a new index, then the alias swap), so searches never see a half-built index.
 * Embedded adapter: in-memory Arabic analyzer + BM25. Distributed adapter: Elasticsearch.
 * Contract suite: `test/contract-suite.ts`.
 */

import type { RelevancePolicy } from "./relevance";

export type ArticleStatus = "in_force" | "repealed";

export interface IndexedArticle {
  /** "<law guid>#<article number>[suffix]". */
  id: string;
  lawId: string;
  lawName: string;
  lawNameEn?: string;
  articleNumber: number;
  articleSuffix?: string;
  articleTitle: string;
  content: string;
  status: ArticleStatus;
}

export interface SearchOptions {
  /** At most this many hits (default 10). */
  limit?: number;
  /** The language of the query; English queries are mapped onto Arabic legal terms. */
  language?: "ar" | "en";
}

export interface SearchHit {
  id: string;
  /** Ranking score, higher is better (not comparable across queries). */
  score: number;
  /**
   * How much of the query this article covers, 0..1: the IDF-weighted share of the query's terms
   * that occur in the article. Comparable across queries; used to decide "nothing relevant found".
   */
  coverage: number;
}

export interface SearchIndex {
  /**
   * When this adapter's hits are relevant enough to answer from (its score scale); the knowledge
   * service decides relevance with it. Absent: the embedded index's policy.
   */
  readonly relevance?: RelevancePolicy;
  /** Starts an empty generation and returns its id. */
  createGeneration(): Promise<string>;
  /** Adds or replaces articles (by id) in a generation. */
  index(generation: string, articles: readonly IndexedArticle[]): Promise<void>;
  /** Removes articles from a generation. */
  remove(generation: string, ids: readonly string[]): Promise<void>;
  /** Makes `generation` the one searched, in one step, and drops the one it replaces. */
  activate(generation: string): Promise<void>;
  /** Drops a generation that was never activated. */
  discard(generation: string): Promise<void>;
  /** The searched generation, if any. */
  activeGeneration(): Promise<string | undefined>;
  /** Articles in the active generation. */
  count(): Promise<number>;
  /** Searches the active generation; no active generation gives no hits. */
  search(query: string, options?: SearchOptions): Promise<SearchHit[]>;
  /**
   * Adapters that keep their index in memory (the embedded one) can keep a copy of the active generation
   * on disk, so a restart loads it instead of indexing every article again. `key` is the caller's version
   * of the content (e.g. its generation and revision); a no-op without a configured snapshot file.
   */
  saveSnapshot?(key: string): Promise<void>;
  /**
   * Loads the snapshot saved under `key` as the active generation. False, and nothing changes, when there
   * is none, it was saved under another key or by other index code, or it is damaged: then build the index.
   */
  restoreSnapshot?(key: string): Promise<boolean>;
  close(): Promise<void>;
}
