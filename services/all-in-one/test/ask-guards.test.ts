import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { AnswerProvider, GenerationEvent } from "@qai/chat";
import { openSqliteRecordStore } from "@qai/record-store";
import { TestClient } from "./http-client";
import { signUp, startTestProduct, type SignedUp, type TestProduct } from "./test-product";

const QUESTION = { question: "ما هي مدة فترة التجربة للعامل؟", language: "ar", provider: "quick" };

/** `tokens` pieces, `intervalMs` apart, stopping when aborted. */
function ticking(id: string, tokens: number, intervalMs: number): AnswerProvider {
  return {
    id,
    label: id,
    status: () => ({ available: true }),
    async *generate(_request, signal): AsyncIterable<GenerationEvent> {
      for (let i = 0; i < tokens && !signal.aborted; i++) {
        await sleep(intervalMs, undefined, { signal }).catch(() => undefined);
        if (!signal.aborted) yield { type: "text", text: `t${i} ` };
      }
    },
  };
}

describe("asking: exact budgets, ownership, guest sessions", () => {
  let running: TestProduct;
  let base: string;
  beforeAll(async () => {
    running = await startTestProduct({ overrides: { providers: [ticking("quick", 3, 1)] } });
    base = running.base;
  });
  afterAll(() => running.stop());

  const bearer = (user: SignedUp, method: string, path: string, body?: unknown) =>
    fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  const acceptedOf = async (responses: Response[]) => {
    await Promise.all(responses.map((r) => r.text()));
    return responses.filter((r) => r.status === 200).length;
  };

  it("answers exactly 5 of 200 simultaneous questions of one guest", async () => {
    const client = new TestClient(base);
    await client.request("POST", "/api/guest-session");
    expect(await acceptedOf(await Promise.all(Array.from({ length: 200 }, () => client.request("POST", "/api/chat/ask-stream", QUESTION))))).toBe(5);
  });

  it("answers exactly 20 of 200 simultaneous questions of a user, and none more after deleting and re-creating the account", async () => {
    const first = await signUp(base, "Again@Example.com");
    expect(await acceptedOf(await Promise.all(Array.from({ length: 200 }, () => bearer(first, "POST", "/api/chat/ask-stream", QUESTION))))).toBe(20);
    expect((await bearer(first, "DELETE", "/api/users/account", { authProviderId: first.userId })).status).toBe(200);
    const again = await signUp(base, "again@example.com");
    expect(again.userId).not.toBe(first.userId);
    expect(await (await bearer(again, "GET", "/api/users/question-limit")).json()).toMatchObject({ remainingQuestions: 0, limit: 20 });
    expect(await acceptedOf(await Promise.all(Array.from({ length: 200 }, () => bearer(again, "POST", "/api/chat/ask-stream", QUESTION))))).toBe(0);
  });

  it("answers 404 before streaming for another owner's conversation, and charges nothing", async () => {
    const owner = new TestClient(base);
    await owner.request("POST", "/api/guest-session");
    const { events } = await owner.ask(QUESTION);
    const conversationId = events[0]!.conversationId as string;
    const stranger = new TestClient(base);
    await stranger.request("POST", "/api/guest-session");
    const response = await stranger.request("POST", "/api/chat/ask-stream", { ...QUESTION, language: "en", conversationId });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: "not_found", error: "Conversation not found." });
    expect((await stranger.json("GET", "/api/guest-session/status")).body).toMatchObject({ questionsUsed: 0 });
  });

  it("marks the guest cookie Secure when the request came over HTTPS through the trusted proxy", async () => {
    const viaProxy = await fetch(`${base}/api/guest-session`, { method: "POST", headers: { "x-forwarded-proto": "https" } });
    expect(viaProxy.headers.get("set-cookie")).toMatch(/;\s*Secure/i);
    const plain = await fetch(`${base}/api/guest-session`, { method: "POST" });
    expect(plain.headers.get("set-cookie")).not.toMatch(/;\s*Secure/i);
  });
});

describe("asking under load limits", () => {
  let running: TestProduct;
  let base: string;
  beforeAll(async () => {
    running = await startTestProduct({ env: { MAX_CONCURRENT_ANSWERS: "2", GUEST_SESSIONS_PER_IP: "2" }, overrides: { providers: [ticking("held", 10_000, 20)] } });
    base = running.base;
  });
  afterAll(() => running.stop());

  it("rate-limits new guest sessions per address (429 in both languages) and stores none until a question", async () => {
    for (let i = 0; i < 2; i++) expect((await fetch(`${base}/api/guest-session`, { method: "POST" })).status).toBe(201);
    const refused = await fetch(`${base}/api/guest-session`, { method: "POST", headers: { "accept-language": "ar" } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ code: "resource_exhausted", error: expect.stringMatching(/جلسات ضيف كثيرة/) });
    const store = await openSqliteRecordStore({ file: join(running.dataDir, "quota.db") });
    expect(await store.collection("guest_sessions").count()).toBe(0);
    await store.close();
  });

  it("refuses an answer beyond the process's cap with 503 and Retry-After, uncharged; /readyz stays 200", async () => {
    // Another address (X-Forwarded-For through the trusted loopback proxy) still gets a session.
    const client = new TestClient(base);
    const session = await fetch(`${base}/api/guest-session`, { method: "POST", headers: { "x-forwarded-for": "198.51.100.1" } });
    expect(session.status).toBe(201);
    client.cookieHeader = (session.headers.get("set-cookie") ?? "").split(";")[0]!;
    const held = [new AbortController(), new AbortController()];
    const streams = await Promise.all(
      held.map((controller) =>
        fetch(`${base}/api/chat/ask-stream`, { method: "POST", headers: { "content-type": "application/json", cookie: client.cookieHeader }, body: JSON.stringify({ ...QUESTION, provider: "held" }), signal: controller.signal }),
      ),
    );
    expect(streams.map((s) => s.status)).toEqual([200, 200]);
    const refused = await client.request("POST", "/api/chat/ask-stream", { ...QUESTION, language: "en", provider: "held" });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(await refused.json()).toMatchObject({ code: "unavailable", error: expect.stringMatching(/not counted/) });
    expect((await client.json("GET", "/api/guest-session/status")).body).toMatchObject({ questionsUsed: 2 });
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    for (const controller of held) controller.abort();
  });
});
