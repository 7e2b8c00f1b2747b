import { QuotaService } from "@qai/contracts";
import type { EventBus } from "@qai/event-bus";
import { GrpcServer, serveGrpc, type Logger, type RunningService } from "@qai/platform";
import type { RecordStore } from "@qai/record-store";
import { QuotaLedger } from "./app/quota-ledger";
import type { QuotaLimits } from "./domain/budget";
import { subscribeUserDeletions } from "./app/user-deletions";
import { quotaHandlers } from "./grpc/handlers";

export { QuotaLedger, type QuotaLedgerOptions } from "./app/quota-ledger";
export { GUEST_IP_DAILY_QUESTION_LIMIT, GUEST_QUESTION_LIMIT, USER_DAILY_QUESTION_LIMIT, nextRiyadhMidnight, riyadhDay, type QuotaLimits } from "./domain/budget";

export interface QuotaServiceOptions {
  store: RecordStore;
  /** accounts.user.v1 arrives here: a deleted user's counters are removed. */
  bus: EventBus;
  logger: Logger;
  /** Where to listen, e.g. "127.0.0.1:0". */
  bindAddress: string;
  /** Budgets (defaults: 5 per guest session, 20 per user and day, 50 guest questions per IP and day). */
  limits?: Partial<QuotaLimits>;
  /** The clock (tests). */
  now?: () => Date;
}

/** Question budgets: guest sessions, per-session and per-day counters; forgets deleted users. */
export async function startQuotaService({ store, bus, logger, bindAddress, limits, now }: QuotaServiceOptions): Promise<RunningService> {
  const ledger = new QuotaLedger(store, { limits, now });
  await ledger.backfillOwnerKeys();
  const server = new GrpcServer(logger).add(QuotaService, quotaHandlers(ledger));
  const userDeletions = await subscribeUserDeletions(store, bus);
  return serveGrpc("quota", server, bindAddress, async () => {
    await userDeletions.unsubscribe();
    await store.close();
  });
}
