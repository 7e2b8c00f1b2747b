import { setTimeout as sleep } from "node:timers/promises";
import type { AnswerProvider, GenerationEvent } from "@qai/chat";
import { AppError } from "@qai/platform";
import { TestClient } from "./http-client";
import { signUp, startTestProduct, type TestProduct } from "./test-product";

/**
 * Emits `tokens` pieces of text, one every `intervalMs`. It does not stop by itself when its signal
 * aborts (the wait just ends early): it goes on for as long as it is asked for more, and counts the
 * pieces it was asked for after the abort.
 */
class TickingProvider implements AnswerProvider {
  readonly label: string;
  produced = 0;
  pulledAfterAbort = 0;
  aborts = 0;
  constructor(
    readonly id: string,
    private readonly tokens: number,
    private readonly intervalMs: number,
  ) {
    this.label = id;
  }
  status() {
    return { available: true };
  }
  async *generate(_request: unknown, signal: AbortSignal): AsyncIterable<GenerationEvent> {
    signal.addEventListener("abort", () => (this.aborts += 1), { once: true });
    for (let i = 0; i < this.tokens; i++) {
      if (signal.aborted) this.pulledAfterAbort += 1;
      await sleep(this.intervalMs, undefined, { signal }).catch(() => undefined);
      this.produced += 1;
      yield { type: "text", text: `token${i} ` };
    }
  }
}

/** Writes some text, then fails (no fallback is possible once text was streamed). */
const brokenMidway: AnswerProvider = {
  id: "broken",
  label: "broken",
  status: () => ({ available: true }),
  async *generate() {
    yield { type: "text", text: "Partial " };
    throw new AppError("unavailable", "test provider failed", { userMessage: { ar: "تعذّر على المزوّد الإجابة.", en: "The provider could not answer." } });
  },
};

