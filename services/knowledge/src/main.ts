import { join } from "node:path";
import { z } from "zod";
import { runStandalone, serviceEnv } from "@qai/platform";
import { InProcessEventBus } from "@qai/event-bus";
import { openSqliteRecordStore } from "@qai/record-store";
import { DEFAULT_RANKING, INDEX_SNAPSHOT_FILE, WorkerSearchIndex } from "@qai/search-index";
import { startKnowledgeService } from "./index";

const schema = z.object({ ...serviceEnv, KNOWLEDGE_SEED_DIR: z.string().optional() });

// Standalone with embedded adapters; the Elasticsearch, Kafka and MongoDB adapters are chosen here when they exist.
void runStandalone("knowledge", schema, async (config, logger) =>
  startKnowledgeService({
    store: await openSqliteRecordStore({ file: join(config.DATA_DIR, "knowledge.db") }),
    index: new WorkerSearchIndex(DEFAULT_RANKING, { snapshotFile: join(config.DATA_DIR, INDEX_SNAPSHOT_FILE) }),
    bus: new InProcessEventBus(),
    logger,
    bindAddress: `0.0.0.0:${config.GRPC_PORT}`,
    seedDir: config.KNOWLEDGE_SEED_DIR,
  }),
);
