/**
 * Distributed-mode benchmark (issue 15): the real servers of `deploy/local/` against the embedded
 * adapters, in one run.
 * - event end-to-end latency: a state change committed with its outbox event in a SQLite store, the
 *   relay nudged, the event through the bus (Kafka or in-process) into an idempotent consumer's own
 *   store — p50/p99 from the producer's commit to the consumer's commit;
 * - quota reserves/s: `QuotaCounters.reserve` of three counters (as a user's question is charged), 32 in
 *   flight, on Redis vs the SQLite record store;
 * - search p50/p95 over the product's knowledge base (`data/laws`) through the knowledge service's code,
 *   Elasticsearch vs the embedded index.
 * A server that does not answer is reported as skipped. Run: `make bench` (or this file with tsx).
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { Client } from "@elastic/elasticsearch";
import { idempotent, InProcessEventBus, openEventBusAt, Outbox, OutboxRelay, type EventBus } from "@qai/event-bus";
import { KnowledgeBase, readLawFiles } from "@qai/knowledge";
import { RecordStoreQuotaCounters, RedisQuotaCounters, type CounterCharge, type QuotaCounters } from "@qai/quota";
import { openSqliteRecordStore, type RecordStore } from "@qai/record-store";
import { connectElasticsearchSearchIndex, EmbeddedSearchIndex, type SearchIndex } from "@qai/search-index";

const KAFKA_BROKERS = (process.env.KAFKA_BROKERS ?? "127.0.0.1:9092").split(",");
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const ELASTICSEARCH_URL = process.env.ELASTICSEARCH_URL ?? "http://127.0.0.1:9200";
const EVENTS = Number(process.env.DISTRIBUTED_EVENTS ?? 1000);
const RESERVES = Number(process.env.DISTRIBUTED_RESERVES ?? 20_000);
const IN_FLIGHT = 32;
const LAWS = resolve(__dirname, "../data/laws");
const QUERIES = [
  "كم مدة الإجازة السنوية المستحقة للعامل؟",
  "ما مدة الإشعار لإنهاء عقد العمل غير محدد المدة؟",
  "متى يجوز لصاحب العمل فسخ العقد دون مكافأة أو إشعار؟",
  "ما عقوبة التحرش؟",
  "ما شروط صحة اتفاق التحكيم؟",
  "How long is the annual leave of a worker under the Labor Law?",
  "What are the penalties for cybercrime?",
  "المادة 77 من نظام العمل",
  "هل يحق للمستأجر أن يهدم جداراً في الشقة المستأجرة؟",
  "ما هي شروط الحضانة بعد الطلاق؟",
];

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (value: number) => `${value.toFixed(2)} ms`;

/** Runs `measure`, or reports the server as skipped when connecting to it fails. */
async function orSkip(what: string, measure: () => Promise<void>): Promise<void> {
  try {
    await measure();
  } catch (error) {
    console.log(`${what.padEnd(46)}skipped: ${(error as Error).message.split("\n")[0]}`);
  }
}

