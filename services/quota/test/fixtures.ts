import { create, toBinary } from "@bufbuild/protobuf";
import { OwnerSchema, UserChangeKind, UserChangedSchema, type Owner } from "@qai/contracts";
import { InProcessEventBus, type EventEnvelope } from "@qai/event-bus";
import { openSqliteRecordStore, type RecordStore } from "@qai/record-store";
import { QuotaLedger, type QuotaLedgerOptions } from "@qai/quota";
import { subscribeUserDeletions } from "../src/app/user-deletions";

export const user = (id: string): Owner => create(OwnerSchema, { kind: { case: "userId", value: id } });
export const guest = (id: string): Owner => create(OwnerSchema, { kind: { case: "guestSessionId", value: id } });

/** accounts.user.v1 DELETED for `userId` (the same `id` twice is a redelivery). */
export function userDeleted(userId: string, id = `deleted-${userId}`): EventEnvelope {
  return {
    id,
    topic: "accounts.user.v1",
    key: userId,
    type: UserChangedSchema.typeName,
    payload: toBinary(UserChangedSchema, create(UserChangedSchema, { userId, kind: UserChangeKind.DELETED })),
    occurredAt: new Date().toISOString(),
    headers: {},
  };
}

/** An in-memory store and bus, a ledger, and the user-deletion consumer, all on the clock `now`. */
export interface DeletionHarness {
  store: RecordStore;
  bus: InProcessEventBus;
  ledger: QuotaLedger;
  close(): Promise<void>;
}

export async function deletionHarness(now: () => Date, limits?: QuotaLedgerOptions["limits"]): Promise<DeletionHarness> {
  const store = await openSqliteRecordStore({ file: ":memory:" });
  const bus = new InProcessEventBus();
  const ledger = new QuotaLedger(store, { now, ...(limits ? { limits } : {}) });
  await subscribeUserDeletions(store, bus, now);
  return {
    store,
    bus,
    ledger,
    async close() {
      await bus.close();
      await store.close();
    },
  };
}
