import { join } from "node:path";
import { z } from "zod";
import { adapterEnv } from "@qai/event-bus";
import { env, openAdapter, runStandalone, serviceEnv } from "@qai/platform";
import { openRecordStoreAt } from "@qai/record-store";
import { authEnvSchema, startAuthService } from "./index";

const standaloneEnv = z.object({
  ...serviceEnv,
  RECORD_STORE_URL: adapterEnv.RECORD_STORE_URL,
  ...authEnvSchema.shape,
  AUTH_HTTP_PORT: env.port(9999),
  AUTH_HTTP_HOST: z.string().default("0.0.0.0"),
});

// Its own process: RECORD_STORE_URL chooses the record store (SQLite by default; auth publishes no events).
void runStandalone("auth", standaloneEnv, async (config, logger) =>
  startAuthService({
    store: await openAdapter("RECORD_STORE_URL", config.RECORD_STORE_URL, () =>
      openRecordStoreAt(config.RECORD_STORE_URL, { sqliteFile: join(config.DATA_DIR, "auth.db"), database: "qai-auth" }),
    ),
    logger,
    config,
    dataDir: config.DATA_DIR,
    httpHost: config.AUTH_HTTP_HOST,
    httpPort: config.AUTH_HTTP_PORT,
    grpcBindAddress: `0.0.0.0:${config.GRPC_PORT}`,
  }),
);
