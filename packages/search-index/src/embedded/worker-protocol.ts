import type { EmbeddedSearchIndex, EmbeddedSearchIndexOptions } from "./embedded-search-index";
import type { RankingParameters } from "./ranking";

/** What `WorkerSearchIndex` asks of the `EmbeddedSearchIndex` in its worker. */
export type IndexMethod =
  | "createGeneration"
  | "index"
  | "remove"
  | "activate"
  | "discard"
  | "activeGeneration"
  | "count"
  | "search"
  | "explain"
  | "saveSnapshot"
  | "prefetchSnapshot"
  | "restoreSnapshot"
  | "close";

export interface IndexCall {
  id: number;
  method: IndexMethod;
  args: unknown[];
}

/** The worker's answer: see `WorkerReply` (@qai/platform); a failure is its message. */
export type IndexReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

export interface IndexWorkerData {
  ranking: RankingParameters;
  options: EmbeddedSearchIndexOptions;
}

export type IndexMethodResult<M extends IndexMethod> = Awaited<ReturnType<EmbeddedSearchIndex[M]>>;
