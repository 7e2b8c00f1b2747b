import { setTimeout as sleep } from "node:timers/promises";
import { batchText } from "../src/app/text-batches";
import type { GenerationEvent } from "../src/providers/provider";

async function* pieces(texts: string[], gapMs = 0): AsyncGenerator<GenerationEvent> {
  for (const text of texts) {
    if (gapMs) await sleep(gapMs);
    yield { type: "text", text };
  }
}

async function collect(events: AsyncIterable<GenerationEvent>): Promise<GenerationEvent[]> {
  const out: GenerationEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

const live = new AbortController().signal;
const texts = (events: GenerationEvent[]) => events.map((event) => (event.type === "text" ? event.text : `[${event.articleId}]`));

describe("batchText", () => {
  it("sends the first piece alone, then merges pieces ready at once into batches of the size limit, keeping every character", async () => {
    const words = Array.from({ length: 40 }, (_, i) => `word${i} `);
    const batches = texts(await collect(batchText(pieces(words), live, { maxChars: 32, maxDelayMs: 1000 })));
    expect(batches[0]).toBe("word0 ");
    expect(batches.join("")).toBe(words.join(""));
    expect(batches.length).toBeLessThan(12);
    for (const batch of batches.slice(1, -1)) expect(batch.length).toBeGreaterThanOrEqual(32);
  });

  it("sends what it holds once the oldest piece has waited the delay limit", async () => {
    const batches = texts(await collect(batchText(pieces(["a", "b", "c"], 60), live, { maxChars: 64, maxDelayMs: 15 })));
    expect(batches).toEqual(["a", "b", "c"]);
  });

  it("passes citations through as they come and ends with what is held", async () => {
    async function* mixed(): AsyncGenerator<GenerationEvent> {
      yield { type: "text", text: "first " };
      yield { type: "text", text: "second " };
      yield { type: "citation", articleId: "a1" };
      yield { type: "text", text: "third" };
    }
    expect(texts(await collect(batchText(mixed(), live, { maxChars: 64, maxDelayMs: 1000 })))).toEqual(["first ", "[a1]", "second third"]);
  });

  it("pulls nothing more from the provider once the signal aborts, even while it holds text", async () => {
    const controller = new AbortController();
    let pulled = 0;
    async function* ignoresSignal(): AsyncGenerator<GenerationEvent> {
      for (;;) {
        pulled += 1;
        await sleep(5);
        yield { type: "text", text: "y" };
      }
    }
    const received: GenerationEvent[] = [];
    setTimeout(() => controller.abort(), 30);
    for await (const event of batchText(ignoresSignal(), controller.signal, { maxChars: 1000, maxDelayMs: 1000 })) received.push(event);
    const pulledAtAbort = pulled;
    await sleep(30);
    expect(received).toHaveLength(1);
    expect(pulled).toBe(pulledAtAbort);
    expect(pulled).toBeLessThan(10);
  });

  it("returns the provider's iterator when the consumer stops", async () => {
    let returned = false;
    async function* endless(): AsyncGenerator<GenerationEvent> {
      try {
        for (;;) yield { type: "text", text: "x" };
      } finally {
        returned = true;
      }
    }
    for await (const event of batchText(endless(), live, { maxChars: 4, maxDelayMs: 1000 })) if (event.type === "text" && event.text.length > 1) break;
    expect(returned).toBe(true);
  });
});
