/**
 * Ask benchmark (DESIGN §7), against the product in a child process (`bench/ask-server.ts`) with
 * providers that emit tokens at a fixed rate:
 *  1. added latency of gateway → chat → provider: from the provider's first token (stamped with the
 *     time it was emitted) to its arrival at the client as the first SSE content chunk; and the
 *     time from sending the request to the first SSE byte. Budget: p50 ≤ 15 ms.
 *  2. 1,000 concurrent SSE streams held (10 s each): errors, and the product process's memory (RSS
 *     and heap; it includes the gateway). Budget: zero errors, under 500 MB. While they are held, a
 *     normal ask (request → final event) against the same ask when idle (budget: within 2×), and
 *     /readyz probes (budget: every one 200).
 * Run with `make bench` (or `npx tsx --tsconfig tsconfig.test.json bench/ask.ts`).
 */
import { fork, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { guestCookie, memoryOf, type Memory } from "./product-calls";

const LATENCY_SAMPLES = 200;
const STREAMS = 1000;
const MB = 1024 * 1024;
const wallClock = () => performance.timeOrigin + performance.now();

async function startServer(): Promise<{ child: ChildProcess; base: string }> {
  const child = fork(resolve(__dirname, "ask-server.ts"), [], { execArgv: ["--import", "tsx"], env: { ...process.env, TSX_TSCONFIG_PATH: resolve(__dirname, "../tsconfig.test.json") }, stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const [message] = (await once(child, "message")) as [{ port: number }];
  return { child, base: `http://127.0.0.1:${message.port}` };
}

interface StreamResult {
  /** Request sent → first SSE byte (ms). */
  firstByteMs: number;
  /** Provider's first token → its arrival here (ms). */
  tokenToClientMs: number;
  /** Request sent → final event (ms). */
  totalMs: number;
  events: number;
  error?: string;
}

/** One question; resolves when the stream ends. `onOpen` is called at the first SSE byte. */
async function ask(base: string, cookie: string, provider: string, onOpen: () => void = () => undefined): Promise<StreamResult> {
  const sent = wallClock();
  const result: StreamResult = { firstByteMs: NaN, tokenToClientMs: NaN, totalMs: NaN, events: 0 };
  try {
    const response = await fetch(`${base}/api/chat/ask-stream`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ question: "ما هي مدة فترة التجربة للعامل؟", language: "ar", provider }),
    });
    if (response.status !== 200) return { ...result, error: `HTTP ${response.status}: ${await response.text()}` };
    const decoder = new TextDecoder();
    let buffer = "";
    let complete = false;
    for await (const bytes of response.body! as unknown as AsyncIterable<Uint8Array>) {
      const now = wallClock();
      if (Number.isNaN(result.firstByteMs)) {
        result.firstByteMs = now - sent;
        onOpen();
      }
      buffer += decoder.decode(bytes, { stream: true });
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (!block.startsWith("data: ")) continue;
        const event = JSON.parse(block.slice(6)) as { content?: string; error?: string; isComplete?: boolean };
        result.events += 1;
        if (event.error) result.error = event.error;
        if (event.isComplete) {
          complete = true;
          result.totalMs = now - sent;
        }
        else if (event.content && Number.isNaN(result.tokenToClientMs)) result.tokenToClientMs = now - Number(event.content.slice(1));
      }
    }
    if (!complete && !result.error) result.error = "stream ended without the final event";
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
  }
  return result;
}

