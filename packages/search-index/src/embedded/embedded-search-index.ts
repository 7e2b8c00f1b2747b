import { randomUUID } from "node:crypto";
import { readFile, rename, writeFile } from "node:fs/promises";
import { analyzeQuery } from "../analysis/analyzer";
import type { IndexedArticle, SearchHit, SearchIndex, SearchOptions } from "../port";
import { Generation } from "./generation";
import { DEFAULT_RANKING, type RankingParameters } from "./ranking";
import { searchGeneration, type SearchResult } from "./search";
import { decodeSnapshot, encodeSnapshot } from "./snapshot";
import { warmUp } from "./warm-up";

const DEFAULT_LIMIT = 10;

/** The snapshot's file name beside a service's data (DATA_DIR). */
export const INDEX_SNAPSHOT_FILE = "knowledge-index.snapshot";

type Snapshot = NonNullable<ReturnType<typeof decodeSnapshot>>;

export interface EmbeddedSearchIndexOptions {
  /** Where `saveSnapshot` writes the active generation and `restoreSnapshot` reads it (no snapshots without it). */
  snapshotFile?: string;
  /**
   * Before `activate` makes the first generation the searched one, search it for up to this long with queries
   * made of its own articles (`warmUp`), so the first real searches run compiled code (default 0: none). A later
   * generation (a replace, while another is searched) is warmed for at most `REWARM_MS`: the code is compiled by
   * then, and a full warm-up beside a replace took CPU from the main thread on two cores (`/healthz` p99 during a
   * 2× replace 30–38 → 49–180 ms). A restored snapshot is not warmed: a restart's readiness would wait for it.
   */
  warmUpMs?: number;
}

/** The longest warm-up of a generation activated while another one is searched (see `warmUpMs`). */
const REWARM_MS = 300;

/** The embedded adapter: in-memory inverted indexes (one per generation), Arabic analysis, BM25F. */
export class EmbeddedSearchIndex implements SearchIndex {
  private readonly generations = new Map<string, Generation>();
  private active: string | undefined;
  /** The snapshot being written (writes go one after another; `close` waits for them). */
  private saving: Promise<void> = Promise.resolve();
  /** The snapshot read ahead by `prefetchSnapshot`, with the key it was saved under. */
  private prefetched: Promise<Snapshot | undefined> | undefined;

  constructor(
    private readonly ranking: RankingParameters = DEFAULT_RANKING,
    private readonly options: EmbeddedSearchIndexOptions = {},
  ) {}

  async createGeneration(): Promise<string> {
    const id = randomUUID();
    this.generations.set(id, new Generation());
    return id;
  }

  async index(generation: string, articles: readonly IndexedArticle[]): Promise<void> {
    const target = this.generation(generation);
    for (const article of articles) target.upsert(article);
  }

  async remove(generation: string, ids: readonly string[]): Promise<void> {
    const target = this.generation(generation);
    for (const id of ids) target.remove(id);
  }

  async activate(generation: string): Promise<void> {
    const target = this.generation(generation);
    const budget = this.active === undefined ? this.options.warmUpMs : Math.min(this.options.warmUpMs ?? 0, REWARM_MS);
    if (budget) await warmUp(target, this.ranking, budget);
    this.flip(generation);
  }

  private flip(generation: string): void {
    const previous = this.active;
    this.active = generation;
    if (previous !== undefined && previous !== generation) this.generations.delete(previous);
  }

  async discard(generation: string): Promise<void> {
    if (generation === this.active) throw new Error(`generation ${generation} is active and cannot be discarded`);
    this.generations.delete(generation);
  }

  async activeGeneration(): Promise<string | undefined> {
    return this.active;
  }

  async count(): Promise<number> {
    return this.active === undefined ? 0 : this.generation(this.active).size;
  }

  async search(query: string, options: SearchOptions = {}): Promise<SearchHit[]> {
    const limit = options.limit ?? DEFAULT_LIMIT;
    if (this.active === undefined || limit <= 0) return [];
    return (await this.explain(query, options)).hits;
  }

  /** The hits and the law-level decision behind them: each candidate law's kind, prior and evidence. */
  async explain(query: string, options: SearchOptions = {}): Promise<SearchResult> {
    const limit = options.limit ?? DEFAULT_LIMIT;
    if (this.active === undefined || limit <= 0) return { hits: [], laws: [] };
    return searchGeneration(this.generation(this.active), analyzeQuery(query, options.language), limit, this.ranking);
  }

  /** Writes the active generation to the snapshot file (a temporary file renamed over it: never half written). */
  async saveSnapshot(key: string): Promise<void> {
    const file = this.options.snapshotFile;
    if (file === undefined || this.active === undefined) return;
    const data = encodeSnapshot(this.generation(this.active), key);
    const temporary = `${file}.${process.pid}.tmp`;
    const write = this.saving.then(async () => {
      await writeFile(temporary, data);
      await rename(temporary, file);
    });
    this.saving = write.catch(() => undefined);
    return write;
  }

  /**
   * Reads and decodes the snapshot now, whatever its key (e.g. while the process starts, before the caller
   * knows the key): `restoreSnapshot` with that key then only activates it.
   */
  async prefetchSnapshot(): Promise<void> {
    this.prefetched = this.readSnapshot();
    await this.prefetched;
  }

  async restoreSnapshot(key: string): Promise<boolean> {
    const prefetched = await this.prefetched;
    this.prefetched = undefined;
    const snapshot = prefetched?.key === key ? prefetched : await this.readSnapshot(key);
    if (!snapshot) return false;
    const id = randomUUID();
    this.generations.set(id, snapshot.generation);
    this.flip(id);
    return true;
  }

  private async readSnapshot(key?: string): Promise<Snapshot | undefined> {
    const file = this.options.snapshotFile;
    const data = file === undefined ? undefined : await readFile(file).catch(() => undefined);
    return data && decodeSnapshot(data, key);
  }

  async close(): Promise<void> {
    await this.saving;
    this.prefetched = undefined;
    this.generations.clear();
    this.active = undefined;
  }

  private generation(id: string): Generation {
    const generation = this.generations.get(id);
    if (!generation) throw new Error(`unknown search-index generation ${id}`);
    return generation;
  }
}
