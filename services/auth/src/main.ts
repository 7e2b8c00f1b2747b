import { z } from "zod";
import { env, runStandalone, serviceEnv } from "@qai/platform";
import { authEnvSchema, startAuthService } from "./index";
import { keyStoreEnv, openAuthStore, requireSharedKeysSecret } from "./standalone";

const standaloneEnv = z
  .object({
    ...serviceEnv,
    ...authEnvSchema.shape,
    ...keyStoreEnv,
    AUTH_HTTP_PORT: env.port(9999),
    AUTH_HTTP_HOST: z.string().default("0.0.0.0"),
  })
  .superRefine(requireSharedKeysSecret);

// Its own process: RECORD_STORE_URL chooses the record store (SQLite by default; auth publishes no events).
void runStandalone("auth", standaloneEnv, async (config, logger) =>
  startAuthService({
    store: await openAuthStore(config),
    logger,
    config,
    dataDir: config.DATA_DIR,
    httpHost: config.AUTH_HTTP_HOST,
    httpPort: config.AUTH_HTTP_PORT,
    grpcBindAddress: `0.0.0.0:${config.GRPC_PORT}`,
  }),
);
