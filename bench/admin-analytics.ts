/**
 * Admin-analytics benchmark: 10,000 users and 100,000 exchanges (with ~10 % feedback, activity and
 * audited admin work, see admin-analytics-traffic.ts) through the service's consumers over the
 * in-process bus into a SQLite file, then every RPC over the gRPC client, then a rebuild.
 * Anchor: one store transaction writing one record (the floor of a consumer's per-event cost).
 * Budgets: consumers ≥ 1,000 exchanges/s; p95 ≤ 50 ms for every call. Run with `make bench`.
 */
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { ActivityWindow, AdminAnalyticsService } from "@qai/contracts";
import { InProcessEventBus, type EventEnvelope } from "@qai/event-bus";
import { createLogger, createServiceClient, type ClientOf } from "@qai/platform";
import { openSqliteRecordStore, type RecordStore } from "@qai/record-store";
import { rebuild, startAdminAnalyticsService } from "@qai/admin-analytics";
import { Traffic } from "./admin-analytics-traffic";

const USERS = 10_000;
const EXCHANGES = 100_000;
const BATCH = 500;
const SAMPLES = 200;

type Client = ClientOf<typeof AdminAnalyticsService>;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const rate = (count: number, ms: number) => Math.round((count / ms) * 1000);

/** Publishes in batches (the bus resolves once the consumers handled them); returns the ms taken. */
async function feed(bus: InProcessEventBus, events: Iterable<EventEnvelope>): Promise<{ ms: number; events: number }> {
  const started = performance.now();
  let batch: EventEnvelope[] = [];
  let count = 0;
  for (const event of events) {
    batch.push(event);
    if (batch.length === BATCH) {
      await bus.publish(batch);
      count += batch.length;
      batch = [];
    }
  }
  await bus.publish(batch);
  return { ms: performance.now() - started, events: count + batch.length };
}

/** Transactions writing one record each, per second, on a store file of its own. */
async function anchorRate(dir: string): Promise<number> {
  const store = await openSqliteRecordStore({ file: join(dir, "anchor.db") });
  const started = performance.now();
  for (let i = 0; i < 5000; i++) await store.transaction((tx) => tx.collection("anchor").insert({ id: `r${i}` }));
  const ms = performance.now() - started;
  await store.close();
  return rate(5000, ms);
}

async function latency(call: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 10; i++) await call();
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    await call();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

/** The cursor after the first `skip` users, newest first. */
async function deepCursor(client: Client, skip: number): Promise<string> {
  let cursor = "";
  for (let seen = 0; seen < skip; seen += 100) cursor = (await client.listUsers({ limit: 100, cursor })).nextCursor;
  return cursor;
}

function* exchanges(traffic: Traffic): Generator<EventEnvelope> {
  for (let i = 0; i < EXCHANGES; i++) yield* traffic.exchange(i, EXCHANGES, USERS);
}

async function measureCalls(client: Client): Promise<void> {
  const deep = await deepCursor(client, 9000);
  const calls: Array<[string, () => Promise<unknown>]> = [
    ["GetGeneralStats", () => client.getGeneralStats({})],
    ["ListUsers (first page of 50)", () => client.listUsers({})],
    ["ListUsers (cursor after 9,000)", () => client.listUsers({ cursor: deep })],
    ["ListUsers (provider google)", () => client.listUsers({ provider: "google" })],
    ["ListUsers (search \"sa\")", () => client.listUsers({ search: "sa" })],
    ["ListUsers (search \"sara gmail\")", () => client.listUsers({ search: "sara gmail" })],
    ["ListUsers (search \"محم\")", () => client.listUsers({ search: "محم" })],
    ["GetUserStats", () => client.getUserStats({})],
    ["ListActiveUsers (today)", () => client.listActiveUsers({ window: ActivityWindow.TODAY })],
    ["ListActiveUsers (week)", () => client.listActiveUsers({ window: ActivityWindow.WEEK })],
    ["ListFrequentQuestions", () => client.listFrequentQuestions({})],
    ["GetFeedbackStats", () => client.getFeedbackStats({})],
    ["GetInsights (30 days)", () => client.getInsights({ days: 30 })],
    ["GetInsights (90 days, 50 rows)", () => client.getInsights({ days: 90, limit: 50 })],
    ["ListAudit", () => client.listAudit({})],
    ["GetConsumerLag", () => client.getConsumerLag({})],
  ];
  console.log(`\n${"call".padEnd(36)}${"p50".padStart(10)}${"p95".padStart(10)}   budget p95 ≤ 50 ms`);
  for (const [name, call] of calls) {
    const { p50, p95 } = await latency(call);
    console.log(`${name.padEnd(36)}${`${p50.toFixed(2)} ms`.padStart(10)}${`${p95.toFixed(2)} ms`.padStart(10)}   ${p95 <= 50 ? "OK" : "OVER"}`);
  }
}

async function reportRebuild(store: RecordStore, events: number): Promise<void> {
  const started = performance.now();
  const replayed = await rebuild(store);
  const ms = performance.now() - started;
  console.log(`\nrebuild (one transaction): ${replayed} events in ${(ms / 1000).toFixed(1)} s = ${rate(replayed, ms)} events/s${replayed === events ? "" : `  (expected ${events})`}`);
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "qai-bench-analytics-"));
  const now = new Date();
  const traffic = new Traffic(now);
  const bus = new InProcessEventBus();
  const store = await openSqliteRecordStore({ file: join(dir, "admin-analytics.db") });
  const service = await startAdminAnalyticsService({ store, bus, logger: createLogger({ level: "silent" }), bindAddress: "127.0.0.1:0" });
  const client = createServiceClient(AdminAnalyticsService, service.address);
  try {
    const anchor = await anchorRate(dir);
    const users = await feed(bus, Array.from({ length: USERS }, (_, i) => traffic.user(i)));
    const answered = await feed(bus, exchanges(traffic));
    const rest = await feed(bus, [...Array.from({ length: 3000 }, (_, i) => traffic.active(i * 3)), ...traffic.adminWork(300)]);
    const { size } = await stat(join(dir, "admin-analytics.db"));
    const events = users.events + answered.events + rest.events;
    console.log(`admin-analytics: ${USERS} users, ${EXCHANGES} exchanges (${answered.events - EXCHANGES} feedback events), ${traffic.wordings.length} question wordings; store ${(size / 2 ** 20).toFixed(0)} MB`);
    console.log(`anchor: store transactions writing one record       ${anchor} /s`);
    console.log(`consumers, users (CREATED)                          ${rate(users.events, users.ms)} events/s  (${(rate(users.events, users.ms) / anchor).toFixed(2)}× anchor)`);
    const exchangeRate = rate(EXCHANGES, answered.ms);
    console.log(`consumers, exchanges and their feedback             ${exchangeRate} exchanges/s, ${rate(answered.events, answered.ms)} events/s  (${(rate(answered.events, answered.ms) / anchor).toFixed(2)}× anchor)  [budget ≥ 1,000 exchanges/s: ${exchangeRate >= 1000 ? "OK" : "OVER"}]`);
    console.log(`consumers, activity and audited admin work          ${rate(rest.events, rest.ms)} events/s`);
    await measureCalls(client);
    await reportRebuild(store, events);
  } finally {
    client.close();
    await service.stop(1000);
    await bus.close();
    await rm(dir, { recursive: true, force: true });
  }
}

void main();
