import { z } from "zod";
import { adapterEnv, openServiceAdapters } from "@qai/event-bus";
import { runStandalone, serviceEnv } from "@qai/platform";
import { ANALYTICS_DB_FILE } from "./app/collections";
import { startAdminAnalyticsService } from "./index";

// Its own process: RECORD_STORE_URL and EVENT_BUS_URL choose the adapters (SQLite and in-process by default).
void runStandalone("admin-analytics", z.object({ ...serviceEnv, ...adapterEnv }), async (config, logger) =>
  startAdminAnalyticsService({
    ...(await openServiceAdapters("admin-analytics", config, ANALYTICS_DB_FILE)),
    logger,
    bindAddress: `0.0.0.0:${config.GRPC_PORT}`,
  }),
);
