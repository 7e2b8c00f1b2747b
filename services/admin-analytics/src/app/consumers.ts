import { idempotent, type EventBus, type EventEnvelope, type Subscription } from "@qai/event-bus";
import type { RecordStore, Transaction } from "@qai/record-store";
import { recordConsumed } from "./consumer-lag";
import type { EventKind } from "./event-kind";
import { appendToLog, eraseUserFromLog } from "./event-log";
import { documentEvents, knowledgeBaseEvents } from "./projections/audit";
import { lawEvents } from "./projections/citations";
import { exchangeEvents } from "./projections/exchanges";
import { feedbackEvents } from "./projections/feedback";
import { userEvents } from "./projections/users";
import { isDeletedUser } from "./user-directory";

/** The consumer group of every topic. */
export const ANALYTICS_GROUP = "admin-analytics";

export const EVENT_KINDS: readonly EventKind[] = [exchangeEvents, feedbackEvents, userEvents, lawEvents, knowledgeBaseEvents, documentEvents];

export function kindOf(topic: string): EventKind {
  const kind = EVENT_KINDS.find((candidate) => candidate.topic === topic);
  if (!kind) throw new Error(`admin-analytics does not consume ${topic}`);
  return kind;
}

/**
 * Handles one delivered event inside the consumer's transaction: redacts it (guest ids always; a
 * deleted user's id and profile), appends it to the event log, projects it, and counts it for the
 * consumer lag. A deletion first erases that user from the events already logged.
 */
async function handleEvent(tx: Transaction, envelope: EventEnvelope, now: Date): Promise<void> {
  const kind = kindOf(envelope.topic);
  const event = kind.decode(envelope.payload);
  const occurredAt = event.occurredAt(isoOr(envelope.occurredAt, now));
  const subject = event.userId();
  const forget = event.deletesUser || (subject !== undefined && (await isDeletedUser(tx, subject)));
  const redacted = event.redact(forget);
  if (event.deletesUser && subject) await eraseUserFromLog(tx, subject, kindOf);
  const userId = event.userId();
  await appendToLog(tx, {
    eventId: envelope.id,
    topic: kind.topic,
    type: kind.type,
    occurredAt,
    payload: Buffer.from(redacted ? event.encode() : envelope.payload).toString("base64"),
    ...(userId ? { userId } : {}),
  });
  await event.project(tx, { eventId: envelope.id, occurredAt });
  await recordConsumed(tx, kind.topic, ANALYTICS_GROUP, occurredAt, now);
}

/** Subscribes the idempotent consumers of every topic (a redelivered event id is skipped). */
export function subscribeConsumers(store: RecordStore, bus: EventBus, now: () => Date): Promise<Subscription[]> {
  const handler = idempotent(store, ANALYTICS_GROUP, (event, tx) => handleEvent(tx, event, now()));
  return Promise.all(EVENT_KINDS.map((kind) => bus.subscribe({ topic: kind.topic, group: ANALYTICS_GROUP, handler })));
}

function isoOr(text: string, fallback: Date): string {
  const time = Date.parse(text);
  return Number.isNaN(time) ? fallback.toISOString() : new Date(time).toISOString();
}