describe("chat through the gateway: streaming, providers, quotas", () => {
  let running: TestProduct;
  let base: string;
  let now = new Date("2026-04-10T12:00:00Z");
  const fast = new TickingProvider("fast", 5, 1);
  const slow = new TickingProvider("slow", 10_000, 10);
  const heartbeats = new TickingProvider("heartbeats", 4, 60);

  const guest = async () => {
    const client = new TestClient(base);
    await client.request("POST", "/api/guest-session");
    return client;
  };

  beforeAll(async () => {
    running = await startTestProduct({
      env: { USER_DAILY_QUESTION_LIMIT: "3", GUEST_IP_DAILY_QUESTION_LIMIT: "0" },
      overrides: { providers: [fast, slow, heartbeats, brokenMidway], now: () => now, heartbeatMs: 25 },
    });
    base = running.base;
  });
  afterAll(async () => {
    await running.stop();
  });

  it("streams userMessage, then content chunks, then the final object, with heartbeat comments", async () => {
    const client = await guest();
    const { status, events, raw } = await client.ask({ question: "ما هي مدة فترة التجربة للعامل؟", language: "ar", provider: "heartbeats" });
    expect(status).toBe(200);
    expect(raw).toMatch(/^: heartbeat\n\n/m);
    expect(events[0]).toEqual({ type: "userMessage", conversationId: expect.any(String), messageId: expect.any(String), provider: "heartbeats" });
    const chunks = events.slice(1, -1);
    expect(chunks).toEqual(["token0 ", "token1 ", "token2 ", "token3 "].map((content) => ({ content })));
    expect(events[events.length - 1]).toEqual({ isComplete: true, content: "token0 token1 token2 token3 ", conversationId: events[0]!.conversationId, messageId: expect.any(String), citations: [], provider: "heartbeats" });
  });

  it("says when the requested provider is unavailable and QAI-1.0 answered instead", async () => {
    const client = await guest();
    const { events } = await client.ask({ question: "How long can a probation period last under the Labor Law?", language: "en", provider: "openai" });
    expect(events[0]).toMatchObject({ type: "userMessage", provider: "qai-local", fallbackFrom: "openai", fallbackReason: expect.stringMatching(/OPENAI_API_KEY/) });
    const final = events[events.length - 1]!;
    expect(final).toMatchObject({ isComplete: true, provider: "qai-local", fallbackFrom: "openai" });
    expect(final.citations).toContainEqual(expect.objectContaining({ articleNumber: 53 }));
  });

  it("answers a follow-up about the law under discussion", async () => {
    const client = await guest();
    const first = await client.ask({ question: "ما هي مدة فترة التجربة للعامل؟", language: "ar" });
    const conversationId = first.events[0]!.conversationId;
    const { events } = await client.ask({ question: "وماذا عن مدة الإشعار؟", language: "ar", conversationId });
    const final = events[events.length - 1]!;
    const citations = final.citations as Array<{ lawName: string }>;
    expect(citations.length).toBeGreaterThan(0);
    expect(citations.every((c) => c.lawName === "نظام العمل")).toBe(true);
    expect(final.content).toMatch(/إشعار/);
  });

  it("stops generation when the client disconnects: no token is produced after the abort", async () => {
    const client = await guest();
    const controller = new AbortController();
    const response = await fetch(`${base}/api/chat/ask-stream`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: client.cookieHeader },
      body: JSON.stringify({ question: "ما هي مدة فترة التجربة للعامل؟", language: "ar", provider: "slow" }),
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    let text = "";
    while (!text.includes("token3")) text += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    for (let waited = 0; slow.aborts === 0 && waited < 3000; waited += 10) await sleep(10);
    expect(slow.aborts).toBe(1);
    await sleep(100);
    const produced = slow.produced;
    await sleep(100);
    expect(slow.produced).toBe(produced);
    expect(slow.pulledAfterAbort).toBe(0);
    expect(produced).toBeLessThan(50);
    // The question is kept; the stopped answer is not stored, and the question stays counted.
    const conversationId = JSON.parse(text.split("\n\n")[0]!.slice(6)).conversationId as string;
    const messages = await client.json<Array<{ isUser: boolean }>>("GET", `/api/messages?conversationId=${conversationId}`);
    expect(messages.body.map((m) => m.isUser)).toEqual([true]);
    expect((await client.json("GET", "/api/guest-session/status")).body).toMatchObject({ questionsUsed: 1, questionsRemaining: 4 });
  });

  it("refunds a failed answer and reports the error in the request's language", async () => {
    const client = await guest();
    const english = await client.ask({ question: "What is the probation period?", language: "en", provider: "broken" });
    expect(english.events.slice(1)).toEqual([{ content: "Partial " }, { error: "The provider could not answer." }]);
    const arabic = await client.ask({ question: "ما هي مدة فترة التجربة؟", language: "ar", provider: "broken" });
    expect(arabic.events[arabic.events.length - 1]).toEqual({ error: "تعذّر على المزوّد الإجابة." });
    expect((await client.json("GET", "/api/guest-session/status")).body).toMatchObject({ questionsUsed: 0, questionsRemaining: 5, limit: 5 });
  });

  it("accepts exactly 5 of 20 simultaneous guest questions; the other 15 get 429 in their language", async () => {
    const client = await guest();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => client.request("POST", "/api/chat/ask-stream", { question: "ما هي مدة فترة التجربة للعامل؟", language: i % 2 ? "ar" : "en", provider: "fast" })),
    );
    const bodies = await Promise.all(responses.map((r) => r.text()));
    const accepted = responses.filter((r) => r.status === 200);
    expect(accepted).toHaveLength(5);
    const refused = responses.map((r, i) => ({ status: r.status, i, body: bodies[i]! })).filter((r) => r.status !== 200);
    expect(refused).toHaveLength(15);
    for (const { status, i, body } of refused) {
      expect(status).toBe(429);
      const payload = JSON.parse(body) as { error: string; code: string; remainingQuestions: number };
      expect(payload).toMatchObject({ code: "resource_exhausted", remainingQuestions: 0 });
      expect(payload.error).toMatch(i % 2 ? /أسئلتك المجانية/ : /free questions/);
    }
    expect((await client.json("GET", "/api/guest-session/status")).body).toMatchObject({ questionsUsed: 5, questionsRemaining: 0, limit: 5, remainingQuestions: 0, questionsAsked: 5, questionLimit: 5 });
  });

  it("shows a guest's counters (old field names kept) and no reset time", async () => {
    const client = await guest();
    const status = await client.json("GET", "/api/guest-session/status");
    expect(status.body).toEqual({
      sessionId: expect.any(String),
      questionsUsed: 0,
      questionsRemaining: 5,
      limit: 5,
      questionsAsked: 0,
      questionLimit: 5,
      remainingQuestions: 5,
      createdAt: expect.any(String),
    });
    expect((await client.json("GET", "/api/users/question-limit")).body).toEqual({ remainingQuestions: 5, limit: 5, resetsAt: null, questionLimit: 5, isGuest: true });
    expect((await new TestClient(base).json("GET", "/api/guest-session/status")).status).toBe(404);
    expect((await new TestClient(base).json("GET", "/api/users/question-limit")).status).toBe(401);
  });

  it("gives a registered user a daily budget that starts again at midnight in Riyadh", async () => {
    const { token } = await signUp(base, "daily@example.com");
    const call = (method: string, path: string, body?: unknown) =>
      fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) }, body: body ? JSON.stringify(body) : undefined });
    now = new Date("2026-04-10T20:30:00Z"); // 23:30 in Riyadh
    expect(await (await call("GET", "/api/users/question-limit")).json()).toMatchObject({ remainingQuestions: 3, limit: 3, resetsAt: "2026-04-10T21:00:00.000Z", isGuest: false });
    for (let i = 0; i < 3; i++) expect((await call("POST", "/api/chat/ask-stream", { question: "What is the probation period?", language: "en", provider: "fast" }).then(async (r) => [r.status, await r.text()]))[0]).toBe(200);
    const refused = await call("POST", "/api/chat/ask-stream", { question: "What is the probation period?", language: "en", provider: "fast" });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: "You have reached your daily limit of 3 questions. You can continue tomorrow.", resetsAt: "2026-04-10T21:00:00.000Z" });
    now = new Date("2026-04-10T21:00:05Z"); // 00:00:05 on 11 April in Riyadh
    expect(await (await call("GET", "/api/users/question-limit")).json()).toMatchObject({ remainingQuestions: 3, resetsAt: "2026-04-11T21:00:00.000Z" });
    const accepted = await call("POST", "/api/chat/ask-stream", { question: "What is the probation period?", language: "en", provider: "fast" });
    expect(accepted.status).toBe(200);
    await accepted.text();
  });

  // Needs `app.use(providerRoutes(deps))` in services/gateway/src/app.ts.
  it("lists the providers with their status and why one is unavailable", async () => {
    const response = await new TestClient(base).json<Array<Record<string, unknown>>>("GET", "/api/chat/providers");
    expect(response.status).toBe(200);
    expect(response.body).toContainEqual({ id: "qai-local", label: "QAI-1.0", available: true, status: "available", specialised: true });
    expect(response.body).toContainEqual({ id: "openai", label: expect.any(String), available: false, status: "unavailable", reason: expect.stringMatching(/OPENAI_API_KEY/) });
  });
});
