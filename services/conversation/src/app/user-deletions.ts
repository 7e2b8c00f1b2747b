import { create, fromBinary } from "@bufbuild/protobuf";
import { OwnerSchema, UserChangeKind, UserChangedSchema } from "@qai/contracts";
import { idempotent, type EventBus, type Subscription } from "@qai/event-bus";
import type { RecordStore } from "@qai/record-store";
import { ownerKey } from "../domain/owner";
import { deleteOwnerData } from "./conversations";

export const ACCOUNTS_USER_TOPIC = "accounts.user.v1";
const GROUP = "conversation";

/** Account deletion (DESIGN §5): accounts.user.v1 DELETED removes that user's conversations and messages. */
export function subscribeUserDeletions(store: RecordStore, bus: EventBus): Promise<Subscription> {
  return bus.subscribe({
    topic: ACCOUNTS_USER_TOPIC,
    group: GROUP,
    handler: idempotent(store, GROUP, async (event, tx) => {
      const change = fromBinary(UserChangedSchema, event.payload);
      if (change.kind !== UserChangeKind.DELETED || !change.userId) return;
      await deleteOwnerData(tx, ownerKey(create(OwnerSchema, { kind: { case: "userId", value: change.userId } })));
    }),
  });
}
