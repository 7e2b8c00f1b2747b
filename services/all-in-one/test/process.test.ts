import { spawn } from "node:child_process";
import { rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { FakeOpenAi } from "../../chat/test/fake-openai";
import { TestClient } from "./http-client";
import { freePort, seededTempDir, startProcess, waitReady } from "./product-process";

/**
 * The built product as `make start` runs it: a real process, real signals. The answer in flight comes
 * from a fake OpenAI endpoint writing a piece every 30 ms (qai-local answers at once). Needs `make build`.
 */
describe("the product process", () => {
  let dataDir: string;
  let seedDir: string;
  const openAi = new FakeOpenAi();
  let openAiUrl: string;

  beforeAll(async () => {
    ({ dataDir, seedDir } = await seededTempDir("qai-process-"));
    openAiUrl = await openAi.start();
    openAi.behaviour = { kind: "stream", tokens: Array.from({ length: 40 }, (_, i) => `Piece ${i}. `), intervalMs: 30 };
  });
  afterAll(async () => {
    await openAi.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("refuses to start with a bad variable, naming it", async () => {
    const started = startProcess({ PORT: "http", DATA_DIR: dataDir });
    const { code } = await started.exited;
    expect(code).toBe(78);
    expect(started.output()).toMatch(/PORT="http" is invalid/);
  });

  it("finishes an answer in flight on SIGTERM, exits within 10 s, and keeps it after a restart", async () => {
    const port = await freePort();
    const env = { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: join(dataDir, "data"), KNOWLEDGE_SEED_DIR: seedDir, OPENAI_BASE_URL: openAiUrl, OPENAI_API_KEY: "test-key", WEB_DIST: join(dataDir, "no-web") };
    const first = startProcess(env);
    const client = new TestClient(`http://127.0.0.1:${port}`);
    await waitReady(client);
    await client.request("POST", "/api/guest-session");

    const response = await client.request("POST", "/api/chat/ask-stream", { question: "ما هي مدة فترة التجربة للعامل؟", language: "ar", provider: "openai" });
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

  it("does not load the clients of the distributed mode, SMTP or the OpenAI SDK in the embedded default", async () => {
    const port = await freePort();
    // The product's own main, with a reporter of the packages it loaded, written as the process exits.
    const report = `process.on("exit", () => require("node:fs").writeSync(2, "LOADED " + JSON.stringify(Object.keys(require.cache)) + "\\n"));`;
    const child = spawn(process.execPath, ["-e", `${report} require(${JSON.stringify(resolve(__dirname, "../dist/main.js"))});`], {
      env: { ...process.env, LOG_LEVEL: "warn", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: join(dataDir, "embedded"), KNOWLEDGE_SEED_DIR: seedDir, WEB_DIST: join(dataDir, "no-web") },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise((r) => child.once("exit", r));
    const client = new TestClient(`http://127.0.0.1:${port}`);
    await waitReady(client);
    await client.request("POST", "/api/guest-session");
    expect((await client.request("POST", "/api/chat/ask-stream", { question: "ما هي مدة فترة التجربة للعامل؟", language: "ar" })).status).toBe(200);
    child.kill("SIGTERM");
    await exited;
    const loaded = (JSON.parse(/LOADED (.*)/.exec(stderr)![1]!) as string[]).map((file) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1]).filter(Boolean);
    expect(loaded).toEqual(expect.arrayContaining(["better-sqlite3", "express", "@grpc/grpc-js"]));
    for (const name of ["kafkajs", "@elastic/elasticsearch", "mongoose", "ioredis", "nodemailer", "openai"]) expect(loaded).not.toContain(name);
  });
});
