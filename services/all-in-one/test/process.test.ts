import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { copyFile, mkdtemp, mkdir, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { TestClient } from "./http-client";

const MAIN = resolve(__dirname, "../dist/main.js");
const LABOR_LAW = resolve(__dirname, "../../../data/laws/093-08381293-6388-48e2-8ad2-a9a700f2aa94.json");

async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

interface Started {
  child: ChildProcess;
  exited: Promise<{ code: number | null; at: number }>;
  output: () => string;
}

function startProcess(env: Record<string, string>): Started {
  const child = spawn(process.execPath, [MAIN], { env: { ...process.env, LOG_LEVEL: "info", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<{ code: number | null; at: number }>((r) => child.once("exit", (code) => r({ code, at: Date.now() })));
  return { child, exited, output: () => output };
}

async function waitReady(client: TestClient, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const status = await client.request("GET", "/readyz").then((r) => r.status, () => 0);
    if (status === 200) return;
    await sleep(200);
  }
  throw new Error("not ready in time");
}

/** The built product as `make start` runs it: a real process, real signals. Needs `make build`. */
describe("the product process", () => {
  let dataDir: string;
  let seedDir: string;

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`make build\` first (make test does)`);
    dataDir = await mkdtemp(join(tmpdir(), "qai-process-"));
    seedDir = join(dataDir, "seed");
    await mkdir(seedDir);
    await copyFile(LABOR_LAW, join(seedDir, "labor.json"));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it("refuses to start with a bad variable, naming it", async () => {
    const started = startProcess({ PORT: "http", DATA_DIR: dataDir });
    const { code } = await started.exited;
    expect(code).toBe(78);
    expect(started.output()).toMatch(/PORT="http" is invalid/);
  });

  it("finishes an answer in flight on SIGTERM, exits within 10 s, and keeps it after a restart", async () => {
    const port = await freePort();
    const env = { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: join(dataDir, "data"), KNOWLEDGE_SEED_DIR: seedDir, QAI_LOCAL_CHUNK_DELAY_MS: "15", WEB_DIST: join(dataDir, "no-web") };
    const first = startProcess(env);
    const client = new TestClient(`http://127.0.0.1:${port}`);
    await waitReady(client);
    await client.request("POST", "/api/guest-session");

    const response = await client.request("POST", "/api/chat/ask-stream", { question: "ما هي مدة فترة التجربة للعامل؟", language: "ar" });
    const reader = response.body!.getReader();
    let text = new TextDecoder().decode((await reader.read()).value);
    const signalledAt = Date.now();
    first.child.kill("SIGTERM");
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += new TextDecoder().decode(chunk.value);
    const { code, at } = await first.exited;
    expect(code).toBe(0);
    expect(at - signalledAt).toBeLessThan(10_000);
    expect(first.output()).toMatch(/shutdown complete/);
    const events = text.split("\n\n").filter((b) => b.startsWith("data: ")).map((b) => JSON.parse(b.slice(6)) as Record<string, unknown>);
    expect(events[0]).toMatchObject({ type: "userMessage" });
    expect(events[events.length - 1]).toMatchObject({ isComplete: true });

    const second = startProcess(env);
    await waitReady(client);
    const messages = await client.json<Array<{ isUser: boolean }>>("GET", `/api/messages?conversationId=${String(events[0]!.conversationId)}`);
    expect(messages.body.map((m) => m.isUser)).toEqual([true, false]);
    expect(second.output()).not.toMatch(/knowledge base seeded/);
    second.child.kill("SIGTERM");
    expect((await second.exited).code).toBe(0);
  });
});
