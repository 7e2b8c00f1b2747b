import { join, resolve } from "node:path";
import { DEFAULT_RANKING, INDEX_SNAPSHOT_FILE, WorkerSearchIndex } from "@qai/search-index/worker";

/** The knowledge service's search index: built and searched in a worker thread, its snapshot beside the data. */
export function knowledgeSearchIndex(dataDir: string): WorkerSearchIndex {
  return new WorkerSearchIndex(DEFAULT_RANKING, { snapshotFile: join(resolve(dataDir), INDEX_SNAPSHOT_FILE) });
}
