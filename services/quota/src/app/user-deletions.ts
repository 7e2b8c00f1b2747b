import { fromBinary } from "@bufbuild/protobuf";
import { TOPICS, UserChangeKind, UserChangedSchema } from "@qai/contracts";
import { consume, type EventBus, type Subscription } from "@qai/event-bus";
import type { RecordStore } from "@qai/record-store";
import { userOwnerKey } from "../domain/budget";
import { deleteOwnerQuota } from "./quota-ledger";

/** Account deletion (DESIGN §5): accounts.user.v1 DELETED removes that user's counters and reservations. */
export function subscribeUserDeletions(store: RecordStore, bus: EventBus): Promise<Subscription> {
  return consume(bus, store, {
    topic: TOPICS.accountsUser,
    group: "quota",
    decode: (payload) => fromBinary(UserChangedSchema, payload),
    handle: async (change, tx) => {
      if (change.kind !== UserChangeKind.DELETED || !change.userId) return;
      await deleteOwnerQuota(tx, userOwnerKey(change.userId));
    },
  });
}
