import { randomUUID } from "node:crypto";
import { Kafka, logLevel } from "kafkajs";
import { openSqliteRecordStore, type StoredRecord } from "@qai/record-store";
import { consume, deadLetterTopic, openEventBusAt, Outbox, OutboxRelay, type EventBus, type EventEnvelope, type KafkaEventBusOptions } from "../src";
import { createKafkaEventBus } from "../src/kafka";
import { testEventBus } from "./contract-suite";
import { delay, event, textOf, waitFor } from "./helpers";
import { kafkaBrokers } from "./real-broker";

const { brokers, skipReason } = kafkaBrokers();

/** Group ids unique to this run, so runs sharing a broker never share a consumer group. */
const groupIdPrefix = `qai-test-${randomUUID()}.`;

const options = (extra: Partial<KafkaEventBusOptions> = {}): KafkaEventBusOptions => ({
  brokers,
  groupIdPrefix,
  partitions: 3,
  retry: { attempts: 3, initialDelayMs: 10, maxDelayMs: 50 },
  consumer: { sessionTimeoutMs: 6000, heartbeatIntervalMs: 300, maxWaitTimeMs: 100 },
  logLevel: logLevel.NOTHING, // kafkajs logs every rebalance at ERROR level
  logger: { error: () => undefined },
  ...extra,
});

/** The topics this run used (and their dead-letter topics), deleted at the end so runs do not pile up topics on the broker. */
const usedTopics = new Set<string>();

/** A new bus that records the topics it is given. */
async function recordingBus(extra: Partial<KafkaEventBusOptions> = {}): Promise<EventBus> {
  const bus = await createKafkaEventBus(options(extra));
  const use = (topic: string, group?: string) => void [topic, ...(group ? [deadLetterTopic(topic, group)] : [])].forEach((t) => usedTopics.add(t));
  extra.topics?.forEach((topic) => use(topic));
  return {
    publish: async (events) => (events.forEach((e) => use(e.topic)), bus.publish(events)),
    subscribe: async (subscription) => (use(subscription.topic, subscription.group), bus.subscribe(subscription)),
    close: () => bus.close(),
  };
}

