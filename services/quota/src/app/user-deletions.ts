import { fromBinary } from "@bufbuild/protobuf";
import { TOPICS, UserChangeKind, UserChangedSchema } from "@qai/contracts";
import { consume, type EventBus, type Subscription } from "@qai/event-bus";
import type { RecordStore } from "@qai/record-store";
import { userOwnerKey } from "../domain/budget";
import { deleteOwnerQuota } from "./reservations";

/** Account deletion (DESIGN §5): accounts.user.v1 DELETED removes that user's counters and reservations (today's e-mail counter stays, anonymous). */
export function subscribeUserDeletions(store: RecordStore, bus: EventBus, now: () => Date = () => new Date()): Promise<Subscription> {
  return consume(bus, store, {
    topic: TOPICS.accountsUser,
    group: "quota",
    decode: (payload) => fromBinary(UserChangedSchema, payload),
    handle: async (change, tx) => {
      if (change.kind !== UserChangeKind.DELETED || !change.userId) return;
      await deleteOwnerQuota(tx, userOwnerKey(change.userId), now());
    },
  });
}
