import { fromBinary } from "@bufbuild/protobuf";
import { TOPICS, UserChangeKind, UserChangedSchema } from "@qai/contracts";
import { consume, type EventBus, type Subscription } from "@qai/event-bus";
import type { RecordStore } from "@qai/record-store";
import { RecordStoreQuotaCounters } from "../counters/record-store-counters";
import type { QuotaCounters } from "../counters/port";
import { riyadhDay, userOwnerKey } from "../domain/budget";
import { isAccountCounter } from "../domain/identity";
import { reservations } from "./records";

/** Account deletion (DESIGN §5): accounts.user.v1 DELETED removes that user's counters and reservations (today's e-mail counter stays, anonymous). */
export function subscribeUserDeletions(
  store: RecordStore,
  bus: EventBus,
  now: () => Date = () => new Date(),
  counters: QuotaCounters = new RecordStoreQuotaCounters(store),
): Promise<Subscription> {
  return consume(bus, store, {
    topic: TOPICS.accountsUser,
    group: "quota",
    decode: (payload) => fromBinary(UserChangedSchema, payload),
    accepts: (change) => change.kind === UserChangeKind.DELETED && Boolean(change.userId),
    handle: async (change, tx) => {
      // Account deletion: the user's reservations and counters go, except today's counter of the
      // account's e-mail, which stays (ownerless) until the day ends, so signing up again does not reset the day.
      const ownerKey = userOwnerKey(change.userId);
      const today = riyadhDay(now());
      await counters.within(tx).deleteOwner(ownerKey, (counterId) => isAccountCounter(counterId) && counterId.endsWith(`:${today}`));
      await reservations(tx).deleteMany({ ownerKey });
    },
  });
}

