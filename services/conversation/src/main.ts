import { z } from "zod";
import { adapterEnv, openServiceAdapters } from "@qai/event-bus";
import { runStandalone, serviceEnv } from "@qai/platform";
import { startConversationService } from "./index";

// Its own process: RECORD_STORE_URL and EVENT_BUS_URL choose the adapters (SQLite and in-process by default).
void runStandalone("conversation", z.object({ ...serviceEnv, ...adapterEnv }), async (config, logger) =>
  startConversationService({
    ...(await openServiceAdapters("conversation", config)),
    logger,
    bindAddress: `0.0.0.0:${config.GRPC_PORT}`,
  }),
);
