import { QuotaService } from "@qai/contracts";
import type { EventBus } from "@qai/event-bus";
import { GrpcServer, serveGrpc, type Logger, type RunningService } from "@qai/platform";
import type { RecordStore } from "@qai/record-store";
import { QuotaLedger } from "./app/quota-ledger";
import type { QuotaCounters } from "./counters/port";
import { RecordStoreQuotaCounters } from "./counters/record-store-counters";
import { DEFAULT_RESERVATION_LEASE_MS, Reservations } from "./app/reservations";
import type { QuotaLimits } from "./domain/budget";
import { subscribeUserDeletions } from "./app/user-deletions";
import { quotaHandlers } from "./grpc/handlers";

export { quotaEnvSchema, quotaLimits, type QuotaConfig } from "./config";
export { QuotaLedger, type QuotaLedgerOptions } from "./app/quota-ledger";
export { DEFAULT_RESERVATION_LEASE_MS, Reservations, type ReconcileResult, type Stage } from "./app/reservations";
export { accountKey } from "./domain/identity";
export type { CounterCharge, QuotaCounters, ReserveOutcome } from "./counters/port";
export { RecordStoreQuotaCounters } from "./counters/record-store-counters";
export { RedisQuotaCounters, type RedisQuotaCountersOptions } from "./counters/redis-counters";
export { isQuotaStoreUrl, openQuotaCounters } from "./counters/open";
export { GUEST_IP_DAILY_QUESTION_LIMIT, GUEST_QUESTION_LIMIT, USER_DAILY_QUESTION_LIMIT, nextRiyadhMidnight, riyadhDay, riyadhDayEnd, type QuotaLimits } from "./domain/budget";

export interface QuotaServiceOptions {
  store: RecordStore;
  /** Where the question counters live (default: `store`); closed with the service. */
  counters?: QuotaCounters;
  /** accounts.user.v1 arrives here: a deleted user's counters are removed. */
  bus: EventBus;
  logger: Logger;
  /** Where to listen, e.g. "127.0.0.1:0". */
  bindAddress: string;
  /** Budgets (defaults: 5 per guest session, 20 per user and day, 50 guest questions per IP and day). */
  limits?: Partial<QuotaLimits>;
  /** The clock (tests). */
  now?: () => Date;
  /**
   * Settle every unsettled reservation at start-up: true when the only gateway runs in this process
   * (the embedded default), so none of them can still be answering. Otherwise only expired ones are.
   */
  reconcileAllAtStart?: boolean;
  /** How long a reservation may stay unsettled (default 10 minutes). */
  reservationLeaseMs?: number;
}

/** Question budgets: guest sessions, per-session and per-day counters; forgets deleted users. */
export async function startQuotaService(options: QuotaServiceOptions): Promise<RunningService> {
  const { store, bus, logger, bindAddress, limits, now = () => new Date(), reservationLeaseMs = DEFAULT_RESERVATION_LEASE_MS } = options;
  const counters = options.counters ?? new RecordStoreQuotaCounters(store);
  const ledger = new QuotaLedger(store, { limits, now, counters });
  const reservations = new Reservations(store, now, counters);
  await ledger.backfillOwnerKeys();
  const expired = () => new Date(now().getTime() - reservationLeaseMs);
  const settled = await reservations.reconcile(options.reconcileAllAtStart ? new Date(now().getTime() + 1) : expired());
  if (settled.released + settled.refunded > 0) logger.warn(settled, "settled reservations left unsettled by a previous run");
  const sweep = setInterval(() => {
    reservations.reconcile(expired()).then(
      (result) => (result.released + result.refunded > 0 ? logger.warn(result, "settled expired reservations") : undefined),
      (error: unknown) => logger.error({ err: error }, "reconciling reservations failed"),
    );
  }, Math.max(1000, Math.min(60_000, reservationLeaseMs / 4)));
  sweep.unref();
  const server = new GrpcServer(logger).add(QuotaService, quotaHandlers(ledger, reservations));
  const userDeletions = await subscribeUserDeletions(store, bus, now, counters);
  return serveGrpc("quota", server, bindAddress, async () => {
    clearInterval(sweep);
    await userDeletions.unsubscribe();
    await counters.close();
    await store.close();
  });
}
