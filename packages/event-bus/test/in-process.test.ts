import { DeliveryError, InProcessEventBus } from "../src";
import { testEventBus } from "./contract-suite";
import { delay, event } from "./helpers";

const fastRetry = { attempts: 3, initialDelayMs: 1, maxDelayMs: 5 };

testEventBus("in-process", async () => new InProcessEventBus({ retry: fastRetry }));

describe("InProcessEventBus", () => {
  let bus: InProcessEventBus;

  beforeEach(() => {
    bus = new InProcessEventBus({ retry: fastRetry });
  });

  afterEach(async () => {
    await bus.close();
  });

  it("resolves publish only after every group handled the events", async () => {
    const handled: string[] = [];
    await bus.subscribe({ topic: "t", group: "slow", handler: async () => void (await delay(20), handled.push("slow")) });
    await bus.subscribe({ topic: "t", group: "fast", handler: async () => void handled.push("fast") });
    await bus.publish([event("t", "k", "x")]);
    expect(handled.sort()).toEqual(["fast", "slow"]);
  });

  it("spreads the events of a group round robin over its handlers", async () => {
    const counts = [0, 0];
    await bus.subscribe({ topic: "t", group: "g", handler: async () => void counts[0]!++ });
    await bus.subscribe({ topic: "t", group: "g", handler: async () => void counts[1]!++ });
    await bus.publish(Array.from({ length: 10 }, (_, i) => event("t", `k${i}`, "x")));
    expect(counts).toEqual([5, 5]);
  });

  it("starts one delivery of a burst per turn of the event loop, so other work runs between them", async () => {
    const order: string[] = [];
    await bus.subscribe({
      topic: "t",
      group: "g",
      handler: async (delivered) => {
        if (order.length === 0) setImmediate(() => order.push("other work"));
        order.push(delivered.key);
      },
    });
    await bus.publish(Array.from({ length: 20 }, (_, i) => event("t", `k${i}`, "x")));
    // Awaiting setImmediate in each delivery ran all 20 in the turn the burst was queued in, the other work after them.
    expect(order.slice(0, 3)).toContain("other work");
    expect(order.filter((entry) => entry !== "other work")).toHaveLength(20);
  });

  it("rejects publish with a DeliveryError once the attempts are used up", async () => {
    let calls = 0;
    const cause = new Error("down");
    await bus.subscribe({
      topic: "t",
      group: "g",
      handler: async () => {
        calls++;
        throw cause;
      },
    });
    const sent = event("t", "k", "x");
    const error = await bus.publish([sent]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error).toMatchObject({ group: "g", eventId: sent.id, attempts: 3, cause });
    expect(calls).toBe(3);
  });

  it("does not deliver later events of a key after an earlier one failed", async () => {
    const handled: string[] = [];
    await bus.subscribe({
      topic: "t",
      group: "g",
      handler: async (e) => {
        if (e.headers.poison) throw new Error("poison");
        handled.push(e.key);
      },
    });
    const events = [event("t", "a", "1", { poison: "yes" }), event("t", "a", "2"), event("t", "b", "3")];
    await expect(bus.publish(events)).rejects.toBeInstanceOf(DeliveryError);
    expect(handled).toEqual(["b"]);
    await bus.publish([event("t", "a", "4")]);
    expect(handled).toEqual(["b", "a"]);
  });

  it("unsubscribe waits for the delivery in progress", async () => {
    let finished = false;
    let started!: () => void;
    const startedSignal = new Promise<void>((resolve) => (started = resolve));
    const subscription = await bus.subscribe({
      topic: "t",
      group: "g",
      handler: async () => {
        started();
        await delay(30);
        finished = true;
      },
    });
    const publishing = bus.publish([event("t", "k", "x")]);
    await startedSignal;
    await subscription.unsubscribe();
    expect(finished).toBe(true);
    await publishing;
  });

  it("close waits for deliveries in flight, cuts retries short, and refuses new work", async () => {
    const slowBus = new InProcessEventBus({ retry: { attempts: 1000, initialDelayMs: 10, maxDelayMs: 10 } });
    let slowDone = false;
    await slowBus.subscribe({ topic: "slow", group: "g", handler: async () => void (await delay(30), (slowDone = true)) });
    await slowBus.subscribe({ topic: "failing", group: "g", handler: async () => Promise.reject(new Error("down")) });
    const slow = slowBus.publish([event("slow", "k", "x")]);
    const failing = slowBus.publish([event("failing", "k", "x")]).catch((error: unknown) => error);
    await delay(5);
    await slowBus.close();
    expect(slowDone).toBe(true);
    await expect(slow).resolves.toBeUndefined();
    expect(await failing).toBeInstanceOf(DeliveryError);
    await expect(slowBus.publish([event("slow", "k", "y")])).rejects.toThrow(/closed/);
    await expect(slowBus.subscribe({ topic: "slow", group: "g", handler: async () => undefined })).rejects.toThrow(/closed/);
  });
});
