import { join } from "node:path";
import { z } from "zod";
import { runStandalone, serviceEnv } from "@qai/platform";
import { InProcessEventBus } from "@qai/event-bus";
import { openSqliteRecordStore } from "@qai/record-store";
import { startConversationService } from "./index";

// Standalone with embedded adapters; the Kafka and MongoDB adapters are chosen here when they exist.
void runStandalone("conversation", z.object(serviceEnv), async (config, logger) =>
  startConversationService({
    store: await openSqliteRecordStore({ file: join(config.DATA_DIR, "conversation.db") }),
    bus: new InProcessEventBus(),
    logger,
    bindAddress: `0.0.0.0:${config.GRPC_PORT}`,
  }),
);
