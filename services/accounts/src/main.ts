import { join } from "node:path";
import { z } from "zod";
import { InProcessEventBus } from "@qai/event-bus";
import { env, runStandalone, serviceEnv } from "@qai/platform";
import { openSqliteRecordStore } from "@qai/record-store";
import { ACCOUNTS_DB_FILE, parseAdminEmails, startAccountsService } from "./index";

const accountsEnv = z.object({
  ...serviceEnv,
  AUTH_ADDR: env.address(),
  ADMIN_EMAILS: z.string().default("").transform(parseAdminEmails),
});

// Standalone with embedded adapters; the Kafka and MongoDB adapters are chosen here when they exist.
void runStandalone("accounts", accountsEnv, async (config, logger) =>
  startAccountsService({
    store: await openSqliteRecordStore({ file: join(config.DATA_DIR, ACCOUNTS_DB_FILE) }),
    bus: new InProcessEventBus(),
    logger,
    bindAddress: `0.0.0.0:${config.GRPC_PORT}`,
    authAddress: config.AUTH_ADDR,
    adminEmails: config.ADMIN_EMAILS,
  }),
);
