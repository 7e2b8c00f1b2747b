/**
 * Streams benchmark (DESIGN §7: 5,000 concurrent answer streams without errors at ≤ 40 KB RSS each,
 * memory returned afterwards). Against two servers, one after the other, each in its own child process:
 *  - the anchor: a bare `node:http` SSE server (`bench/sse-anchor-server.ts`) holding the streams open;
 *  - the product (`bench/ask-server.ts`: gateway → chat → conversation/quota/knowledge, over the in-process
 *    transport of the embedded default, or gRPC with BENCH_TRANSPORT=grpc) answering
 *    every question with the `bench-held` provider, which writes one piece and then holds the answer open.
 * STREAMS (default 5,000) asks are opened, at most OPENING_IN_FLIGHT being opened at once; a stream
 * counts as open at its first content event. With every stream open, the server's RSS is sampled; then
 * the server releases them all, each must end with its final event (the product stores every answer),
 * and RSS is sampled again: its lowest over AFTER_CLOSE_MS, then after one full garbage collection
 * (the servers run with --expose-gc; V8 does the same by itself once a process is idle, on its own
 * schedule). Reports the open rate, errors, RSS per open stream (growth over the idle server ÷
 * STREAMS) and RSS after close. Budgets: 0 errors, ≤ 40 KB per stream, opening 5,000 in < 20 s, and
 * memory returned: after the collection, the live heap holds at most 25 % of its growth above the idle
 * server. RSS then is reported beside the anchor's but has no budget: whether V8 shrinks the young
 * generation it grew during the burst depends on the allocation rate it last sampled (3–7 MB or ~31 MB of
 * ~125 MB still held over runs of the same code, the heap's total 37 or 69 MB; the anchor keeps 26 MB of 63).
 * Run with `make bench` (or `npx tsx --tsconfig tsconfig.test.json bench/streams.ts`).
 */
import { fork, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { request } from "node:http";
import { resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { guestCookie, memoryOf, type Memory } from "./product-calls";

const STREAMS = Number(process.env.STREAMS ?? 5000);
const OPENING_IN_FLIGHT = 128;
/** Questions per guest session (the bench server's GUEST_QUESTION_LIMIT). */
const QUESTIONS_PER_GUEST = 1000;
const SETTLE_MS = 2_000;
const AFTER_CLOSE_MS = 10_000;
const GC_SETTLE_MS = 1_000;
const KB = 1024;
const MB = 1024 * KB;

interface Server {
  child: ChildProcess;
  port: number;
}

async function startServer(file: string): Promise<Server> {
  const child = fork(resolve(__dirname, file), [], {
    execArgv: ["--import", "tsx", "--expose-gc"],
    // No `paths`: @qai/* resolve to the built packages (dist/, as `make start` runs them), not to the
    // TypeScript sources, whose tsx transform gives every function created per request its own name
    // property (a few KB per stream that the product does not have).
    env: { ...process.env, TSX_TSCONFIG_PATH: resolve(__dirname, "../tsconfig.base.json") },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const [message] = (await once(child, "message")) as [{ port: number }];
  return { child, port: message.port };
}

async function stopServer({ child }: Server): Promise<void> {
  child.send("stop");
  await once(child, "exit");
}

interface HeldStream {
  /** Resolves at the first content event (or the stream's end, if it fails first). */
  opened: Promise<void>;
  /** Resolves when the stream ends: undefined, or what went wrong. */
  ended: Promise<string | undefined>;
}

/** One ask over its own connection; the body is parsed as SSE until the final event. */
function openStream(port: number, cookie: string): HeldStream {
  let markOpen!: () => void;
  const opened = new Promise<void>((done) => (markOpen = done));
  const ended = new Promise<string | undefined>((finish) => {
    const body = JSON.stringify({ question: "ما هي مدة فترة التجربة للعامل؟", language: "ar", provider: "bench-held" });
    const call = request({ host: "127.0.0.1", port, path: "/api/chat/ask-stream", method: "POST", agent: false, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), cookie } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        markOpen();
        finish(`HTTP ${response.statusCode}`);
        return;
      }
      response.setEncoding("utf8");
      let buffer = "";
      let outcome: string | undefined = "stream ended without the final event";
      response.on("data", (text: string) => {
        buffer += text;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!block.startsWith("data: ")) continue;
          const event = JSON.parse(block.slice(6)) as { content?: string; error?: string; isComplete?: boolean };
          if (event.error) outcome = event.error;
          else if (event.isComplete) outcome = undefined;
          else if (event.content) markOpen();
        }
      });
      response.on("end", () => {
        markOpen();
        finish(outcome);
      });
      response.on("error", (error) => {
        markOpen();
        finish(error.message);
      });
    });
    call.on("error", (error) => {
      markOpen();
      finish(error.message);
    });
    call.end(body);
  });
  return { opened, ended };
}

interface RunResult {
  openSeconds: number;
  errors: string[];
  idle: Memory;
  open: Memory;
  /** All still open, after a full garbage collection. */
  openAfterGc: Memory;
  afterClose: Memory;
  /** After a full garbage collection: what the process still holds. */
  afterGc: Memory;
}

