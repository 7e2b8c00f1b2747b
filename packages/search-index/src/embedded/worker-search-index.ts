import { existsSync } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import type { IndexedArticle, SearchHit, SearchIndex, SearchOptions } from "../port";
import type { EmbeddedSearchIndexOptions } from "./embedded-search-index";
import { DEFAULT_RANKING, type RankingParameters } from "./ranking";
import type { SearchResult } from "./search";
import type { IndexCall, IndexMethod, IndexMethodResult, IndexReply, IndexWorkerData } from "./worker-protocol";

/** Articles per message while indexing: searches posted meanwhile wait for one batch at most (~15 ms). */
const INDEX_BATCH = 200;

/**
 * The embedded search index in a worker thread: analysis, building, searching and snapshots run off
 * the caller's event loop (a full replace or a restart no longer stalls the process). Every call is one
 * message to an `EmbeddedSearchIndex` in the worker, answered in order, so the results are the same.
 * If the worker dies, the calls waiting on it fail and the next call starts a fresh (empty) worker.
 */
export class WorkerSearchIndex implements SearchIndex {
  private worker: Worker | undefined;
  private readonly waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private nextId = 0;

  constructor(
    private readonly ranking: RankingParameters = DEFAULT_RANKING,
    private readonly options: EmbeddedSearchIndexOptions = {},
  ) {}

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
    if (!this.worker) return;
    await this.call("close").catch(() => undefined);
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
    this.failWaiting(new Error("the search index was closed"));
  }

  private call<M extends IndexMethod>(method: M, ...args: unknown[]): Promise<IndexMethodResult<M>> {
    const worker = (this.worker ??= this.startWorker());
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.ref();
      worker.postMessage({ id, method, args } satisfies IndexCall);
    });
  }

  private startWorker(): Worker {
    const worker = spawnIndexWorker({ ranking: this.ranking, options: this.options });
    worker.on("message", (reply: IndexReply) => {
      const waiting = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (this.waiting.size === 0) worker.unref();
      if (reply.ok) waiting?.resolve(reply.value);
      else waiting?.reject(new Error(reply.message));
    });
    const lost = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.failWaiting(error);
    };
    worker.on("error", lost);
    worker.on("exit", (code) => lost(new Error(`the search-index worker exited with code ${code}`)));
    return worker;
  }

  private failWaiting(error: Error): void {
    for (const { reject } of this.waiting.values()) reject(error);
    this.waiting.clear();
  }
}

/** The compiled worker (dist); from the TypeScript sources (jest, tsx) the worker compiles them with tsx as it loads them. */
function spawnIndexWorker(workerData: IndexWorkerData): Worker {
  const compiled = join(__dirname, "index-worker.js");
  if (existsSync(compiled)) return new Worker(compiled, { workerData });
  const source = join(__dirname, "index-worker.ts");
  const code = `require(require.resolve("tsx/cjs", { paths: [${JSON.stringify(__dirname)}] }));\nrequire(${JSON.stringify(source)});`;
  return new Worker(code, { eval: true, workerData });
}
