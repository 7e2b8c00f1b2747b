import { z } from "zod";
import { adapterEnv, openServiceAdapters } from "@qai/event-bus";
import { env, runStandalone, serviceEnv } from "@qai/platform";
import { ACCOUNTS_DB_FILE, accountsEnvSchema, startAccountsService } from "./index";

const accountsEnv = z.object({
  ...serviceEnv,
  ...adapterEnv,
  AUTH_ADDR: env.address(),
  ...accountsEnvSchema.shape,
});

// Its own process: RECORD_STORE_URL and EVENT_BUS_URL choose the adapters (SQLite and in-process by default).
void runStandalone("accounts", accountsEnv, async (config, logger) =>
  startAccountsService({
    ...(await openServiceAdapters("accounts", config, ACCOUNTS_DB_FILE)),
    logger,
    bindAddress: `0.0.0.0:${config.GRPC_PORT}`,
    authAddress: config.AUTH_ADDR,
    adminEmails: config.ADMIN_EMAILS,
  }),
);