/** Once every stream is open: 10 normal asks one after another, with /readyz probed every 250 ms meanwhile. */
async function measureUnderLoad(base: string, allOpen: () => boolean): Promise<{ asks: StreamResult[]; probes: number[] }> {
  const deadline = performance.now() + 8_000;
  while (!allOpen() && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const cookie = await guestCookie(base);
  const probes: number[] = [];
  let probing = true;
  const prober = (async () => {
    while (probing) {
      probes.push(await fetch(`${base}/readyz`).then((r) => r.status, () => 0));
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  const asks: StreamResult[] = [];
  for (let i = 0; i < 10; i++) asks.push(await ask(base, cookie, "bench-rate"));
  probing = false;
  await prober;
  return { asks, probes };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (value: number) => `${value.toFixed(2)} ms`;

async function main(): Promise<void> {
  const { child, base } = await startServer();
  try {
    // 1. Latency, one question at a time (after a short warm-up).
    const cookie = await guestCookie(base);
    for (let i = 0; i < 10; i++) await ask(base, cookie, "bench-rate");
    const samples: StreamResult[] = [];
    for (let i = 0; i < LATENCY_SAMPLES; i++) samples.push(await ask(base, await guestCookie(base), "bench-rate"));
    const latencyErrors = samples.filter((s) => s.error).length;
    const added = samples.map((s) => s.tokenToClientMs).filter((v) => Number.isFinite(v));
    const firstByte = samples.map((s) => s.firstByteMs).filter((v) => Number.isFinite(v));
    const p50 = percentile(added, 50);
    console.log(`ask latency (${samples.length} questions, provider at 20 tokens/s, 3 tokens, ${latencyErrors} errors)`);
    console.log(`  provider's first token → client (gateway → chat → provider path): p50 ${ms(p50)}, p95 ${ms(percentile(added, 95))}, p99 ${ms(percentile(added, 99))}  [budget p50 ≤ 15 ms: ${p50 <= 15 ? "OK" : "OVER"}]`);
    console.log(`  request → first SSE byte (auth, quota reserve, question stored): p50 ${ms(percentile(firstByte, 50))}, p95 ${ms(percentile(firstByte, 95))}`);
    const idleTotal = percentile(samples.map((s) => s.totalMs).filter((v) => Number.isFinite(v)), 50);

    // 2. 1,000 concurrent streams, held 10 s each.
    const before = await memoryOf(child);
    const cookies = await Promise.all(Array.from({ length: Math.ceil(STREAMS / 1000) }, () => guestCookie(base)));
    let open = 0;
    let peakOpen = 0;
    let peak: Memory = before;
    const started = performance.now();
    const streams = Array.from({ length: STREAMS }, (_, i) =>
      ask(base, cookies[Math.floor(i / 1000)]!, "bench-hold", () => {
        open += 1;
        peakOpen = Math.max(peakOpen, open);
      }).finally(() => (open -= 1)),
    );
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const memory = await memoryOf(child);
        if (memory.rss > peak.rss) peak = memory;
        await new Promise((r) => setTimeout(r, 250));
      }
    })();
    const underLoad = measureUnderLoad(base, () => open >= STREAMS);
    const results = await Promise.all(streams);
    sampling = false;
    await sampler;
    const { asks, probes } = await underLoad;
    const errors = results.filter((r) => r.error);
    const okOpen = peakOpen >= STREAMS && errors.length === 0 && peak.rss < 500 * MB;
    console.log(`${STREAMS} concurrent SSE streams (10 tokens at 1/s each), ${((performance.now() - started) / 1000).toFixed(1)} s`);
    console.log(`  open at once: ${peakOpen}; errors: ${errors.length}${errors.length ? ` (first: ${errors[0]!.error})` : ""}; events received: ${results.reduce((n, r) => n + r.events, 0)}`);
    console.log(`  product process (gateway + services) memory: rss ${(before.rss / MB).toFixed(0)} MB → peak ${(peak.rss / MB).toFixed(0)} MB, heap used ${(before.heapUsed / MB).toFixed(0)} → ${(peak.heapUsed / MB).toFixed(0)} MB  [budget < 500 MB, zero errors: ${okOpen ? "OK" : "OVER"}]`);
    const loadedTotal = percentile(asks.map((a) => a.totalMs).filter((v) => Number.isFinite(v)), 50);
    const askErrors = asks.filter((a) => a.error).length;
    const okLoaded = loadedTotal <= 2 * idleTotal && askErrors === 0;
    console.log(`  a normal ask while they are held (${asks.length} asks, ${askErrors} errors): request → final event p50 ${ms(loadedTotal)} vs ${ms(idleTotal)} idle  [budget ≤ 2× idle: ${okLoaded ? "OK" : "OVER"}]`);
    const failedProbes = probes.filter((status) => status !== 200).length;
    console.log(`  /readyz while they are held: ${probes.length - failedProbes}/${probes.length} answered 200  [budget all: ${failedProbes === 0 ? "OK" : "OVER"}]`);
  } finally {
    child.send("stop");
    await once(child, "exit");
  }
}

void main();
