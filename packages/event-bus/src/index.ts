export * from "./port";
export { InProcessEventBus, DeliveryError, type InProcessEventBusOptions, type RetryOptions } from "./in-process";
export { Outbox, OUTBOX_COLLECTION, type NewEvent, type OutboxRecord } from "./outbox";
export { OutboxRelay, type OutboxRelayOptions, type RelayLogger } from "./relay";
export { idempotent, PROCESSED_EVENTS_COLLECTION, type ProcessedEvent } from "./idempotent";
export { consume, type ConsumeOptions } from "./consume";
export { createKafkaEventBus, deadLetterTopic, KafkaEventBus, type KafkaEventBusOptions } from "./kafka";
export { isEventBusUrl, openEventBusAt } from "./open-url";
export { adapterEnv, openServiceAdapters, openServiceBus, openServiceStore } from "./service-adapters";
