import type { RecordStore } from "@qai/record-store";
import { READ_MODELS } from "./collections";
import { kindOf } from "./consumers";
import { decodePayload, loggedEvents } from "./event-log";

/**
 * Rebuilds every read model from the event log, in one transaction: clears them, then replays the
 * logged events in handling order through the same projections the consumers use. The event log,
 * the processed event ids and the consumer lag stay. Resolves to the number of events replayed.
 */
export function rebuild(store: RecordStore): Promise<number> {
  return store.transaction(async (tx) => {
    for (const readModel of READ_MODELS) await readModel(tx).deleteMany({});
    let replayed = 0;
    for await (const logged of loggedEvents(tx)) {
      await kindOf(logged.topic).decode(decodePayload(logged)).project(tx, { eventId: logged.eventId, occurredAt: logged.occurredAt });
      replayed += 1;
    }
    return replayed;
  });
}
