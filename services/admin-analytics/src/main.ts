import { join } from "node:path";
import { z } from "zod";
import { InProcessEventBus } from "@qai/event-bus";
import { runStandalone, serviceEnv } from "@qai/platform";
import { openSqliteRecordStore } from "@qai/record-store";
import { ANALYTICS_DB_FILE } from "./app/collections";
import { startAdminAnalyticsService } from "./index";

// Standalone with embedded adapters; the Kafka and MongoDB adapters are chosen here when they exist.
void runStandalone("admin-analytics", z.object(serviceEnv), async (config, logger) =>
  startAdminAnalyticsService({
    store: await openSqliteRecordStore({ file: join(config.DATA_DIR, ANALYTICS_DB_FILE) }),
    bus: new InProcessEventBus(),
    logger,
    bindAddress: `0.0.0.0:${config.GRPC_PORT}`,
  }),
);
