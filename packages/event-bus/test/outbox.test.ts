import { openSqliteRecordStore, type RecordStore, type StoredRecord } from "@qai/record-store";
import { consume, idempotent, InProcessEventBus, Outbox, OutboxRelay, type EventBus, type EventEnvelope } from "../src";
import { outboxRows } from "../src/outbox";
import { event, textOf, waitFor } from "./helpers";

interface Note extends StoredRecord {
  text: string;
}

describe("Outbox and OutboxRelay", () => {
  let store: RecordStore;
  let bus: InProcessEventBus;
  let received: EventEnvelope[];
  const outbox = new Outbox();

  beforeEach(async () => {
    store = await openSqliteRecordStore({ file: ":memory:" });
    bus = new InProcessEventBus({ retry: { attempts: 1 } });
    received = [];
    await bus.subscribe({ topic: "t", group: "g", handler: async (e) => void received.push(e) });
  });

  afterEach(async () => {
    await bus.close();
    await store.close();
  });

  /** The bus, with `publish` replaced. */
  const busWith = (publish: EventBus["publish"]): EventBus => ({ publish, subscribe: (options) => bus.subscribe(options), close: () => bus.close() });

  /** Commits a note and its event together. */
  const commit = (text: string, key = "k") =>
    store.transaction(async (tx) => {
      await tx.collection<Note>("notes").insert({ id: text, text });
      return outbox.enqueue(tx, { topic: "t", key, type: "qai.test.v1.Text", payload: new TextEncoder().encode(text) });
    });

  it("fills in id, occurredAt and headers", async () => {
    const enqueued = await commit("a");
    expect(enqueued.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(enqueued.occurredAt).toISOString()).toBe(enqueued.occurredAt);
    expect(enqueued.headers).toEqual({});
  });

  it("publishes nothing for an event enqueued in a rolled-back transaction", async () => {
    await expect(
      store.transaction(async (tx) => {
        await outbox.enqueue(tx, event("t", "k", "never"));
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await new OutboxRelay(store, bus).flush();
    expect(received).toEqual([]);
    expect(await outboxRows(store).count()).toBe(0);
  });

  it("publishes committed events exactly once, in commit order, with their bytes intact", async () => {
    const enqueued: EventEnvelope[] = [];
    for (let i = 0; i < 23; i++) enqueued.push(await commit(`نص ${i}`, `k${i % 3}`));
    const published: EventEnvelope[] = [];
    const relay = new OutboxRelay(store, busWith(async (events) => void published.push(...events)), { batchSize: 5 });
    await relay.flush();
    await relay.flush();
    expect(published).toEqual(enqueued);
    expect(await outboxRows(store).count()).toBe(0);
  });

  it("enqueueAll writes many events of one transaction in their order, after those already waiting", async () => {
    const first = await commit("before");
    const many = await store.transaction((tx) =>
      outbox.enqueueAll(tx, ["a", "b", "c", "d"].map((text, at) => ({ topic: "t", key: `k${at % 2}`, type: "qai.test.v1.Text", payload: new TextEncoder().encode(text) }))),
    );
    expect(await store.transaction((tx) => outbox.enqueueAll(tx, []))).toEqual([]);
    const published: EventEnvelope[] = [];
    await new OutboxRelay(store, busWith(async (events) => void published.push(...events)), { batchSize: 2 }).flush();
    expect(published).toEqual([first, ...many]);
    expect(published.map(textOf)).toEqual(["before", "a", "b", "c", "d"]);
  });

  it("enqueueAll writes a large batch over several turns of the event loop, in order, and all or nothing", async () => {
    const texts = Array.from({ length: 600 }, (_, at) => `e${at}`);
    const events = () => texts.map((text) => ({ topic: "t", key: "k", type: "qai.test.v1.Text", payload: new TextEncoder().encode(text) }));
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    await store.transaction((tx) => outbox.enqueueAll(tx, events()));
    counting = false;
    expect(turns).toBeGreaterThanOrEqual(2);
    await expect(
      store.transaction(async (tx) => {
        await outbox.enqueueAll(tx, events());
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    const published: EventEnvelope[] = [];
    await new OutboxRelay(store, busWith(async (batch) => void published.push(...batch)), { batchSize: 500 }).flush();
    expect(published.map(textOf)).toEqual(texts);
  });

  it("keeps the rows when publishing fails, and a later flush delivers them in order", async () => {
    const failing = busWith(async () => Promise.reject(new Error("bus down")));
    await commit("a");
    await commit("b");
    await expect(new OutboxRelay(store, failing).flush()).rejects.toThrow("bus down");
    expect(await outboxRows(store).count()).toBe(2);
    await new OutboxRelay(store, bus).flush();
    expect(received.map(textOf)).toEqual(["a", "b"]);
    expect(await outboxRows(store).count()).toBe(0);
  });

  it("publishes soon after notify() once started, and stops cleanly", async () => {
    const relay = new OutboxRelay(store, bus, { intervalMs: 60_000 });
    relay.start();
    await commit("a");
    relay.notify();
    await waitFor(() => received.length === 1, 2000);
    await relay.stop();
    await commit("b");
    relay.notify();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received.map(textOf)).toEqual(["a"]);
  });

  it("logs a failed publish while running and retries on the next poll", async () => {
    let failures = 0;
    const flaky = busWith(async (events) => (failures++ === 0 ? Promise.reject(new Error("once")) : bus.publish(events)));
    const errors: unknown[] = [];
    const relay = new OutboxRelay(store, flaky, { intervalMs: 10, logger: { error: (details) => void errors.push(details) } });
    await commit("a");
    relay.start();
    await waitFor(() => received.length === 1);
    await relay.stop();
    expect(errors).toHaveLength(1);
  });
});

describe("idempotent", () => {
  let store: RecordStore;

  beforeEach(async () => {
    store = await openSqliteRecordStore({ file: ":memory:" });
  });

  afterEach(async () => {
    await store.close();
  });

  const notes = (s: RecordStore) => s.collection<Note>("notes");

  it("handles an event once and skips a redelivery", async () => {
    let calls = 0;
    const handler = idempotent(store, "g", async (e, tx) => {
      calls++;
      await tx.collection<Note>("notes").put({ id: e.id, text: textOf(e) });
    });
    const sent = event("t", "k", "x");
    await handler(sent);
    await handler(sent);
    expect(calls).toBe(1);
    expect(await notes(store).count()).toBe(1);
    await idempotent(store, "other-group", async () => void calls++)(sent);
    expect(calls).toBe(2);
  });

  it("rolls back the handler's writes with the processed record when it throws, so a redelivery runs it", async () => {
    let fail = true;
    const handler = idempotent(store, "g", async (e, tx) => {
      await tx.collection<Note>("notes").put({ id: e.id, text: textOf(e) });
      if (fail) throw new Error("handler failed");
    });
    const sent = event("t", "k", "x");
    await expect(handler(sent)).rejects.toThrow("handler failed");
    expect(await notes(store).count()).toBe(0);
    expect(await store.collection("processed_events").count()).toBe(0);
    fail = false;
    await handler(sent);
    expect(await notes(store).get(sent.id)).toEqual({ id: sent.id, text: "x" });
  });
});

describe("consume", () => {
  it("handles the messages it accepts once each, and skips the others without recording them", async () => {
    const store = await openSqliteRecordStore({ file: ":memory:" });
    const bus = new InProcessEventBus();
    const handled: string[] = [];
    await consume(bus, store, {
      topic: "t",
      group: "g",
      decode: (payload) => Buffer.from(payload).toString("utf8"),
      accepts: (text) => text.startsWith("keep"),
      handle: async (text) => void handled.push(text),
    });
    const kept = event("t", "k", "keep me");
    await bus.publish([kept, event("t", "k", "ignore me"), kept]);
    expect(handled).toEqual(["keep me"]);
    expect(await store.collection("processed_events").count()).toBe(1);
    await bus.close();
    await store.close();
  });
});
