import { randomUUID } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { Collection, Collections, StoredRecord, Transaction } from "@qai/record-store";
import type { EventEnvelope } from "./port";

/** An event to enqueue: id (random UUID), occurredAt (now) and headers ({}) are filled in when absent. */
export type NewEvent = Omit<EventEnvelope, "id" | "occurredAt" | "headers"> & Partial<Pick<EventEnvelope, "id" | "occurredAt" | "headers">>;

/** A pending event in the `outbox` collection; `seq` orders the rows, `payload` is base64. */
export interface OutboxRecord extends StoredRecord {
  seq: number;
  topic: string;
  key: string;
  type: string;
  payload: string;
  occurredAt: string;
  headers: Record<string, string>;
}

export const OUTBOX_COLLECTION = "outbox";

/** Rows written per turn of the event loop: a replace's ~1,500 events would hold it ~20 ms in one insert. */
const ROWS_PER_TURN = 250;

/** The outbox rows of a store, oldest first by `seq`. */
export function outboxRows(collections: Collections): Collection<OutboxRecord> {
  return collections.collection<OutboxRecord>(OUTBOX_COLLECTION, { indexes: ["seq"] });
}

/**
 * Writes events into the `outbox` collection of the service's own store, inside the transaction
 * that changes its state: the event exists if and only if the change committed. An OutboxRelay
 * publishes the rows afterwards.
 */
export class Outbox {
  async enqueue(tx: Transaction, event: NewEvent): Promise<EventEnvelope> {
    const [envelope] = await this.enqueueAll(tx, [event]);
    return envelope!;
  }

  /**
   * Enqueues several events in this order (a replace announces hundreds of laws at once), `ROWS_PER_TURN`
   * rows per write with a turn of the event loop between writes; all in the caller's transaction.
   */
  async enqueueAll(tx: Transaction, events: readonly NewEvent[]): Promise<EventEnvelope[]> {
    const envelopes = events.map(
      (event): EventEnvelope => ({
        ...event,
        id: event.id ?? randomUUID(),
        occurredAt: event.occurredAt ?? new Date().toISOString(),
        headers: event.headers ?? {},
      }),
    );
    if (envelopes.length === 0) return envelopes;
    const rows = outboxRows(tx);
    const newest = await rows.find({ orderBy: { field: "seq", direction: "desc" }, limit: 1 });
    const first = (newest.items[0]?.seq ?? 0) + 1;
    for (let from = 0; from < envelopes.length; from += ROWS_PER_TURN) {
      if (from > 0) await nextTurn();
      const batch = envelopes.slice(from, from + ROWS_PER_TURN);
      await rows.insertMany(batch.map((envelope, at) => toRecord(envelope, first + from + at)));
    }
    return envelopes;
  }
}

function toRecord(event: EventEnvelope, seq: number): OutboxRecord {
  const { id, topic, key, type, payload, occurredAt, headers } = event;
  return { id, seq, topic, key, type, payload: Buffer.from(payload).toString("base64"), occurredAt, headers };
}

export function toEnvelope(record: OutboxRecord): EventEnvelope {
  const { id, topic, key, type, payload, occurredAt, headers } = record;
  return { id, topic, key, type, payload: new Uint8Array(Buffer.from(payload, "base64")), occurredAt, headers };
}
