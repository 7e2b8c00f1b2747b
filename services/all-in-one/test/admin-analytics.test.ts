import { signUp, startTestProduct, type SignedUp, type TestProduct } from "./test-product";

const ADMIN = "analytics-admin@example.com";

interface Reply {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON of many shapes
}

/** Every admin statistics call of spec §7 (and ours beyond it), as GET paths. */
const ADMIN_READS = [
  "/api/admin/stats",
  "/api/admin/system-stats",
  "/api/admin/users",
  "/api/admin/user-stats",
  "/api/admin/email-users",
  "/api/admin/active-users",
  "/api/admin/active-users/now",
  "/api/admin/active-users/today",
  "/api/admin/active-users/week",
  "/api/admin/questions",
  "/api/admin/feedback-stats",
  "/api/admin/insights",
  "/api/admin/audit",
];

/** Retries `check` until it passes: the figures follow the events a moment after the request that caused them. */
async function eventually(check: () => Promise<void>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** The admin calls through the real product, after realistic traffic from guests and users in both languages. */
describe("admin analytics through the gateway", () => {
  let running: TestProduct;
  let admin: SignedUp;
  let sara: SignedUp;
  let omar: SignedUp;
  let guestCookie = "";

  async function call(method: string, path: string, session?: SignedUp | "guest", body?: unknown): Promise<Reply> {
    const headers: Record<string, string> = { "accept-language": "en" };
    if (session === "guest") headers.cookie = guestCookie;
    else if (session) headers.authorization = `Bearer ${session.token}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(`${running.base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const setCookie = response.headers.get("set-cookie");
    if (session === "guest" && setCookie) guestCookie = setCookie.split(";")[0]!;
    const text = await response.text();
    const json = response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : undefined;
    const events = text.split("\n\n").filter((block) => block.startsWith("data: ")).map((block) => JSON.parse(block.slice(6)));
    return { status: response.status, body: json ?? events };
  }

  /** Asks and returns the final event (its messageId is the answer's). */
  async function ask(session: SignedUp | "guest", question: string, language: "ar" | "en", conversationId?: string) {
    const reply = await call("POST", "/api/chat/ask-stream", session, { question, language, ...(conversationId ? { conversationId } : {}) });
    expect(reply.status).toBe(200);
    const final = reply.body.at(-1);
    expect(final).toMatchObject({ isComplete: true });
    return final as { messageId: string; conversationId: string; citations: Array<{ lawName: string }> };
  }

  const react = (session: SignedUp | "guest", messageId: string, type: "like" | "dislike") => call("POST", "/api/feedback", session, { messageId, type });

  beforeAll(async () => {
    // Confirmation by mail: ADMIN_EMAILS counts only for addresses proven that way.
    running = await startTestProduct({ env: { ADMIN_EMAILS: ADMIN, AUTH_AUTOCONFIRM: "false" } });
    admin = await signUp(running.base, ADMIN);
    sara = await signUp(running.base, "sara@example.com");
    omar = await signUp(running.base, "omar@example.org");
    for (const [who, firstName] of [[admin, "Admin"], [sara, "Sara"], [omar, "Omar"]] as const) {
      expect((await call("POST", "/api/users", who, { firstName, lastName: "Alotaibi" })).status).toBe(200);
    }
    expect((await call("POST", "/api/guest-session", "guest")).status).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await running?.stop();
  });

  it("answers every admin call 401 without a token and 403 for a registered non-admin", async () => {
    for (const path of ADMIN_READS) {
      expect([path, (await call("GET", path)).status]).toEqual([path, 401]);
      const refused = await call("GET", path, sara);
      expect([path, refused.status, refused.body.code]).toEqual([path, 403, "permission_denied"]);
    }
    const patch = `/api/admin/users/${sara.userId}/admin`;
    expect((await call("PATCH", patch, undefined, { isAdmin: true })).status).toBe(401);
    expect((await call("PATCH", patch, sara, { isAdmin: true })).status).toBe(403);
  });

  it("counts questions, conversations, languages, owners, feedback and gaps as they happened, and keeps a deleted user's counts", async () => {
    const leave = await ask("guest", "كم مدة الإجازة السنوية المستحقة للعامل؟", "ar");
    // The same question with diacritics and without punctuation, in the same conversation.
    await ask("guest", "كم مدةُ الإجازةِ السنوية المستحقة للعامل", "ar", leave.conversationId);
    const english = await ask(sara, "How long is the annual leave of a worker?", "en");
    const saraLeave = await ask(sara, "كم مدة الإجازة السنوية المستحقة للعامل", "ar");
    const gap = await ask(omar, "ما هي عاصمة فرنسا؟", "ar");
    await ask(omar, "What is the probation period under the Labor Law?", "en");
    expect(gap.citations).toEqual([]);
    expect(leave.citations[0]?.lawName).toBe("نظام العمل");

    expect((await react("guest", leave.messageId, "like")).status).toBe(200);
    expect((await react(sara, english.messageId, "dislike")).status).toBe(200);
    expect((await react(sara, saraLeave.messageId, "like")).status).toBe(200);
    // A switch: the like becomes a dislike.
    expect((await react(sara, saraLeave.messageId, "dislike")).status).toBe(200);

    await eventually(async () => {
      expect((await call("GET", "/api/admin/stats", admin)).body).toEqual({ questionsToday: 6, totalQuestions: 6, totalConversations: 5 });
      expect((await call("GET", "/api/admin/feedback-stats", admin)).body).toEqual({ likes: 1, dislikes: 2 });
    });
    const questions = (await call("GET", "/api/admin/questions", admin)).body;
    expect(questions[0]).toMatchObject({ count: 3, likes: 1, dislikes: 1, latestAnswer: expect.stringContaining("الإجازة") });
    expect(questions[0].question).toMatch(/الإجازة السنوية/);

    expect((await call("DELETE", "/api/users/account", omar)).status).toBe(200);
    await eventually(async () => {
      expect((await call("GET", "/api/admin/user-stats", admin)).body).toMatchObject({ totalRegistered: 2, activeToday: 2, activeThisWeek: 2, activeUsers: 2 });
    });
    // A deleted user's questions still count, as "deleted user".
    expect((await call("GET", "/api/admin/stats", admin)).body).toEqual({ questionsToday: 6, totalQuestions: 6, totalConversations: 5 });
    const insights = (await call("GET", "/api/admin/insights", admin)).body;
    expect(insights.totals).toEqual({ questions: 6, arabic: 4, english: 2, guests: 2, registered: 4, gaps: 1 });
    expect(insights.series).toHaveLength(30);
    expect(insights.series.at(-1)).toMatchObject({ questions: 6, likes: 1, dislikes: 2, gaps: 1 });
    expect(insights.gaps).toEqual([{ question: "ما هي عاصمة فرنسا؟", count: 1, lastAskedAt: expect.any(String) }]);
    expect(insights.citedLaws[0]).toMatchObject({ lawName: "نظام العمل", lawNameEn: expect.stringMatching(/Labor/i) });
    expect(insights.providers).toEqual([{ provider: "qai-local", answers: 6, fallbacks: 0 }]);
    expect(insights.answerMs.p50).toBeGreaterThan(0);
    expect(insights.answerMs.p95).toBeGreaterThanOrEqual(insights.answerMs.p50);
    // Sara disliked the English answer and switched her like of the Arabic one to a dislike.
    expect(insights.dislikedArticles[0].dislikes).toBeGreaterThanOrEqual(1);
    expect(insights.dislikedArticles[0].dislikeRate).toBeGreaterThan(0);

    const users = (await call("GET", "/api/admin/users", admin)).body;
    expect(users.totalSupabaseUsers).toBe(2);
    expect(users.users.map((user: { email: string }) => user.email).sort()).toEqual([ADMIN, "sara@example.com"]);
    expect(users.users.find((user: { email: string }) => user.email === "sara@example.com")).toEqual({
      id: sara.userId,
      firstName: "Sara",
      lastName: "Alotaibi",
      email: "sara@example.com",
      createdAt: expect.any(String),
      isAdmin: false,
      questionCount: 2,
      lastActiveAt: expect.any(String),
      provider: "email",
      isActive: true,
    });
    expect(JSON.stringify(await call("GET", "/api/admin/users?search=omar", admin))).not.toContain("omar@example.org");
  });

  it("finds users by the start of a name or e-mail, pages through them, and lists them by provider", async () => {
    const found = (await call("GET", "/api/admin/users?search=sar", admin)).body;
    expect(found.users.map((user: { email: string }) => user.email)).toEqual(["sara@example.com"]);
    const first = (await call("GET", "/api/admin/users?limit=1", admin)).body;
    expect(first.users).toHaveLength(1);
    const second = (await call("GET", `/api/admin/users?limit=1&cursor=${encodeURIComponent(first.nextCursor)}`, admin)).body;
    expect(second.users[0].id).not.toBe(first.users[0].id);
    const email = (await call("GET", "/api/admin/email-users", admin)).body;
    expect(email).toMatchObject({ provider: "email", total: 2 });
    expect((await call("GET", "/api/admin/users?limit=0", admin)).status).toBe(400);
    expect((await call("GET", "/api/admin/active-users/month", admin)).status).toBe(400);
  });

  it("makes a user an admin on their next request, removes it again, and keeps both in the audit log", async () => {
    expect((await call("GET", "/api/admin/stats", sara)).status).toBe(403);
    expect((await call("PATCH", `/api/admin/users/${sara.userId}/admin`, admin, { isAdmin: true })).body).toEqual({ id: sara.userId, isAdmin: true });
    expect((await call("GET", "/api/admin/stats", sara)).status).toBe(200);
    expect((await call("PATCH", `/api/admin/users/${sara.userId}/admin`, admin, { isAdmin: false })).body).toEqual({ id: sara.userId, isAdmin: false });
    expect((await call("GET", "/api/admin/stats", sara)).status).toBe(403);
    expect((await call("PATCH", `/api/admin/users/${sara.userId}/admin`, admin, { isAdmin: "yes" })).status).toBe(400);
    expect((await call("PATCH", "/api/admin/users/no-such-user/admin", admin, { isAdmin: true })).body).toEqual({
      code: "not_found",
      error: "This user does not exist (the account may have been deleted).",
    });

    const added = await call("POST", "/api/documents", admin, { title: "عقد عمل نموذجي", category: "Labor Law", content: "نص العقد", citation: "نظام العمل" });
    expect(added.status).toBe(201);
    await eventually(async () => {
      const { entries } = (await call("GET", "/api/admin/audit", admin)).body;
      expect(entries.map((entry: { action: string }) => entry.action)).toEqual(["document.added", "admin.revoked", "admin.granted"]);
      expect(entries[2]).toMatchObject({ actor: { id: admin.userId, email: ADMIN }, target: "sara@example.com" });
    });
  });

  it("reports the system's state: knowledge base, providers, event consumers, uptime", async () => {
    const system = (await call("GET", "/api/admin/system-stats", admin)).body;
    expect(system.knowledgeBase).toMatchObject({ totalLaws: 1, totalArticles: expect.any(Number), generation: expect.any(String) });
    expect(system.providers.map((provider: { id: string }) => provider.id)).toContain("qai-local");
    expect(system.consumers.map((consumer: { topic: string }) => consumer.topic)).toEqual(expect.arrayContaining(["chat.exchange.v1", "accounts.user.v1"]));
    expect(system.uptimeSeconds).toBeGreaterThanOrEqual(0);
    const active = (await call("GET", "/api/admin/active-users", admin)).body;
    expect(active).toEqual({ now: 2, today: 2, week: 2 });
    const now = (await call("GET", "/api/admin/active-users/now", admin)).body;
    expect(now).toMatchObject({ kind: "now", count: 2 });
  });
});
