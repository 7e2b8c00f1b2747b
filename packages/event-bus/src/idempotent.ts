import type { RecordStore, StoredRecord, Transaction } from "@qai/record-store";
import type { EventEnvelope, EventHandler } from "./port";

/** An event a group has handled, kept in the consumer's `processed_events` collection. */
export interface ProcessedEvent extends StoredRecord {
  group: string;
  eventId: string;
  topic: string;
  processedAt: string;
}

export const PROCESSED_EVENTS_COLLECTION = "processed_events";

/**
 * Makes a handler effectively-once on top of at-least-once delivery: it runs inside a transaction
 * of the consumer's store that also records the event id for `group`; a redelivered event whose
 * id is recorded is skipped. If the handler throws, its writes and the record roll back together.
 */
export function idempotent(store: RecordStore, group: string, handler: (event: EventEnvelope, tx: Transaction) => Promise<void>): EventHandler {
  return (event) =>
    store.transaction(async (tx) => {
      const processed = tx.collection<ProcessedEvent>(PROCESSED_EVENTS_COLLECTION);
      const id = `${group}:${event.id}`;
      if (await processed.get(id)) return;
      await handler(event, tx);
      await processed.insert({ id, group, eventId: event.id, topic: event.topic, processedAt: new Date().toISOString() });
    });
}
