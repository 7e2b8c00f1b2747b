import type { IHeaders, KafkaMessage, Message } from "kafkajs";
import type { EventEnvelope } from "./port";

/**
 * How an envelope travels in a Kafka record: key = envelope key, value = the protobuf payload as
 * is, and the envelope's own headers next to three reserved ones for its id, type and time, so
 * other Kafka tools see plain records.
 */
export const ENVELOPE_HEADERS = { id: "qai-event-id", type: "qai-event-type", occurredAt: "qai-occurred-at" } as const;

const reserved = new Set<string>(Object.values(ENVELOPE_HEADERS));

export function toKafkaMessage(event: EventEnvelope): Message {
  const clash = Object.keys(event.headers).find((name) => reserved.has(name));
  if (clash) throw new Error(`event ${event.id}: header ${clash} is reserved for the envelope`);
  return {
    key: event.key,
    value: Buffer.from(event.payload),
    headers: { ...event.headers, [ENVELOPE_HEADERS.id]: event.id, [ENVELOPE_HEADERS.type]: event.type, [ENVELOPE_HEADERS.occurredAt]: event.occurredAt },
  };
}

export function fromKafkaMessage(topic: string, message: KafkaMessage): EventEnvelope {
  const headers = textHeaders(message.headers ?? {});
  const required = (name: string): string => {
    const value = headers[name];
    if (value === undefined) throw new Error(`record at ${topic}@${message.offset} has no ${name} header: not a QAI event`);
    delete headers[name];
    return value;
  };
  const id = required(ENVELOPE_HEADERS.id);
  const type = required(ENVELOPE_HEADERS.type);
  const occurredAt = required(ENVELOPE_HEADERS.occurredAt);
  return {
    id,
    topic,
    key: message.key?.toString("utf8") ?? "",
    type,
    payload: new Uint8Array(message.value ?? []),
    occurredAt,
    headers,
  };
}

function textHeaders(headers: IHeaders): Record<string, string> {
  const text: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) text[name] = first.toString();
  }
  return text;
}
