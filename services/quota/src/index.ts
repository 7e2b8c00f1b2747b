import { QuotaService } from "@qai/contracts";
import { GrpcServer, serveGrpc, type Logger, type RunningService } from "@qai/platform";
import type { RecordStore } from "@qai/record-store";
import { QuotaLedger } from "./app/quota-ledger";
import { quotaHandlers } from "./grpc/handlers";

export { QuotaLedger } from "./app/quota-ledger";
export { GUEST_QUESTION_LIMIT, USER_DAILY_QUESTION_LIMIT } from "./domain/budget";

export interface QuotaServiceOptions {
  store: RecordStore;
  logger: Logger;
  /** Where to listen, e.g. "127.0.0.1:0". */
  bindAddress: string;
}

/** Question budgets: guest sessions, per-session and per-day counters. */
export async function startQuotaService({ store, logger, bindAddress }: QuotaServiceOptions): Promise<RunningService> {
  const server = new GrpcServer(logger).add(QuotaService, quotaHandlers(new QuotaLedger(store)));
  return serveGrpc("quota", server, bindAddress, () => store.close());
}
