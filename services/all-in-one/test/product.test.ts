import { copyFile, mkdtemp, mkdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createLogger } from "@qai/platform";
import { loadAllInOneConfig, startProduct, type RunningProduct } from "@qai/all-in-one";
import { TestClient } from "./http-client";

const LAWS = resolve(__dirname, "../../../data/laws");
/** Labor Law, Arbitration Law and the Civil Transactions Law: enough for real answers, quick to load. */
const SEED_FILES = ["093-08381293-6388-48e2-8ad2-a9a700f2aa94.json", "140-5535039e-13da-43f6-8f53-a9a700f26485.json", "126-655fdb42-8c96-422b-b8c4-b04f0095c94c.json"];

const logger = createLogger({ service: "test", level: "silent" });

async function seedDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "qai-seed-"));
  for (const file of SEED_FILES) await copyFile(join(LAWS, file), join(dir, file));
  return dir;
}

describe("the product, end to end through the gateway", () => {
  let dataDir: string;
  let seed: string;
  let product: RunningProduct;
  let client: TestClient;

  async function start(): Promise<void> {
    const config = loadAllInOneConfig({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, KNOWLEDGE_SEED_DIR: seed, WEB_DIST: join(dataDir, "no-web") });
    product = await startProduct(config, logger);
    await product.ready;
    client = new TestClient(`http://127.0.0.1:${product.port}`);
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "qai-data-"));
    seed = await seedDir();
    await mkdir(dataDir, { recursive: true });
    await start();
  });

  afterAll(async () => {
    await product.stop(1000);
    await rm(dataDir, { recursive: true, force: true });
    await rm(seed, { recursive: true, force: true });
  });

  it("is live and ready once the knowledge base is loaded", async () => {
    expect((await client.json("GET", "/healthz")).status).toBe(200);
    const ready = await client.json("GET", "/readyz");
    expect(ready).toEqual({ status: 200, body: { status: "ready", services: { chat: "serving", conversation: "serving", quota: "serving", knowledge: "serving", accounts: "serving", "admin-analytics": "serving", auth: "serving" } } });
  });

  it("gives every response a request id, keeping the caller's", async () => {
    const own = await fetch(`http://127.0.0.1:${product.port}/healthz`, { headers: { "x-request-id": "trace-42" } });
    expect(own.headers.get("x-request-id")).toBe("trace-42");
    const fresh = await fetch(`http://127.0.0.1:${product.port}/healthz`);
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers unknown API routes with a JSON 404", async () => {
    expect(await client.json("GET", "/api/nothing-here")).toEqual({ status: 404, body: { code: "not_found", error: "المسار المطلوب غير موجود." } });
  });

  it("creates a guest session in a signed HttpOnly cookie", async () => {
    const response = await client.request("POST", "/api/guest-session");
    expect(response.status).toBe(201);
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^qai_guest=s%3A/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(await response.json()).toMatchObject({ questionLimit: 5, remainingQuestions: 5, questionsAsked: 0 });
    // Posting again keeps the same session (the budget cannot be reset that way).
    const again = await client.json("POST", "/api/guest-session");
    expect(again.status).toBe(200);
  });

  it("streams a grounded Arabic answer citing Labor Law article 53, and stores the exchange", async () => {
    const { status, events } = await client.ask({ question: "ما هي مدة فترة التجربة للعامل؟", language: "ar", conversationId: null });
    expect(status).toBe(200);
    const first = events[0]!;
    const final = events[events.length - 1]!;
    expect(first).toMatchObject({ type: "userMessage", conversationId: expect.any(String) });
    const chunks = events.slice(1, -1);
    expect(chunks.length).toBeGreaterThan(10);
    expect(chunks.every((event) => typeof event.content === "string" && Object.keys(event).length === 1)).toBe(true);
    expect(final).toMatchObject({ isComplete: true, conversationId: first.conversationId, messageId: expect.any(String) });
    expect(chunks.map((event) => event.content).join("")).toBe(final.content);
    const citations = final.citations as Array<Record<string, unknown>>;
    expect(citations).toContainEqual(expect.objectContaining({ lawName: "نظام العمل", articleNumber: 53, status: "in_force", sourceUrl: expect.stringMatching(/^https:\/\/laws\.boe\.gov\.sa\/BoeLaws\/Laws\/LawDetails\/08381293-6388-48e2-8ad2-a9a700f2aa94\/1$/) }));
    expect(final.content).toContain("تسعين يوماً");
    // At most 3 follow-ups, from the cited articles (here the exceptions the deciding article makes).
    expect(final.content).toMatch(/### أسئلة متابعة مقترحة\n(- .+\n?){1,3}$/);

    const messages = await client.json<Array<Record<string, unknown>>>("GET", `/api/messages?conversationId=${String(first.conversationId)}`);
    expect(messages.status).toBe(200);
    expect(messages.body.map((m) => m.isUser)).toEqual([true, false]);
    expect(messages.body[0]).toMatchObject({ content: "ما هي مدة فترة التجربة للعامل؟", citation: null, conversationId: first.conversationId });
    expect(messages.body[1]).toMatchObject({ id: final.messageId, content: final.content });
    expect(messages.body[1]!.citation).toContain("نظام العمل، المادة 53");
    expect(String(messages.body[1]!.citation).split("; ")).toHaveLength(citations.length);
  });

  it("answers the same question in English, citing the same article", async () => {
    const { events } = await client.ask({ question: "How long can a probation period last under the Labor Law?", language: "en", conversationId: null });
    const final = events[events.length - 1]!;
    expect(final.isComplete).toBe(true);
    expect(final.content).toMatch(/^\*\*Answer:\*\* Article \d+ of the Labor Law/);
    expect(final.content).toContain("Suggested follow-up questions");
    expect(final.citations).toContainEqual(expect.objectContaining({ lawName: "نظام العمل", articleNumber: 53 }));
  });

  it("says plainly when the knowledge base has no answer, citing nothing", async () => {
    const { events } = await client.ask({ question: "What is the capital of France?", language: "en", conversationId: null });
    const final = events[events.length - 1]!;
    expect(final.content).toMatch(/could not find a provision in the knowledge base/);
    expect(final.citations).toEqual([]);
  });

  it.each([
    ["missing question", { language: "en" }, /The question is required/],
    ["empty question", { question: "", language: "en" }, /The question must not be empty/],
    ["whitespace question", { question: "   \n\t ", language: "en" }, /The question must not be empty/],
    ["too long question", { question: "س".repeat(4001), language: "en" }, /The question must be at most 4000 characters/],
    ["wrong type", { question: 42, language: "en" }, /The question must be a string/],
    ["non-object body", ["ما هي مدة فترة التجربة؟"], /الطلب: يجب أن يكون كائن JSON/],
    ["unknown language", { question: "سؤال", language: "fr" }, /اللغة: يجب أن يكون إحدى القيم: ar، en/],
  ])("refuses a %s with a clear 400 and stores nothing", async (_case, body, message) => {
    const before = await client.json("GET", "/api/guest-session/status");
    const response = await client.request("POST", "/api/chat/ask-stream", body);
    expect(response.status).toBe(400);
    const payload = (await response.json()) as { error: string; code: string };
    expect(payload.code).toBe("invalid_argument");
    expect(payload.error).toMatch(message);
    expect((await client.json("GET", "/api/guest-session/status")).body).toEqual(before.body);
  });

  it("refuses malformed JSON with a clear 400", async () => {
    const response = await client.request("POST", "/api/chat/ask-stream", undefined, '{"question": "ما');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "invalid_argument", error: expect.stringMatching(/JSON/) });
  });

  it("answers errors in Arabic when asked in Arabic", async () => {
    const response = await client.request("POST", "/api/chat/ask-stream", { question: "", language: "ar" });
    expect(((await response.json()) as { error: string }).error).toMatch(/السؤال: يجب ألا يكون فارغًا/);
  });

  it("refuses a caller without a guest session, or with a tampered cookie", async () => {
    const stranger = new TestClient(`http://127.0.0.1:${product.port}`);
    expect((await stranger.ask({ question: "سؤال", language: "ar" })).status).toBe(401);
    stranger.cookieHeader = client.cookieHeader.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect((await stranger.ask({ question: "سؤال", language: "ar" })).status).toBe(401);
    expect((await stranger.ask({ question: "سؤال", language: "ar", userId: "someone" })).status).toBe(401);
  });

  it("does not show one guest's conversation to another", async () => {
    const { events } = await client.ask({ question: "ما شروط صحة اتفاق التحكيم؟", language: "ar", conversationId: null });
    const other = new TestClient(`http://127.0.0.1:${product.port}`);
    await other.request("POST", "/api/guest-session");
    const response = await other.json("GET", `/api/messages?conversationId=${String(events[0]!.conversationId)}`);
    expect(response.status).toBe(404);
  });

  it("stops at 5 questions per guest session with a 429 in the caller's language", async () => {
    const status = await client.json<{ remainingQuestions: number }>("GET", "/api/guest-session/status");
    for (let i = 0; i < status.body.remainingQuestions; i++) await client.ask({ question: "ما هي مدة فترة التجربة للعامل؟", language: "ar" });
    const refused = await client.request("POST", "/api/chat/ask-stream", { question: "سؤال آخر", language: "en" });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: "resource_exhausted", remainingQuestions: 0, error: expect.stringMatching(/free questions/) });
  });

  it("keeps conversations across a restart without importing the laws again", async () => {
    const guest = new TestClient(`http://127.0.0.1:${product.port}`);
    await guest.request("POST", "/api/guest-session");
    const { events } = await guest.ask({ question: "ما هي مدة فترة التجربة للعامل؟", language: "ar" });
    const conversationId = String(events[0]!.conversationId);
    await product.stop(1000);
    await start();
    guest["baseUrl" as keyof TestClient] = `http://127.0.0.1:${product.port}` as never;
    const messages = await guest.json<unknown[]>("GET", `/api/messages?conversationId=${conversationId}`);
    expect(messages.status).toBe(200);
    expect(messages.body).toHaveLength(2);
  });
});
