import { join } from "node:path";
import { z } from "zod";
import { env, openAdapter, runStandalone, serviceEnv } from "@qai/platform";
import { adapterEnv, openServiceAdapters } from "@qai/event-bus";
import { connectElasticsearchSearchIndex, DEFAULT_RANKING, INDEX_SNAPSHOT_FILE, isSearchIndexUrl, WorkerSearchIndex, type SearchIndex } from "@qai/search-index";
import { startKnowledgeService } from "./index";

const schema = z.object({
  ...serviceEnv,
  ...adapterEnv,
  SEARCH_URL: env.adapterUrl("embedded", isSearchIndexUrl, '"embedded" or an http(s):// Elasticsearch URL'),
  KNOWLEDGE_SEED_DIR: z.string().optional(),
});

/** The embedded index (in a worker, its snapshot under DATA_DIR) or Elasticsearch; an unreachable URL stops start-up. */
async function openSearchIndex(config: z.infer<typeof schema>): Promise<SearchIndex> {
  if (config.SEARCH_URL === "embedded") return new WorkerSearchIndex(DEFAULT_RANKING, { snapshotFile: join(config.DATA_DIR, INDEX_SNAPSHOT_FILE) });
  return openAdapter("SEARCH_URL", config.SEARCH_URL, () => connectElasticsearchSearchIndex(config.SEARCH_URL));
}

// Its own process: RECORD_STORE_URL, EVENT_BUS_URL and SEARCH_URL choose the adapters (SQLite, in-process and embedded by default).
void runStandalone("knowledge", schema, async (config, logger) =>
  startKnowledgeService({
    ...(await openServiceAdapters("knowledge", config)),
    index: await openSearchIndex(config),
    logger,
    bindAddress: `0.0.0.0:${config.GRPC_PORT}`,
    seedDir: config.KNOWLEDGE_SEED_DIR,
  }),
);