/** Commit → relay → bus → idempotent consumer's commit, one event at a time (paced), latencies sorted. */
async function eventLatencies(bus: EventBus, dir: string, topic: string): Promise<number[]> {
  const producer = await openSqliteRecordStore({ file: join(dir, `${topic}-producer.db`) });
  const consumer = await openSqliteRecordStore({ file: join(dir, `${topic}-consumer.db`) });
  const outbox = new Outbox();
  const relay = new OutboxRelay(producer, bus, { intervalMs: 1000 });
  const committedAt = new Map<string, number>();
  const latencies: number[] = [];
  let arrived: (() => void) | undefined;
  const subscription = await bus.subscribe({
    topic,
    group: "bench",
    handler: idempotent(consumer, "bench", async (event, tx) => {
      await tx.collection<{ id: string }>("bench_events").insert({ id: event.id });
      const started = committedAt.get(event.id);
      if (started !== undefined) latencies.push(performance.now() - started);
      if (latencies.length === EVENTS) arrived?.();
    }),
  });
  relay.start();
  try {
    const done = new Promise<void>((resolve) => (arrived = resolve));
    for (let i = 0; i < EVENTS; i++) {
      const id = randomUUID();
      await producer.transaction(async (tx) => {
        await outbox.enqueue(tx, { id, topic, key: `user-${i % 50}`, type: "qai.bench.Event", payload: new Uint8Array(64) });
      });
      committedAt.set(id, performance.now());
      relay.notify();
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await Promise.race([done, new Promise((_, reject) => setTimeout(() => reject(new Error(`only ${latencies.length} of ${EVENTS} events arrived`)), 60_000))]);
    return latencies.sort((a, b) => a - b);
  } finally {
    await relay.stop();
    await subscription.unsubscribe();
    await producer.close();
    await consumer.close();
  }
}

async function eventBenchmarks(dir: string): Promise<void> {
  const report = (label: string, latencies: number[]) =>
    console.log(`${label.padEnd(46)}p50 ${ms(percentile(latencies, 50))}  p90 ${ms(percentile(latencies, 90))}  p99 ${ms(percentile(latencies, 99))}  (${latencies.length} events)`);
  const inProcess = new InProcessEventBus();
  report("event end to end, in-process bus", await eventLatencies(inProcess, dir, "bench.in-process.v1"));
  await inProcess.close();
  await orSkip("event end to end, Kafka", async () => {
    const topic = `bench.kafka.${randomUUID()}`;
    const kafka = await openEventBusAt(`kafka://${KAFKA_BROKERS.join(",")}?group-prefix=qai-bench-${randomUUID()}.`, { topics: [topic] });
    try {
      report(`event end to end, Kafka (${KAFKA_BROKERS.join(",")})`, await eventLatencies(kafka, dir, topic));
    } finally {
      await kafka.close();
    }
  });
}

/** Reserves of three counters (guest-free user: account, e-mail day, address day), IN_FLIGHT at a time, per second. */
async function reservesPerSecond(counters: QuotaCounters): Promise<number> {
  const run = randomUUID();
  const charges = (i: number): CounterCharge[] => [
    { id: `bench:${run}:acct:${i % 500}`, ownerKey: `user:${i % 500}`, limit: 1e9, day: "2026-11-24" },
    { id: `bench:${run}:mail:${i % 500}`, ownerKey: `user:${i % 500}`, limit: 1e9, day: "2026-11-24" },
    { id: `bench:${run}:ip:${i % 97}`, ownerKey: `ip:${i % 97}`, limit: 1e9, day: "2026-11-24" },
  ];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < RESERVES) {
      const outcome = await counters.reserve(charges(next++));
      if (!outcome.granted) throw new Error("a reserve under an unreachable limit was refused");
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const rate = (RESERVES / (performance.now() - started)) * 1000;
  for (let owner = 0; owner < 500; owner++) await counters.deleteOwner(`user:${owner}`, () => false);
  for (let ip = 0; ip < 97; ip++) await counters.deleteOwner(`ip:${ip}`, () => false);
  return rate;
}

async function quotaBenchmarks(dir: string): Promise<void> {
  const report = (label: string, rate: number) => console.log(`${label.padEnd(46)}${Math.round(rate)} reserves/s  (${RESERVES}, ${IN_FLIGHT} in flight)`);
  const store = await openSqliteRecordStore({ file: join(dir, "quota.db") });
  try {
    report("quota reserve, SQLite record store", await reservesPerSecond(new RecordStoreQuotaCounters(store)));
  } finally {
    await store.close();
  }
  await orSkip("quota reserve, Redis", async () => {
    const redis = await RedisQuotaCounters.open(REDIS_URL);
    try {
      report(`quota reserve, Redis (${REDIS_URL})`, await reservesPerSecond(redis));
    } finally {
      await redis.close();
    }
  });
}

/** Imports data/laws through the knowledge service's code into `index`, then 20 rounds of QUERIES (one warm-up round). */
async function searchLatencies(store: RecordStore, index: SearchIndex): Promise<{ importMs: number; latencies: number[] }> {
  const knowledge = new KnowledgeBase(store, index, new Outbox());
  await knowledge.open();
  const started = performance.now();
  await knowledge.replaceAll(await readLawFiles(LAWS));
  const importMs = performance.now() - started;
  const latencies: number[] = [];
  for (let round = 0; round < 21; round++) {
    for (const query of QUERIES) {
      const t = performance.now();
      await knowledge.search(query, { limit: 10, language: /[a-z]/i.test(query) ? "en" : "ar" });
      if (round > 0) latencies.push(performance.now() - t);
    }
  }
  return { importMs, latencies: latencies.sort((a, b) => a - b) };
}

async function searchBenchmarks(dir: string): Promise<void> {
  const report = (label: string, { importMs, latencies }: { importMs: number; latencies: number[] }) =>
    console.log(`${label.padEnd(46)}p50 ${ms(percentile(latencies, 50))}  p95 ${ms(percentile(latencies, 95))}  (import ${(importMs / 1000).toFixed(1)} s)`);
  const embeddedStore = await openSqliteRecordStore({ file: join(dir, "knowledge-embedded.db") });
  try {
    report("search, embedded index", await searchLatencies(embeddedStore, new EmbeddedSearchIndex()));
  } finally {
    await embeddedStore.close();
  }
  await orSkip("search, Elasticsearch", async () => {
    const alias = `qai-bench-${randomUUID()}`;
    const index = await connectElasticsearchSearchIndex(ELASTICSEARCH_URL, { alias });
    const store = await openSqliteRecordStore({ file: join(dir, "knowledge-elasticsearch.db") });
    try {
      report(`search, Elasticsearch (${ELASTICSEARCH_URL})`, await searchLatencies(store, index));
    } finally {
      await store.close();
      await index.close();
      // The port never drops its active generation: the benchmark's indices go with a plain client.
      const client = new Client({ node: ELASTICSEARCH_URL });
      const indices = Object.keys(await client.indices.get({ index: `${alias}-*` }));
      if (indices.length > 0) await client.indices.delete({ index: indices });
      await client.close();
    }
  });
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "qai-bench-distributed-"));
  try {
    await eventBenchmarks(dir);
    await quotaBenchmarks(dir);
    await searchBenchmarks(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

void main();