if (skipReason) {
  describe("EventBus contract: kafka", () => {
    it.skip(`skipped: ${skipReason}`, () => undefined);
  });
} else {
  testEventBus("kafka", () => recordingBus());

  afterAll(async () => {
    const admin = new Kafka({ brokers, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    const existing = new Set(await admin.listTopics());
    await admin.deleteTopics({ topics: [...usedTopics].filter((topic) => existing.has(topic)) });
    await admin.disconnect();
  });

  describe("KafkaEventBus", () => {
    const topic = () => `test.${randomUUID()}.v1`;

    it("creates the configured topics at start-up with the configured partitions", async () => {
      const name = topic();
      const bus = await recordingBus({ topics: [name], partitions: 2 });
      const admin = new Kafka({ brokers, logLevel: logLevel.ERROR }).admin();
      await admin.connect();
      try {
        const { topics } = await admin.fetchTopicMetadata({ topics: [name] });
        expect(topics[0]?.partitions).toHaveLength(2);
      } finally {
        await admin.disconnect();
        await bus.close();
      }
    });

    it("dead-letters an event its handler keeps failing, with the reason, and moves on to the next", async () => {
      const bus = await recordingBus();
      const name = topic();
      const handled: string[] = [];
      const dead: EventEnvelope[] = [];
      try {
        await bus.subscribe({
          topic: name,
          group: "g",
          handler: async (e) => {
            if (textOf(e) === "poison") throw new Error("cannot handle poison");
            handled.push(textOf(e));
          },
        });
        await bus.subscribe({ topic: deadLetterTopic(name, "g"), group: "inspector", handler: async (e) => void dead.push(e) });
        const poison = event(name, "k", "poison", { "x-request-id": "r1" });
        await bus.publish([poison, event(name, "k", "after")]);
        await waitFor(() => handled.length === 1 && dead.length === 1, 20000);
        expect(handled).toEqual(["after"]);
        expect(dead[0]).toMatchObject({ id: poison.id, key: "k", type: poison.type, occurredAt: poison.occurredAt });
        expect(dead[0]?.headers).toEqual({
          "x-request-id": "r1",
          "qai-dead-letter-group": "g",
          "qai-dead-letter-error": "cannot handle poison",
          "qai-dead-letter-attempts": "3",
        });
      } finally {
        await bus.close();
      }
    });

    it("gives every topic's events to one group subscribed to several topics, one consumer each (admin-analytics)", async () => {
      const bus = await recordingBus();
      const names = [topic(), topic(), topic()];
      const handled: string[] = [];
      try {
        for (const name of names) await bus.subscribe({ topic: name, group: "g", handler: async (e) => void handled.push(`${e.topic}:${textOf(e)}`) });
        await bus.publish(names.flatMap((name) => ["a", "b", "c", "d"].map((key) => event(name, key, key))));
        await waitFor(() => handled.length === 12, 20000);
        expect(handled.sort()).toEqual(names.flatMap((name) => ["a", "b", "c", "d"].map((key) => `${name}:${key}`)).sort());
      } finally {
        await bus.close();
      }
    });

    it("opened from a URL with group-prefix, puts the prefix before its consumer group ids", async () => {
      const name = topic();
      usedTopics.add(name);
      const prefix = `qai-test-${randomUUID()}.url.`;
      await expect(openEventBusAt(`kafka://${brokers.join(",")}?group-prefix=a%20b`)).rejects.toThrow(/group-prefix/);
      const bus = await openEventBusAt(`kafka://${brokers.join(",")}?group-prefix=${prefix}`, { topics: [name] });
      const admin = new Kafka({ brokers, logLevel: logLevel.NOTHING }).admin();
      await admin.connect();
      try {
        await bus.subscribe({ topic: name, group: "g", handler: async () => undefined });
        expect((await admin.listGroups()).groups.map((group) => group.groupId)).toContain(`${prefix}g`);
      } finally {
        await bus.close();
        await admin.deleteGroups([`${prefix}g`]).catch(() => undefined);
        await admin.disconnect();
      }
    });

    it("commits an offset only after the handler succeeded: an event left unhandled reaches the group's next consumer", async () => {
      const bus = await recordingBus({ retry: { attempts: 5, initialDelayMs: 60000, maxDelayMs: 60000 } });
      const name = topic();
      let failures = 0;
      const handled: string[] = [];
      try {
        const failing = await bus.subscribe({ topic: name, group: "g", handler: async () => Promise.reject(new Error(`failure ${++failures}`)) });
        await bus.publish([event(name, "k", "only")]);
        await waitFor(() => failures === 1, 20000);
        await failing.unsubscribe(); // during the one-minute backoff: the record stays uncommitted
        await bus.subscribe({ topic: name, group: "g", handler: async (e) => void handled.push(textOf(e)) });
        await waitFor(() => handled.length === 1, 20000);
        expect(handled).toEqual(["only"]);
        expect(failures).toBe(1);
      } finally {
        await bus.close();
      }
    });

    it("restarted, finds its topics and resumes a group after its last committed event", async () => {
      const name = topic();
      const first: string[] = [];
      const before = await recordingBus({ topics: [name] });
      await before.subscribe({ topic: name, group: "g", handler: async (e) => void first.push(textOf(e)) });
      await before.publish([event(name, "k", "1"), event(name, "k", "2")]);
      await waitFor(() => first.length === 2, 20000);
      await before.close();

      const second: string[] = [];
      const after = await recordingBus({ topics: [name] });
      try {
        await after.subscribe({ topic: name, group: "g", handler: async (e) => void second.push(textOf(e)) });
        await after.publish([event(name, "k", "3")]);
        await waitFor(() => second.length === 1, 20000);
        await delay(200);
        expect(first).toEqual(["1", "2"]);
        expect(second).toEqual(["3"]);
      } finally {
        await after.close();
      }
    });

    it("carries the outbox of a store to an idempotent consumer", async () => {
      interface Note extends StoredRecord {
        text: string;
      }
      const bus = await recordingBus();
      const producer = await openSqliteRecordStore({ file: ":memory:" });
      const consumer = await openSqliteRecordStore({ file: ":memory:" });
      const name = topic();
      const outbox = new Outbox();
      try {
        await consume(bus, consumer, {
          topic: name,
          group: "notes",
          decode: (payload) => new TextDecoder().decode(payload),
          handle: async (text, tx) => void (await tx.collection<Note>("notes").insert({ id: text, text })),
        });
        for (const text of ["أ", "ب", "ج"]) {
          await producer.transaction((tx) => outbox.enqueue(tx, { topic: name, key: "k", type: "qai.test.v1.Text", payload: new TextEncoder().encode(text) }));
        }
        await new OutboxRelay(producer, bus).flush();
        const notes = consumer.collection<Note>("notes");
        const deadline = Date.now() + 20000;
        while ((await notes.count()) < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
        expect((await notes.find({})).items.map((note) => note.text).sort()).toEqual(["أ", "ب", "ج"]);
        expect(await producer.collection("outbox").count()).toBe(0);
      } finally {
        await bus.close();
        await producer.close();
        await consumer.close();
      }
    });
  });
}
