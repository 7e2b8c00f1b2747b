/**
 * Start-up and event-loop benchmark (issue 14, item 5): the built product (`node services/all-in-one/dist/main.js`,
 * `make build` first) as a real process over a temporary DATA_DIR seeded with the whole sample knowledge base.
 * Measures, from spawn: the first 200 of /healthz and of /readyz — on the first start (the seed import), on a
 * restart over the stored data (with the index snapshot) and on a restart without the snapshot (index rebuilt
 * from the store) — then /healthz latency while an admin replaces the knowledge base through
 * /api/admin/knowledge/replace (open loop: one probe every 10 ms, whatever the previous one is doing).
 * Budgets: /healthz ≤ 200 ms after spawn; /readyz ≤ 1.5 s on existing data; /healthz p99 < 50 ms during the replace.
 * `STARTUP_REPLACE_COPIES` (default 2): the replace brings the corpus this many times (copies with new guids).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { request } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";

const ROOT = resolve(__dirname, "..");
const MAIN = join(ROOT, "services/all-in-one/dist/main.js");
const ADMIN_CLI = join(ROOT, "services/accounts/dist/cli.js");
const LAWS = join(ROOT, "data/laws");
const SNAPSHOT = "knowledge-index.snapshot";
const COPIES = Number(process.env.STARTUP_REPLACE_COPIES ?? 2);
const ADMIN = { email: "bench-admin@example.com", password: "a-good-bench-password" };

interface Reply {
  status: number;
  body: string;
}

function call(port: number, method: string, path: string, body?: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolvePromise, reject) => {
    const req = request({ host: "127.0.0.1", port, method, path, headers: { ...(body ? { "content-type": "application/json" } : {}), ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolvePromise({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

/** Polls `path` every 5 ms until it answers 200; ms since `from`. */
async function firstOk(port: number, path: string, from: number, exited: () => boolean): Promise<number> {
  for (;;) {
    if (exited()) throw new Error(`the product exited before ${path} answered`);
    const status = await call(port, "GET", path).then((r) => r.status, () => 0);
    if (status === 200) return performance.now() - from;
    await sleep(5);
  }
}

interface Started {
  child: ChildProcess;
  healthzMs: number;
  readyzMs: number;
}

async function start(env: Record<string, string>): Promise<Started> {
  const from = performance.now();
  const child = spawn(process.execPath, [MAIN], { env: { ...process.env, LOG_LEVEL: "warn", ...env }, stdio: ["ignore", "ignore", "inherit"] });
  let gone = false;
  child.once("exit", () => (gone = true));
  const port = Number(env.PORT);
  const healthzMs = await firstOk(port, "/healthz", from, () => gone);
  const readyzMs = await firstOk(port, "/readyz", from, () => gone);
  return { child, healthzMs, readyzMs };
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

async function adminBearer(port: number, dataDir: string): Promise<Record<string, string>> {
  const signup = await call(port, "POST", "/auth/v1/signup", JSON.stringify({ ...ADMIN, data: { first_name: "Bench", last_name: "Admin" } }));
  if (signup.status >= 300) throw new Error(`signup: ${signup.status} ${signup.body}`);
  const token = await call(port, "POST", "/auth/v1/token?grant_type=password", JSON.stringify(ADMIN));
  if (token.status !== 200) throw new Error(`sign-in: ${token.status} ${token.body}`);
  const bearer = { authorization: `Bearer ${(JSON.parse(token.body) as { access_token: string }).access_token}` };
  const grant = spawn(process.execPath, [ADMIN_CLI, "grant", ADMIN.email], { env: { ...process.env, DATA_DIR: dataDir }, stdio: "ignore" });
  const code = await new Promise((r) => grant.once("exit", r));
  if (code !== 0) throw new Error(`admin grant exited with ${String(code)}`);
  // The browser's sign-in sync creates the profile and applies the pending grant.
  await call(port, "POST", "/api/users", JSON.stringify({ email: ADMIN.email, firstName: "Bench", lastName: "Admin" }), bearer);
  for (let attempt = 0; attempt < 100; attempt++, await sleep(50)) {
    if ((await call(port, "GET", "/api/admin/stats", undefined, bearer)).status === 200) return bearer;
  }
  throw new Error("the admin grant did not take effect");
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** /healthz latencies (sorted) from one probe every 10 ms until `work` settles, and how many probes failed. */
async function probeDuring(port: number, work: Promise<unknown>): Promise<{ latencies: number[]; failed: number }> {
  const latencies: number[] = [];
  let failed = 0;
  const pending: Promise<void>[] = [];
  let done = false;
  void work.finally(() => (done = true)).catch(() => undefined);
  while (!done) {
    const sent = performance.now();
    pending.push(call(port, "GET", "/healthz").then(() => void latencies.push(performance.now() - sent), () => void (failed += 1)));
    await sleep(10);
  }
  await Promise.all(pending);
  return { latencies: latencies.sort((a, b) => a - b), failed };
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), "qai-startup-"));
  const port = await freePort();
  const env = { PORT: String(port), DATA_DIR: dataDir, KNOWLEDGE_SEED_DIR: LAWS, AUTH_AUTOCONFIRM: "true" };
  const line = (label: string, started: Started, budget: string) =>
    console.log(`${label.padEnd(36)}/healthz ${started.healthzMs.toFixed(0).padStart(5)} ms   /readyz ${started.readyzMs.toFixed(0).padStart(5)} ms   ${budget}`);
  let child: ChildProcess | undefined;
  try {
    const first = await start(env);
    child = first.child;
    line("first start (seeds 16,014 articles)", first, "(budget /healthz ≤ 200 ms)");
    await stop(child);
    const snapshotBytes = (await stat(join(dataDir, SNAPSHOT)).catch(() => undefined))?.size ?? 0;
    console.log(`search-index snapshot               ${(snapshotBytes / 1e6).toFixed(1)} MB`);
    const restart = await start(env);
    child = restart.child;
    line("restart (index snapshot)", restart, "(budget /healthz ≤ 200 ms, /readyz ≤ 1500 ms)");
    await stop(child);
    await rm(join(dataDir, SNAPSHOT), { force: true });
    const rebuilt = await start(env);
    child = rebuilt.child;
    line("restart without the snapshot", rebuilt, "(budget /healthz ≤ 200 ms)");

    const bearer = await adminBearer(port, dataDir);
    const names = (await readdir(LAWS)).filter((name) => name.endsWith(".json")).sort();
    const laws = await Promise.all(names.map(async (name) => JSON.parse(await readFile(join(LAWS, name), "utf8")) as Record<string, unknown>));
    const files = laws.flatMap((law) => [law, ...Array.from({ length: COPIES - 1 }, () => ({ ...law, guid: randomUUID() }))]);
    const body = JSON.stringify({ files, uploadMode: "replace" });
    const started = performance.now();
    const replace = call(port, "POST", "/api/admin/knowledge/replace", body, bearer);
    const { latencies, failed } = await probeDuring(port, replace);
    const replaced = await replace;
    const replaceMs = performance.now() - started;
    if (replaced.status !== 200) throw new Error(`replace: ${replaced.status} ${replaced.body.slice(0, 300)}`);
    console.log(
      `/healthz during a ${COPIES}× replace (${files.length} files, ${(Buffer.byteLength(body) / 1e6).toFixed(0)} MB, ${(replaceMs / 1000).toFixed(1)} s): ` +
        `${latencies.length} probes (${failed} failed), p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, ` +
        `max ${latencies[latencies.length - 1]!.toFixed(0)} ms  (budget p99 < 50 ms)`,
    );
  } finally {
    if (child && child.exitCode === null) await stop(child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
