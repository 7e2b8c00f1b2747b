import { fromBinary } from "@bufbuild/protobuf";
import { UserChangeKind, UserChangedSchema } from "@qai/contracts";
import { idempotent, type EventBus, type Subscription } from "@qai/event-bus";
import type { RecordStore } from "@qai/record-store";
import { userOwnerKey } from "../domain/budget";
import { deleteOwnerQuota } from "./quota-ledger";

export const ACCOUNTS_USER_TOPIC = "accounts.user.v1";
const GROUP = "quota";

/** Account deletion (DESIGN §5): accounts.user.v1 DELETED removes that user's counters and reservations. */
export function subscribeUserDeletions(store: RecordStore, bus: EventBus): Promise<Subscription> {
  return bus.subscribe({
    topic: ACCOUNTS_USER_TOPIC,
    group: GROUP,
    handler: idempotent(store, GROUP, async (event, tx) => {
      const change = fromBinary(UserChangedSchema, event.payload);
      if (change.kind !== UserChangeKind.DELETED || !change.userId) return;
      await deleteOwnerQuota(tx, userOwnerKey(change.userId));
    }),
  });
}
