import { join } from "node:path";
import { z } from "zod";
import { env, runStandalone, serviceEnv } from "@qai/platform";
import { openSqliteRecordStore } from "@qai/record-store";
import { authEnvSchema, startAuthService } from "./index";

const standaloneEnv = z.object({ ...serviceEnv, ...authEnvSchema.shape, AUTH_HTTP_PORT: env.port(9999), AUTH_HTTP_HOST: z.string().default("0.0.0.0") });

// Standalone with the embedded SQLite store; the MongoDB adapter is chosen here when it exists.
void runStandalone("auth", standaloneEnv, async (config, logger) =>
  startAuthService({
    store: await openSqliteRecordStore({ file: join(config.DATA_DIR, "auth.db") }),
    logger,
    config,
    dataDir: config.DATA_DIR,
    httpHost: config.AUTH_HTTP_HOST,
    httpPort: config.AUTH_HTTP_PORT,
    grpcBindAddress: `0.0.0.0:${config.GRPC_PORT}`,
  }),
);