/** Opens STREAMS streams, samples memory with all of them open, releases them and samples again. */
async function run(server: Server, cookies: string[]): Promise<RunResult> {
  await sleep(SETTLE_MS);
  server.child.send("gc");
  // As after close: V8 gives the pages a collection freed (or evacuated) back to the system shortly after it.
  await sleep(GC_SETTLE_MS);
  const idle = await memoryOf(server.child);
  const streams: HeldStream[] = [];
  const started = performance.now();
  let next = 0;
  const opener = async () => {
    while (next < STREAMS) {
      const stream = openStream(server.port, cookies[Math.floor(next / QUESTIONS_PER_GUEST)] ?? "");
      next += 1;
      streams.push(stream);
      await stream.opened;
    }
  };
  await Promise.all(Array.from({ length: OPENING_IN_FLIGHT }, opener));
  const openSeconds = (performance.now() - started) / 1000;
  await sleep(SETTLE_MS);
  let open = await memoryOf(server.child);
  for (let sample = 0; sample < 3; sample++) {
    await sleep(250);
    const memory = await memoryOf(server.child);
    if (memory.rss > open.rss) open = memory;
  }
  // What the open streams themselves hold: the heap after a full collection, all still open.
  server.child.send("gc");
  const openAfterGc = await memoryOf(server.child);
  server.child.send("release");
  const errors = (await Promise.all(streams.map((stream) => stream.ended))).filter((error): error is string => error !== undefined);
  // The lowest RSS over AFTER_CLOSE_MS: what the process gives back once the streams are gone.
  let afterClose = await memoryOf(server.child);
  const until = performance.now() + AFTER_CLOSE_MS;
  while (performance.now() < until) {
    await sleep(500);
    const memory = await memoryOf(server.child);
    if (memory.rss < afterClose.rss) afterClose = memory;
  }
  server.child.send("gc");
  await sleep(GC_SETTLE_MS);
  const afterGc = await memoryOf(server.child);
  return { openSeconds, errors, idle, open, openAfterGc, afterClose, afterGc };
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
const perStream = (result: RunResult) => (result.open.rss - result.idle.rss) / STREAMS;

function report(name: string, result: RunResult): void {
  const errors = result.errors.length;
  console.log(`  ${name}: opened ${STREAMS} in ${result.openSeconds.toFixed(1)} s (${(STREAMS / result.openSeconds).toFixed(0)} streams/s); errors ${errors}${errors ? ` (first: ${result.errors[0]})` : ""}`);
  console.log(
    `    RSS idle ${mb(result.idle.rss)} → all open ${mb(result.open.rss)} (${(perStream(result) / KB).toFixed(1)} KB per stream; heap used ${mb(result.idle.heapUsed)} → ${mb(result.open.heapUsed)}, after a full GC ${((result.openAfterGc.rss - result.idle.rss) / STREAMS / KB).toFixed(1)} KB RSS and ${((result.openAfterGc.heapUsed - result.idle.heapUsed) / STREAMS / KB).toFixed(1)} KB live heap per stream) → after close ${mb(result.afterClose.rss)} (heap used ${mb(result.afterClose.heapUsed)}), after a full GC ${mb(result.afterGc.rss)} (heap used ${mb(result.afterGc.heapUsed)} of ${mb(result.afterGc.heapTotal)}, external ${mb(result.afterGc.external)})`,
  );
}

async function main(): Promise<void> {
  console.log(`${STREAMS} concurrent open answer streams (${OPENING_IN_FLIGHT} being opened at a time, each on its own connection)`);
  const anchorServer = await startServer("sse-anchor-server.ts");
  let anchor: RunResult;
  try {
    anchor = await run(anchorServer, []);
  } finally {
    await stopServer(anchorServer);
  }
  report("anchor (bare node:http SSE server)", anchor);

  const productServer = await startServer("ask-server.ts");
  let product: RunResult;
  try {
    const cookies = await Promise.all(Array.from({ length: Math.ceil(STREAMS / QUESTIONS_PER_GUEST) }, () => guestCookie(`http://127.0.0.1:${productServer.port}`)));
    product = await run(productServer, cookies);
  } finally {
    await stopServer(productServer);
  }
  report(`product (gateway → chat over ${process.env.BENCH_TRANSPORT === "grpc" ? "gRPC" : "the in-process transport"}, bench-held provider)`, product);

  const kb = perStream(product) / KB;
  const heldShare = (result: RunResult) => `${mb(result.afterGc.rss - result.idle.rss)} of the ${mb(result.open.rss - result.idle.rss)} growth`;
  const heapGrowth = product.open.heapUsed - product.idle.heapUsed;
  const heapKept = product.afterGc.heapUsed - product.idle.heapUsed;
  const verdict = (ok: boolean) => (ok ? "OK" : "OVER");
  console.log(`  product per stream: ${kb.toFixed(1)} KB = ${(perStream(product) / perStream(anchor)).toFixed(1)}× the anchor's  [budget ≤ 40 KB: ${verdict(kb <= 40)}]`);
  console.log(`  errors: ${product.errors.length}  [budget 0: ${verdict(product.errors.length === 0)}]`);
  console.log(`  opening ${STREAMS}: ${product.openSeconds.toFixed(1)} s  [budget < ${(20 * STREAMS) / 5000} s: ${verdict(product.openSeconds < (20 * STREAMS) / 5000)}]`);
  console.log(`  after close and a full GC, live heap: ${mb(heapKept)} of the ${mb(heapGrowth)} growth still held  [budget ≤ 25 %: ${verdict(heapKept <= 0.25 * heapGrowth)}]`);
  console.log(`  after close and a full GC, RSS: ${heldShare(product)} still held (anchor: ${heldShare(anchor)}; heap total ${mb(product.afterGc.heapTotal)}, idle ${mb(product.idle.heapTotal)})`);
}

void main();
