/**
 * The product for `bench/ask.ts`, in a child process: the all-in-one with benchmark providers, so the
 * parent (the load generator) measures the product process alone. Tells the parent its port over IPC
 * and answers "memory" messages with process.memoryUsage(). With BENCH_ALL_LAWS=1 (bench/answer.ts) it
 * seeds the whole of data/laws instead of the Labor Law.
 * "release" ends the streams the `bench-held` provider holds open. Also the product of bench/gateway.ts
 * and bench/streams.ts. BENCH_TRANSPORT=grpc wires the services over loopback gRPC instead of in-process calls.
 */
import { copyFile, mkdtemp, mkdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import type { AnswerProvider, GenerationEvent } from "@qai/chat";
import { createLogger } from "@qai/platform";
import { loadAllInOneConfig, startProduct } from "@qai/all-in-one";

const LAWS = resolve(__dirname, "../data/laws");
const LABOR_LAW = join(LAWS, "093-08381293-6388-48e2-8ad2-a9a700f2aa94.json");
const ALL_LAWS = process.env.BENCH_ALL_LAWS === "1";

/** Wall-clock milliseconds with sub-millisecond precision, comparable across processes. */
export const wallClock = () => performance.timeOrigin + performance.now();

/** Streams held open by `bench-held`, released together by the parent's "release" message. */
const heldStreams = new Set<() => void>();

/**
 * Writes one piece, then holds the answer open (as a slow model would) until the parent sends
 * "release" or the call is cancelled; then writes a second piece and ends (bench/streams.ts).
 */
function held(id: string): AnswerProvider {
  return {
    id,
    label: id,
    status: () => ({ available: true }),
    async *generate(_request, signal): AsyncIterable<GenerationEvent> {
      yield { type: "text", text: "held " };
      await new Promise<void>((resolve) => {
        const release = () => {
          heldStreams.delete(release);
          signal.removeEventListener("abort", release);
          resolve();
        };
        heldStreams.add(release);
        signal.addEventListener("abort", release, { once: true });
      });
      if (!signal.aborted) yield { type: "text", text: "released" };
    },
  };
}

/** Emits `tokens` pieces at a fixed rate; each piece carries the time it was emitted ("@<ms> "). */
function fixedRate(id: string, tokens: number, intervalMs: number): AnswerProvider {
  return {
    id,
    label: id,
    status: () => ({ available: true }),
    async *generate(_request, signal): AsyncIterable<GenerationEvent> {
      for (let i = 0; i < tokens; i++) {
        await sleep(intervalMs, undefined, { signal }).catch(() => undefined);
        if (signal.aborted) return;
        yield { type: "text", text: `@${wallClock().toFixed(3)} ` };
      }
    },
  };
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), "qai-bench-ask-"));
  await mkdir(join(dataDir, "seed"));
  await copyFile(LABOR_LAW, join(dataDir, "seed", "labor.json"));
  const config = loadAllInOneConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    KNOWLEDGE_SEED_DIR: ALL_LAWS ? LAWS : join(dataDir, "seed"),
    WEB_DIST: join(dataDir, "no-web"),
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "silent",
    GUEST_QUESTION_LIMIT: "1000",
    GUEST_IP_DAILY_QUESTION_LIMIT: "0",
    // The load generator is one address: its guest sessions and held streams must not be refused.
    GUEST_SESSIONS_PER_IP: "100000",
    MAX_CONCURRENT_ANSWERS: "10000",
    // bench/gateway.ts signs up and needs the session at once.
    AUTH_AUTOCONFIRM: "true",
  });
  const product = await startProduct(config, createLogger({ level: process.env.BENCH_LOG_LEVEL ?? "silent" }), {
    // 20 tokens/s for the latency runs; one token a second, for 10 s, for the held streams.
    providers: [fixedRate("bench-rate", 3, 50), fixedRate("bench-hold", 10, 1000), held("bench-held")],
    transport: process.env.BENCH_TRANSPORT === "grpc" ? "grpc" : "in-process",
  });
  await product.ready;
  process.on("message", (message) => {
    if (message === "memory") process.send?.({ memory: process.memoryUsage() });
    if (message === "gc") global.gc?.();
    if (message === "release") for (const release of [...heldStreams]) release();
    if (message === "stop") void product.stop(1000).then(() => rm(dataDir, { recursive: true, force: true })).then(() => process.exit(0));
  });
  process.send?.({ port: product.port });
}

void main();
