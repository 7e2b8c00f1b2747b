import { randomUUID } from "node:crypto";
import { analyzeQuery } from "../analysis/analyzer";
import type { IndexedArticle, SearchHit, SearchIndex, SearchOptions } from "../port";
import { Generation } from "./generation";
import { DEFAULT_RANKING, type RankingParameters } from "./ranking";
import { searchGeneration, type SearchResult } from "./search";

const DEFAULT_LIMIT = 10;

/** The embedded adapter: in-memory inverted indexes (one per generation), Arabic analysis, BM25F. */
export class EmbeddedSearchIndex implements SearchIndex {
  private readonly generations = new Map<string, Generation>();
  private active: string | undefined;

  constructor(private readonly ranking: RankingParameters = DEFAULT_RANKING) {}

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
    this.generation(generation);
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

  async close(): Promise<void> {
    this.generations.clear();
    this.active = undefined;
  }

  private generation(id: string): Generation {
    const generation = this.generations.get(id);
    if (!generation) throw new Error(`unknown search-index generation ${id}`);
    return generation;
  }
}
