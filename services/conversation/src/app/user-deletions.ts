import { create, fromBinary } from "@bufbuild/protobuf";
import { OwnerSchema, TOPICS, UserChangeKind, UserChangedSchema } from "@qai/contracts";
import { consume, type EventBus, type Subscription } from "@qai/event-bus";
import type { RecordStore } from "@qai/record-store";
import { ownerKey } from "../domain/owner";
import { deleteOwnerData } from "./collections";

/**
 * Account deletion (DESIGN §5): accounts.user.v1 DELETED removes that user's conversations,
 * messages, question history, favorites and reactions.
 */
export function subscribeUserDeletions(store: RecordStore, bus: EventBus): Promise<Subscription> {
  return consume(bus, store, {
    topic: TOPICS.accountsUser,
    group: "conversation",
    decode: (payload) => fromBinary(UserChangedSchema, payload),
    accepts: (change) => change.kind === UserChangeKind.DELETED && Boolean(change.userId),
    handle: async (change, tx) => {
      await deleteOwnerData(tx, ownerKey(create(OwnerSchema, { kind: { case: "userId", value: change.userId } })));
    },
  });
}
