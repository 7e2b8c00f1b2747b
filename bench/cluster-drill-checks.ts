/**
 * The checks of bench/cluster-drill.ts, once the cluster is quiet again: each accepted question stored
 * once, each event of the drill's window applied once by each consumer, no quota unit stuck.
 */
import { fromBinary } from "@bufbuild/protobuf";
import type { Redis } from "ioredis";
import { Kafka, logLevel } from "kafkajs";
import { UserChangedSchema, UserChangeKind } from "@qai/contracts";
import { deadLetterTopic } from "@qai/event-bus";
import { recordsOf, type ClusterService } from "../services/all-in-one/test/cluster-harness";

/** A record of the drill's window: its event id and payload. */
export interface DrillRecord {
  id: string;
  value: Buffer;
}

/** Conversation and quota act on account deletions only; they skip other accounts.user.v1 events without a record. */
const deletions = (record: DrillRecord) => fromBinary(UserChangedSchema, record.value).kind === UserChangeKind.DELETED;

/** The store-backed consumers of the product: group (= service) → topics, and which of their events it records. */
export const CONSUMERS: Record<string, { service: ClusterService; topics: string[]; accepts?: (record: DrillRecord) => boolean }> = {
  "admin-analytics": {
    service: "admin-analytics",
    topics: ["chat.exchange.v1", "conversation.feedback.v1", "knowledge.law.v1", "knowledge.base.v1", "knowledge.document.v1", "accounts.user.v1"],
  },
  conversation: { service: "conversation", topics: ["accounts.user.v1"], accepts: deletions },
  quota: { service: "quota", topics: ["accounts.user.v1"], accepts: deletions },
};
export const TOPICS = [...new Set(Object.values(CONSUMERS).flatMap((consumer) => consumer.topics))];
const DEAD_LETTERS = Object.entries(CONSUMERS).flatMap(([group, { topics }]) => topics.map((topic) => deadLetterTopic(topic, group)));

export type Offsets = Map<string, Map<number, number>>;

/** The end of every partition of the drill's topics and dead-letter topics (a topic not there yet: none). */
export async function endOffsets(broker: string): Promise<Offsets> {
  const admin = new Kafka({ brokers: [broker], logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const offsets: Offsets = new Map();
    for (const topic of [...TOPICS, ...DEAD_LETTERS].filter((t) => existing.has(t))) {
      offsets.set(topic, new Map((await admin.fetchTopicOffsets(topic)).map((p) => [p.partition, Number(p.high)])));
    }
    return offsets;
  } finally {
    await admin.disconnect();
  }
}

/** The records between two offset snapshots, per topic (a republished event appears twice). */
export async function recordsBetween(broker: string, from: Offsets, to: Offsets): Promise<Map<string, DrillRecord[]>> {
  const kafka = new Kafka({ brokers: [broker], logLevel: logLevel.NOTHING });
  const ids = new Map<string, DrillRecord[]>([...to.keys()].map((topic) => [topic, []]));
  const remaining = new Set<string>();
  for (const [topic, partitions] of to) for (const [partition, end] of partitions) if (end > (from.get(topic)?.get(partition) ?? 0)) remaining.add(`${topic}/${partition}`);
  if (remaining.size === 0) return ids;
  const consumer = kafka.consumer({ groupId: `qai-drill-reader-${Date.now()}-${Math.random()}` });
  await consumer.connect();
  await consumer.subscribe({ topics: [...to.keys()], fromBeginning: true });
  await new Promise<void>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`reading the drill's records timed out (${[...remaining].join(", ")} unfinished)`)), 120_000);
    void consumer.run({
      eachMessage: async ({ topic, partition, message }) => {
        const offset = Number(message.offset);
        const end = to.get(topic)?.get(partition) ?? 0;
        if (offset >= (from.get(topic)?.get(partition) ?? 0) && offset < end) ids.get(topic)!.push({ id: message.headers?.["qai-event-id"]?.toString() ?? "", value: message.value ?? Buffer.alloc(0) });
        if (offset >= end - 1 && remaining.delete(`${topic}/${partition}`) && remaining.size === 0) {
          clearTimeout(timer);
          done();
        }
      },
    });
  });
  await consumer.disconnect();
  return ids;
}

export interface EventReport {
  published: Record<string, { records: number; distinct: number }>;
  /** Per group and topic: events of the window not applied, and events applied more than once (event log). */
  consumers: Record<string, { topic: string; events: number; missing: number }[]>;
  duplicateLogEntries: number;
  deadLettered: number;
  outboxPending: Record<string, number>;
}

