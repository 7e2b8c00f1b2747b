/**
 * The event-bus port. Services never publish directly: they write events into their own store's
 * outbox inside the transaction that changes their state (`Outbox.enqueue`), and an `OutboxRelay`
 * publishes them. Delivery is at least once; consumers are made idempotent with `idempotent()`.
 * Embedded adapter: in-process. Distributed adapter: Kafka. Contract suite: `test/contract-suite.ts`.
 */

export interface EventEnvelope {
  /** Unique per event; consumers remember it to ignore redeliveries. */
  id: string;
  /** e.g. "chat.exchange.v1". */
  topic: string;
  /** Events with the same key are delivered in order (Kafka partition key). */
  key: string;
  /** Fully qualified protobuf message name of the payload, e.g. "qai.events.v1.ChatExchange". */
  type: string;
  /** The protobuf-encoded payload. */
  payload: Uint8Array;
  /** ISO-8601 time the event happened. */
  occurredAt: string;
  /** Carried along, e.g. the request id. */
  headers: Record<string, string>;
}

export type EventHandler = (event: EventEnvelope) => Promise<void>;

export interface Subscription {
  /** Stops delivery to this handler; resolves when no delivery to it is in progress. */
  unsubscribe(): Promise<void>;
}

export interface SubscribeOptions {
  topic: string;
  /** Each event reaches one handler of each group (Kafka consumer group). */
  group: string;
  handler: EventHandler;
}

export interface EventBus {
  /**
   * Hands the events to the bus. Resolves once the bus has them durably: the embedded bus
   * resolves after every subscribed group has handled them (retrying failed handlers);
   * Kafka after the brokers acknowledge. Rejects if they could not be accepted.
   */
  publish(events: readonly EventEnvelope[]): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  close(): Promise<void>;
}
