import { z } from "zod";
import { adapterEnv, openServiceAdapters } from "@qai/event-bus";
import { ConfigError, runStandalone, serviceEnv } from "@qai/platform";
import { isQuotaStoreUrl, openQuotaCounters, quotaEnvSchema, quotaLimits, startQuotaService } from "./index";

// Its own process: RECORD_STORE_URL and EVENT_BUS_URL choose the adapters (SQLite and in-process by default);
// QUOTA_STORE_URL chooses where the question counters live: SQLite (the record store) or Redis.
const schema = z.object({
  ...serviceEnv,
  ...adapterEnv,
  ...quotaEnvSchema.shape,
  /** Where the question counters live: "sqlite" (quota.db, the default) or a redis:// URL (reservations stay in quota.db). */
  QUOTA_STORE_URL: z.string().trim().default("sqlite").refine(isQuotaStoreUrl, { message: 'QUOTA_STORE_URL must be "sqlite" or a redis:// (rediss://) URL' }),
});

void runStandalone("quota", schema, async (config, logger) => {
  const { store, bus } = await openServiceAdapters("quota", config);
  const counters = await openQuotaCounters(config.QUOTA_STORE_URL, store).catch((error: unknown) => {
    throw new ConfigError([(error as Error).message]);
  });
  return startQuotaService({
    store,
    counters,
    bus,
    logger,
    bindAddress: `0.0.0.0:${config.GRPC_PORT}`,
    limits: quotaLimits(config),
    reservationLeaseMs: config.QUOTA_RESERVATION_LEASE_MS,
  });
});
