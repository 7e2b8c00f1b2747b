import { randomUUID } from "node:crypto";
import type { EventBus, EventEnvelope } from "../src/port";
import { delay, event, textOf, waitFor } from "./helpers";

/**
 * The behaviour every EventBus adapter must have. An adapter's test file calls
 * `testEventBus("name", () => createMyBus())`; the factory returns a new bus per test, whose
 * retry delays are short enough for a handler failing twice to succeed within seconds.
 * Publish may resolve before handlers ran (a broker acknowledges on receipt), so the suite waits.
 */
export function testEventBus(name: string, factory: () => Promise<EventBus>): void {
  describe(`EventBus contract: ${name}`, () => {
    let bus: EventBus;
    let topic: string;

    beforeEach(async () => {
      bus = await factory();
      topic = `test.${randomUUID()}.v1`;
    });

    afterEach(async () => {
      await bus.close();
    });

    it("delivers published events to a subscriber of their topic only", async () => {
      const received: string[] = [];
      await bus.subscribe({ topic, group: "g", handler: async (e) => void received.push(textOf(e)) });
      await bus.publish([event(`${topic}.other`, "k", "elsewhere")]);
      await bus.publish([event(topic, "k", "one"), event(topic, "k", "two")]);
      await waitFor(() => received.length === 2);
      await delay(50);
      expect(received).toEqual(["one", "two"]);
    });

    it("accepts events no one subscribed to", async () => {
      await expect(bus.publish([event(topic, "k", "unheard")])).resolves.toBeUndefined();
    });

    it("gives each event to every group", async () => {
      const a: string[] = [];
      const b: string[] = [];
      await bus.subscribe({ topic, group: "a", handler: async (e) => void a.push(e.id) });
      await bus.subscribe({ topic, group: "b", handler: async (e) => void b.push(e.id) });
      const events = [event(topic, "k1", "1"), event(topic, "k2", "2"), event(topic, "k1", "3")];
      await bus.publish(events);
      await waitFor(() => a.length === 3 && b.length === 3);
      expect(a.sort()).toEqual(events.map((e) => e.id).sort());
      expect(b.sort()).toEqual(a);
    });

    it("gives each event to one handler of a group with two", async () => {
      const seen: string[] = [];
      const handler = async (e: EventEnvelope) => void seen.push(e.id);
      await bus.subscribe({ topic, group: "g", handler });
      await bus.subscribe({ topic, group: "g", handler });
      const events = Array.from({ length: 20 }, (_, i) => event(topic, `k${i % 3}`, String(i)));
      await bus.publish(events);
      await waitFor(() => seen.length >= 20);
      await delay(50);
      expect(seen.sort()).toEqual(events.map((e) => e.id).sort());
    });

    it("keeps the order of each key over 200 events", async () => {
      const byKey = new Map<string, number[]>();
      let total = 0;
      await bus.subscribe({
        topic,
        group: "g",
        handler: async (e) => {
          await delay(Math.random() * 3);
          const [key, n] = [e.key, Number(textOf(e))];
          byKey.set(key, [...(byKey.get(key) ?? []), n]);
          total++;
        },
      });
      const events = Array.from({ length: 200 }, (_, i) => event(topic, `k${i % 7}`, String(i)));
      for (let i = 0; i < events.length; i += 25) await bus.publish(events.slice(i, i + 25));
      await waitFor(() => total === 200, 20000);
      for (const [key, numbers] of byKey) {
        const expected = events.filter((e) => e.key === key).map((e) => Number(textOf(e)));
        expect(numbers).toEqual(expected);
      }
    });

    it("retries a handler that fails twice, then delivers", async () => {
      let calls = 0;
      let handled: EventEnvelope | undefined;
      await bus.subscribe({
        topic,
        group: "g",
        handler: async (e) => {
          if (++calls <= 2) throw new Error(`transient failure ${calls}`);
          handled = e;
        },
      });
      const sent = event(topic, "k", "eventually");
      await expect(bus.publish([sent])).resolves.toBeUndefined();
      await waitFor(() => handled !== undefined);
      expect(calls).toBe(3);
      expect(handled?.id).toBe(sent.id);
    });

    it("stops delivering to a handler once unsubscribed", async () => {
      const stopped: string[] = [];
      const staying: string[] = [];
      const subscription = await bus.subscribe({ topic, group: "leaving", handler: async (e) => void stopped.push(textOf(e)) });
      await bus.subscribe({ topic, group: "staying", handler: async (e) => void staying.push(textOf(e)) });
      await bus.publish([event(topic, "k", "before")]);
      await waitFor(() => stopped.length === 1 && staying.length === 1);
      await subscription.unsubscribe();
      await bus.publish([event(topic, "k", "after")]);
      await waitFor(() => staying.length === 2);
      await delay(50);
      expect(stopped).toEqual(["before"]);
    });

    it("keeps payload bytes, headers and every envelope field intact", async () => {
      let received: EventEnvelope | undefined;
      await bus.subscribe({ topic, group: "g", handler: async (e) => void (received = e) });
      const sent: EventEnvelope = {
        ...event(topic, "مفتاح-1", "", { "x-request-id": "req-1", "x-note": "ملاحظة ✓" }),
        payload: Uint8Array.from({ length: 256 }, (_, i) => 255 - i),
      };
      await bus.publish([sent]);
      await waitFor(() => received !== undefined);
      expect(received).toEqual(sent);
      expect(received?.payload).toBeInstanceOf(Uint8Array);
    });
  });
}
