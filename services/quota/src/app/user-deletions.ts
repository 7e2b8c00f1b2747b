import { fromBinary } from "@bufbuild/protobuf";
import { TOPICS, UserChangeKind, UserChangedSchema } from "@qai/contracts";
import { consume, type EventBus, type Subscription } from "@qai/event-bus";
import type { RecordStore, Transaction } from "@qai/record-store";
import { riyadhDay, userOwnerKey } from "../domain/budget";
import { isAccountCounter } from "../domain/identity";
import { DELETED_OWNER, counters, reservations } from "./records";

/** Account deletion (DESIGN §5): accounts.user.v1 DELETED removes that user's counters and reservations (today's e-mail counter stays, anonymous). */
export function subscribeUserDeletions(store: RecordStore, bus: EventBus, now: () => Date = () => new Date()): Promise<Subscription> {
  return consume(bus, store, {
    topic: TOPICS.accountsUser,
    group: "quota",
    decode: (payload) => fromBinary(UserChangedSchema, payload),
    accepts: (change) => change.kind === UserChangeKind.DELETED && Boolean(change.userId),
    handle: async (change, tx) => {
      await deleteOwnerQuota(tx, userOwnerKey(change.userId), now());
    },
  });
}

/**
 * Account deletion: the user's reservations and counters go, except today's counter of the account's
 * e-mail, which stays (anonymous) until the day ends, so re-creating the account does not reset the day.
 */
async function deleteOwnerQuota(tx: Transaction, ownerKey: string, now: Date): Promise<void> {
  const today = riyadhDay(now);
  for (let page = await counters(tx).find({ where: { ownerKey }, limit: 1000 }); page.items.length > 0; page = await counters(tx).find({ where: { ownerKey }, limit: 1000 })) {
    for (const counter of page.items) {
      if (isAccountCounter(counter.id) && counter.day === today) await counters(tx).put({ ...counter, ownerKey: DELETED_OWNER });
      else await counters(tx).delete(counter.id);
    }
  }
  await reservations(tx).deleteMany({ ownerKey });
}
