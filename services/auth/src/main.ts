import { z } from "zod";
import { adapterEnv, openServiceBus, openServiceStore } from "@qai/event-bus";
import { env, runStandalone, serviceEnv } from "@qai/platform";
import { authEnvSchema, startAuthService } from "./index";
import { keyStoreEnv, requireSharedKeysSecret } from "./standalone";

const standaloneEnv = z
  .object({
    ...serviceEnv,
    ...authEnvSchema.shape,
    ...keyStoreEnv,
    EVENT_BUS_URL: adapterEnv.EVENT_BUS_URL,
    AUTH_HTTP_PORT: env.port(9999),
    AUTH_HTTP_HOST: z.string().default("0.0.0.0"),
  })
  .superRefine(requireSharedKeysSecret);

// Its own process: RECORD_STORE_URL chooses the record store (SQLite by default), EVENT_BUS_URL where
// auth.session.v1 goes (in-process by default: then only /auth/v1 refuses an ended session's tokens).
void runStandalone("auth", standaloneEnv, async (config, logger) =>
  startAuthService({
    store: await openServiceStore("auth", config),
    bus: await openServiceBus("auth", config),
    logger,
    config,
    dataDir: config.DATA_DIR,
    httpHost: config.AUTH_HTTP_HOST,
    httpPort: config.AUTH_HTTP_PORT,
    grpcBindAddress: `0.0.0.0:${config.GRPC_PORT}`,
  }),
);
