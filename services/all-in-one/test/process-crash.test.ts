import { rm } from "node:fs/promises";
import { join } from "node:path";
import { FakeOpenAi } from "../../chat/test/fake-openai";
import { TestClient } from "./http-client";
import { freePort, seededTempDir, startProcess, waitReady } from "./product-process";

/**
 * kill -9 at different moments of an answer (right after the 200 headers, after the question was
 * stored, mid-answer): after the restart over the same files, the guest's count equals its answered
 * questions — no unit stays charged for a question without an answer. The answer killed comes from
 * a fake OpenAI endpoint writing a piece every 100 ms (qai-local answers at once). Needs `make build`.
 */
describe("quota after the process is killed mid-answer", () => {
  let dataDir: string;
  let seedDir: string;
  const openAi = new FakeOpenAi();
  let openAiUrl: string;
  beforeAll(async () => {
    ({ dataDir, seedDir } = await seededTempDir("qai-crash-"));
    openAiUrl = await openAi.start();
    openAi.behaviour = { kind: "stream", tokens: Array.from({ length: 50 }, (_, i) => `Piece ${i}. `), intervalMs: 100 };
  });
  afterAll(async () => {
    await openAi.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it.each([
    ["right after the headers", 0],
    ["after the question was stored", 1],
    ["mid-answer", 4],
  ])("refunds or releases the question when killed %s", async (_when, chunksBeforeKill) => {
    const port = await freePort();
    const env = { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: join(dataDir, `data-${chunksBeforeKill}`), KNOWLEDGE_SEED_DIR: seedDir, LOG_LEVEL: "silent", OPENAI_BASE_URL: openAiUrl, OPENAI_API_KEY: "test-key", WEB_DIST: join(dataDir, "no-web") };
    const client = new TestClient(`http://127.0.0.1:${port}`);
    const first = startProcess(env);
    await waitReady(client);
    await client.request("POST", "/api/guest-session");
    const answered = await client.ask({ question: "ما هي مدة فترة التجربة للعامل؟", language: "ar" });
    expect(answered.events[answered.events.length - 1]).toMatchObject({ isComplete: true });

    const response = await client.request("POST", "/api/chat/ask-stream", { question: "كم مدة الإشعار قبل إنهاء العقد؟", language: "ar", provider: "openai" });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    let text = "";
    while ((text.match(/\n\n/g) ?? []).length < chunksBeforeKill) text += new TextDecoder().decode((await reader.read()).value);
    first.child.kill("SIGKILL");
    await first.exited;
    await reader.cancel().catch(() => undefined);

    const second = startProcess(env);
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
