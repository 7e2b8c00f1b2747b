// Not the package index: that loads gRPC, Redis and the logger, ~170 ms the product's early start cannot wait for.
import { spawnModuleWorker, WorkerCalls } from "@qai/platform/worker-calls";
import type { IndexedArticle, SearchHit, SearchIndex, SearchOptions } from "../port";
import type { EmbeddedSearchIndexOptions } from "./embedded-search-index";
import { DEFAULT_RANKING, type RankingParameters } from "./ranking";
import type { SearchResult } from "./search";
import type { IndexMethod, IndexMethodResult, IndexWorkerData } from "./worker-protocol";

/** Articles per message while indexing: searches posted meanwhile wait for one batch at most (~15 ms). */
const INDEX_BATCH = 200;
/** How long the worker warms a generation before activating it (`EmbeddedSearchIndexOptions.warmUpMs`), unless told. */
const WARM_UP_MS = 1500;

/**
 * The embedded search index in a worker thread: analysis, building, searching and snapshots run off
 * the caller's event loop (a full replace or a restart no longer stalls the process). Every call is one
 * message to an `EmbeddedSearchIndex` in the worker, answered in order, so the results are the same.
 * If the worker dies, the calls waiting on it fail and the next call starts a fresh (empty) worker.
 * A generation built here is warmed before it is activated (up to 1.5 s unless `options.warmUpMs` says otherwise;
 * searches of the generation still active go on meanwhile).
 */
export class WorkerSearchIndex implements SearchIndex {
  private readonly calls: WorkerCalls<string>;

  constructor(ranking: RankingParameters = DEFAULT_RANKING, options: EmbeddedSearchIndexOptions = {}) {
    const data: IndexWorkerData = { ranking, options: { warmUpMs: WARM_UP_MS, ...options } };
    this.calls = new WorkerCalls(() => spawnModuleWorker(__dirname, "index-worker", data), "the search-index worker", (message) => new Error(message));
  }

  createGeneration(): Promise<string> {
    return this.call("createGeneration");
  }

  async index(generation: string, articles: readonly IndexedArticle[]): Promise<void> {
    for (let start = 0; start < articles.length; start += INDEX_BATCH) await this.call("index", generation, articles.slice(start, start + INDEX_BATCH));
  }

  remove(generation: string, ids: readonly string[]): Promise<void> {
    return this.call("remove", generation, ids);
  }

  activate(generation: string): Promise<void> {
    return this.call("activate", generation);
  }

  discard(generation: string): Promise<void> {
    return this.call("discard", generation);
  }

  activeGeneration(): Promise<string | undefined> {
    return this.call("activeGeneration");
  }

  count(): Promise<number> {
    return this.call("count");
  }

  search(query: string, options?: SearchOptions): Promise<SearchHit[]> {
    return this.call("search", query, options);
  }

  /** See `EmbeddedSearchIndex.explain`. */
  explain(query: string, options?: SearchOptions): Promise<SearchResult> {
    return this.call("explain", query, options);
  }

  saveSnapshot(key: string): Promise<void> {
    return this.call("saveSnapshot", key);
  }

  /** See `EmbeddedSearchIndex.prefetchSnapshot`: the worker reads and decodes the snapshot meanwhile. */
  prefetchSnapshot(): Promise<void> {
    return this.call("prefetchSnapshot");
  }

  restoreSnapshot(key: string): Promise<boolean> {
    return this.call("restoreSnapshot", key);
  }

  /** Lets the worker finish what it was asked (a snapshot being written), then ends it. */
  async close(): Promise<void> {
    if (!this.calls.started) return;
    await this.call("close").catch(() => undefined);
    await this.calls.close();
  }

  private call<M extends IndexMethod>(method: M, ...args: unknown[]): Promise<IndexMethodResult<M>> {
    return this.calls.call({ method, args });
  }
}
