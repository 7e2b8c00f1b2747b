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

function start(env: Record<string, string>): { child: ChildProcess; exited: Promise<unknown> } {
  const child = spawn(process.execPath, [MAIN], { env: { ...process.env, LOG_LEVEL: "silent", ...env }, stdio: "ignore" });
  return { child, exited: new Promise((r) => child.once("exit", r)) };
}

async function waitReady(client: TestClient, timeoutMs = 30_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(100)) {
    if ((await client.request("GET", "/readyz").then((r) => r.status, () => 0)) === 200) return;
  }
  throw new Error("not ready in time");
}

/**
 * kill -9 at different moments of an answer (right after the 200 headers, after the question was
 * stored, mid-answer): after the restart over the same files, the guest's count equals its answered
 * questions — no unit stays charged for a question without an answer. Needs `make build`.
 */
describe("quota after the process is killed mid-answer", () => {
  let dataDir: string;
  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`make build\` first (make test does)`);
    dataDir = await mkdtemp(join(tmpdir(), "qai-crash-"));
    await mkdir(join(dataDir, "seed"));
    await copyFile(LABOR_LAW, join(dataDir, "seed", "labor.json"));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it.each([
    ["right after the headers", 0],
    ["after the question was stored", 1],
    ["mid-answer", 4],
  ])("refunds or releases the question when killed %s", async (_when, chunksBeforeKill) => {
    const port = await freePort();
    const env = { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: join(dataDir, `data-${chunksBeforeKill}`), KNOWLEDGE_SEED_DIR: join(dataDir, "seed"), QAI_LOCAL_CHUNK_DELAY_MS: "40", WEB_DIST: join(dataDir, "no-web") };
    const client = new TestClient(`http://127.0.0.1:${port}`);
    const first = start(env);
    await waitReady(client);
    await client.request("POST", "/api/guest-session");
    const answered = await client.ask({ question: "ما هي مدة فترة التجربة للعامل؟", language: "ar" });
    expect(answered.events[answered.events.length - 1]).toMatchObject({ isComplete: true });

    const response = await client.request("POST", "/api/chat/ask-stream", { question: "كم مدة الإشعار قبل إنهاء العقد؟", language: "ar" });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    let text = "";
    while ((text.match(/\n\n/g) ?? []).length < chunksBeforeKill) text += new TextDecoder().decode((await reader.read()).value);
    first.child.kill("SIGKILL");
    await first.exited;
    await reader.cancel().catch(() => undefined);

    const second = start(env);
    try {
      await waitReady(client);
      const status = await client.json("GET", "/api/guest-session/status");
      expect(status.body).toMatchObject({ questionsUsed: 1, questionsRemaining: 4 });
    } finally {
      second.child.kill("SIGKILL");
      await second.exited;
    }
  }, 60_000);
});
