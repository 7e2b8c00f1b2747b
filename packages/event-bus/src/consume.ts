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
  /**
   * The messages this consumer acts on (default: all). Others are skipped without a transaction or
   * a `processed_events` record: ignoring is idempotent by itself, and frequent events one consumer
   * does not need (accounts.user.v1 ACTIVE) would otherwise fill its store.
   */
  accepts?: (message: T) => boolean;
}

/** Subscribes an idempotent consumer: each event's message is handled once, even when redelivered. */
export function consume<T>(bus: EventBus, store: RecordStore, { topic, group, decode, handle, accepts }: ConsumeOptions<T>): Promise<Subscription> {
  const handleOnce = idempotent(store, group, (event, tx) => handle(decode(event.payload), tx));
  if (!accepts) return bus.subscribe({ topic, group, handler: handleOnce });
  return bus.subscribe({ topic, group, handler: async (event) => (accepts(decode(event.payload)) ? handleOnce(event) : undefined) });
}
