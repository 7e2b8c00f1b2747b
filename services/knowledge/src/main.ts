import { join } from "node:path";
import { z } from "zod";
import { runStandalone, serviceEnv } from "@qai/platform";
import { adapterEnv, openServiceAdapters } from "@qai/event-bus";
import { DEFAULT_RANKING, INDEX_SNAPSHOT_FILE, WorkerSearchIndex } from "@qai/search-index";
import { startKnowledgeService } from "./index";

const schema = z.object({ ...serviceEnv, ...adapterEnv, KNOWLEDGE_SEED_DIR: z.string().optional() });

// Its own process: RECORD_STORE_URL and EVENT_BUS_URL choose the adapters (SQLite and in-process by default); the search index is the embedded one.
void runStandalone("knowledge", schema, async (config, logger) =>
  startKnowledgeService({
    ...(await openServiceAdapters("knowledge", config)),
    index: new WorkerSearchIndex(DEFAULT_RANKING, { snapshotFile: join(config.DATA_DIR, INDEX_SNAPSHOT_FILE) }),
    logger,
    bindAddress: `0.0.0.0:${config.GRPC_PORT}`,
    seedDir: config.KNOWLEDGE_SEED_DIR,
  }),
);
