import type { RecordStore, Transaction } from "@qai/record-store";
import { idempotent } from "./idempotent";
import type { EventBus, Subscription } from "./port";

export interface ConsumeOptions<T> {
  topic: string;
  group: string;
  /** Decodes the payload, e.g. `(bytes) => fromBinary(UserChangedSchema, bytes)`. */
  decode: (payload: Uint8Array) => T;
  /** Runs in a transaction of the consumer's store, together with the record of the event id. */
  handle: (message: T, tx: Transaction) => Promise<void>;
}

/** Subscribes an idempotent consumer: each event's message is handled once, even when redelivered. */
export function consume<T>(bus: EventBus, store: RecordStore, { topic, group, decode, handle }: ConsumeOptions<T>): Promise<Subscription> {
  return bus.subscribe({ topic, group, handler: idempotent(store, group, (event, tx) => handle(decode(event.payload), tx)) });
}
