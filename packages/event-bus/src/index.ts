export * from "./port";
export { InProcessEventBus, DeliveryError, type InProcessEventBusOptions, type RetryOptions } from "./in-process";
export { Outbox, OUTBOX_COLLECTION, type NewEvent, type OutboxRecord } from "./outbox";
export { OutboxRelay, type OutboxRelayOptions, type RelayLogger } from "./relay";
export { idempotent, PROCESSED_EVENTS_COLLECTION, type ProcessedEvent } from "./idempotent";
export { consume, type ConsumeOptions } from "./consume";
// Kafka's adapter is opened through `openEventBusAt`, which loads kafkajs only for a kafka:// URL.
export type { KafkaEventBus, KafkaEventBusOptions } from "./kafka";
export { deadLetterTopic } from "./dead-letter";
export { isEventBusUrl, openEventBusAt } from "./open-url";
export { adapterEnv, openServiceAdapters, openServiceBus, openServiceStore } from "./service-adapters";