/** Every event of the window applied by each of its consumers, once (processed_events; admin-analytics' event log). */
export function checkEvents(dir: string, records: Map<string, DrillRecord[]>): EventReport {
  const published: EventReport["published"] = {};
  for (const topic of TOPICS) published[topic] = { records: records.get(topic)?.length ?? 0, distinct: new Set(records.get(topic)?.map((r) => r.id)).size };
  const consumers: EventReport["consumers"] = {};
  for (const [group, { service, topics, accepts = () => true }] of Object.entries(CONSUMERS)) {
    const processed = new Set(recordsOf<{ group: string; eventId: string }>(dir, service, "processed_events").filter((r) => r.group === group).map((r) => r.eventId));
    consumers[group] = topics.map((topic) => {
      const events = [...new Set((records.get(topic) ?? []).filter(accepts).map((r) => r.id))];
      return { topic, events: events.length, missing: events.filter((id) => !processed.has(id)).length };
    });
  }
  const logged = recordsOf<{ eventId: string }>(dir, "admin-analytics", "event_log").map((r) => r.eventId);
  const deadLettered = DEAD_LETTERS.reduce((sum, topic) => sum + (records.get(topic)?.length ?? 0), 0);
  const outboxPending = Object.fromEntries((["conversation", "accounts", "knowledge"] as const).map((service) => [service, recordsOf(dir, service, "outbox").length]));
  return { published, consumers, duplicateLogEntries: logged.length - new Set(logged).size, deadLettered, outboxPending };
}

export interface Ask {
  user: string;
  question: string;
  /** The userMessage event arrived: the question was stored. */
  accepted: boolean;
  /** The answer's messageId, when the complete event arrived. */
  answerId?: string;
}

/** What conversation holds of one ask: how often its question is stored, and whether its answer is. */
export interface StoredAsk {
  ask: Ask;
  stored: number;
  answerStored: boolean;
}

/** Reads conversation's messages for these asks (before their user is deleted: then they are gone). */
export function storedAsks(dir: string, asks: Ask[]): StoredAsk[] {
  const messages = recordsOf<{ id: string; ownerKey: string; isUser: boolean; content: string }>(dir, "conversation", "messages");
  const stored = new Map<string, number>();
  for (const m of messages) if (m.isUser) stored.set(`${m.ownerKey}|${m.content}`, (stored.get(`${m.ownerKey}|${m.content}`) ?? 0) + 1);
  const ids = new Set(messages.map((m) => m.id));
  return asks.map((ask) => ({ ask, stored: stored.get(`user:${ask.user}|${ask.question}`) ?? 0, answerStored: ask.answerId !== undefined && ids.has(ask.answerId) }));
}

export interface ConversationReport {
  checked: number;
  accepted: number;
  acceptedStoredOnce: number;
  acceptedMissing: number;
  storedTwiceOrMore: number;
  storedUnacknowledged: number;
  answered: number;
  answersMissing: number;
  /** Users whose deletion succeeded and who still own records in conversation or quota. */
  deletedUsersWithData: number;
}

/** Each accepted question stored exactly once, each answer received stored; the deleted users gone. */
export function checkConversation(dir: string, checked: StoredAsk[], deleted: Set<string>): ConversationReport {
  const accepted = checked.filter((c) => c.ask.accepted);
  const answered = checked.filter((c) => c.ask.answerId);
  const owners = new Set(
    [
      ...recordsOf<{ ownerKey: string }>(dir, "conversation", "messages"),
      ...recordsOf<{ ownerKey: string }>(dir, "conversation", "conversations"),
      ...recordsOf<{ ownerKey: string }>(dir, "quota", "reservations"),
    ].map((r) => r.ownerKey),
  );
  return {
    checked: checked.length,
    accepted: accepted.length,
    acceptedStoredOnce: accepted.filter((c) => c.stored === 1).length,
    acceptedMissing: accepted.filter((c) => c.stored === 0).length,
    storedTwiceOrMore: checked.filter((c) => c.stored > 1).length,
    storedUnacknowledged: checked.filter((c) => !c.ask.accepted && c.stored === 1).length,
    answered: answered.length,
    answersMissing: answered.filter((c) => !c.answerStored).length,
    deletedUsersWithData: [...deleted].filter((user) => owners.has(`user:${user}`)).length,
  };
}

export interface QuotaReport {
  reservations: Record<string, number>;
  unsettled: number;
  /** Counters of live users whose value differs from their charged reservations. */
  countersOff: { counter: string; used: number; charged: number }[];
}

/** Every reservation settled; each live user's counter = its reservations not given back. */
export async function checkQuota(dir: string, redis: Redis, users: string[]): Promise<QuotaReport> {
  const all = recordsOf<{ counterId: string; ownerKey: string; state?: string; settled?: boolean | null; refunded: boolean }>(dir, "quota", "reservations");
  const reservations: Record<string, number> = {};
  for (const r of all) reservations[r.state ?? "legacy"] = (reservations[r.state ?? "legacy"] ?? 0) + 1;
  const owners = new Set(users.map((user) => `user:${user}`));
  const charged = new Map<string, number>();
  for (const r of all.filter((r) => owners.has(r.ownerKey))) charged.set(r.counterId, (charged.get(r.counterId) ?? 0) + (r.refunded ? 0 : 1));
  const countersOff: QuotaReport["countersOff"] = [];
  for (const [counter, count] of charged) {
    const used = Number((await redis.get(`qai:quota:counter:${counter}`)) ?? 0);
    if (used !== count) countersOff.push({ counter, used, charged: count });
  }
  return { reservations, unsettled: all.filter((r) => r.settled === false).length, countersOff };
}
