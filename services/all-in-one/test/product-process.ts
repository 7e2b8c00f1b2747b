import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { copyFile, mkdtemp, mkdir } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { TestClient } from "./http-client";

/**
 * The built product as a real process (`make build` first), for the tests of signals and crashes:
 * `node dist/main.js` on a free port, over a temporary data directory seeded with the Labor Law.
 */
const MAIN = resolve(__dirname, "../dist/main.js");
const LABOR_LAW = resolve(__dirname, "../../../data/laws/093-08381293-6388-48e2-8ad2-a9a700f2aa94.json");

export interface ProductProcess {
  child: ChildProcess;
  exited: Promise<{ code: number | null; at: number }>;
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string;
}

/** A fresh temporary directory holding `seed/labor.json` (for KNOWLEDGE_SEED_DIR); fails early without `make build`. */
export async function seededTempDir(prefix: string): Promise<{ dataDir: string; seedDir: string }> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`make build\` first (make test does)`);
  const dataDir = await mkdtemp(join(tmpdir(), prefix));
  const seedDir = join(dataDir, "seed");
  await mkdir(seedDir);
  await copyFile(LABOR_LAW, join(seedDir, "labor.json"));
  return { dataDir, seedDir };
}

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

/** Spawns the product with `env` over the test's own environment (LOG_LEVEL info unless given). */
export function startProcess(env: Record<string, string>): ProductProcess {
  const child = spawn(process.execPath, [MAIN], { env: { ...process.env, LOG_LEVEL: "info", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<{ code: number | null; at: number }>((r) => child.once("exit", (code) => r({ code, at: Date.now() })));
  return { child, exited, output: () => output };
}

/** Resolves once /readyz answers 200. */
export async function waitReady(client: TestClient, timeoutMs = 30_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(100)) {
    if ((await client.request("GET", "/readyz").then((r) => r.status, () => 0)) === 200) return;
  }
  throw new Error("not ready in time");
}
