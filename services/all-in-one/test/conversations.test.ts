import { signUp as signUpAt, startTestProduct, type TestProduct } from "./test-product";


type Json = Record<string, unknown>;
type Reply = { status: number; body: Json & Json[] };

/** Someone calling the API: a registered user (bearer token), a guest (signed cookie) or nobody. */
interface Actor {
  name: string;
  /** The id the spec's client would send as `userId` (user id or guest session id). */
  id: string;
  headers(): Record<string, string>;
}

/**
 * Conversations, messages, question history, favorites and feedback through the product's gateway:
 * success, owner scoping (user A vs user B vs guest vs anonymous) and bad input for every endpoint.
 */
describe("conversations through the gateway", () => {
  let running: TestProduct;
  let base: string;
  let alice: Actor;
  let bob: Actor;
  let visitor: Actor;
  const nobody: Actor = { name: "anonymous", id: "", headers: () => ({}) };

  async function call(actor: Actor, method: string, path: string, body?: unknown): Promise<Reply> {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { "accept-language": "en", ...actor.headers(), ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Json & Json[] };
  }

  async function signUp(email: string): Promise<Actor> {
    const { token, userId } = await signUpAt(base, email);
    return { name: email, id: userId, headers: () => ({ authorization: `Bearer ${token}` }) };
  }

  async function guestSession(): Promise<Actor> {
    const response = await fetch(`${base}/api/guest-session`, { method: "POST" });
    const cookie = response.headers.get("set-cookie")!.split(";")[0]!;
    const { sessionId } = (await response.json()) as { sessionId: string };
    return { name: "guest", id: sessionId, headers: () => ({ cookie }) };
  }

  /** Asks through ask-stream; returns the ids from the stream's userMessage and final events. */
  async function ask(actor: Actor, question: string, conversationId?: string): Promise<{ conversationId: string; questionId: string; answerId: string }> {
    const response = await fetch(`${base}/api/chat/ask-stream`, {
      method: "POST",
      headers: { ...actor.headers(), "content-type": "application/json" },
      body: JSON.stringify({ question, language: "ar", conversationId }),
    });
    expect(response.status).toBe(200);
    const events = (await response.text())
      .split("\n\n")
      .filter((block) => block.startsWith("data: "))
      .map((block) => JSON.parse(block.slice(6)) as Json);
    const started = events.find((e) => e.type === "userMessage")!;
    const done = events.find((e) => e.isComplete === true)!;
    expect(done).toBeDefined();
    return { conversationId: String(done.conversationId), questionId: String(started.messageId), answerId: String(done.messageId) };
  }

  beforeAll(async () => {
    running = await startTestProduct();
    base = running.base;
    alice = await signUp("alice@example.com");
    bob = await signUp("bob@example.com");
    visitor = await guestSession();
  });
  afterAll(() => running.stop());

  const SIGN_IN = { status: 401, body: { code: "unauthenticated", error: "Please sign in first." } };
  const NOT_YOURS = { status: 403, body: { code: "permission_denied", error: "You cannot access another user's data." } };

  describe("conversation history and deletion", () => {
    it("lists the user's conversations, titled by their first question, newest activity first", async () => {
      const first = await ask(alice, "ما هي مدة فترة التجربة للعامل؟");
      const second = await ask(alice, "ما هي حقوق العامل عند انتهاء العقد؟");
      await ask(alice, "وماذا عن مدة الإشعار؟", first.conversationId);
      const history = await call(alice, "GET", `/api/conversations/history?userId=${alice.id}`);
      expect(history.status).toBe(200);
      expect(history.body.map((c) => [c.id, c.title, c.firstMessage])).toEqual([
        [first.conversationId, "ما هي مدة فترة التجربة للعامل؟", "ما هي مدة فترة التجربة للعامل؟"],
        [second.conversationId, "ما هي حقوق العامل عند انتهاء العقد؟", "ما هي حقوق العامل عند انتهاء العقد؟"],
      ]);
      expect(history.body[0]).toMatchObject({ userId: alice.id, messageCount: 4, createdAt: expect.any(String), lastMessageAt: expect.any(String), updatedAt: expect.any(String) });
      expect(await call(alice, "GET", "/api/conversations/history")).toMatchObject({ status: 200, body: expect.any(Array) });
    });

    it("shows nobody else's conversations and refuses guests, the anonymous and other ids", async () => {
      await ask(visitor, "سؤال من ضيف عن العمل");
      expect(await call(bob, "GET", "/api/conversations/history")).toEqual({ status: 200, body: [] });
      expect(await call(bob, "GET", `/api/conversations/history?userId=${alice.id}`)).toMatchObject(NOT_YOURS);
      expect(await call(visitor, "GET", "/api/conversations/history")).toMatchObject(SIGN_IN);
      expect(await call(nobody, "GET", "/api/conversations/history")).toMatchObject(SIGN_IN);
      expect(await call(nobody, "GET", `/api/conversations/history?userId=${alice.id}`)).toMatchObject({ status: 401 });
    });

    it("refuses malformed input", async () => {
      expect(await call(alice, "GET", `/api/conversations/history?userId=${alice.id}&userId=x`)).toMatchObject({ status: 400, body: { code: "invalid_argument" } });
      expect(await call(alice, "DELETE", `/api/conversations/${"x".repeat(101)}`)).toMatchObject({ status: 400, body: { code: "invalid_argument" } });
    });

    it("deletes the owner's conversation with its messages, question history and favorites", async () => {
      const doomed = await ask(alice, "ما هي مدة الإجازة السنوية؟");
      const favorite = await call(alice, "POST", "/api/favorites", { type: "message", referenceId: doomed.answerId, content: "answer", userId: alice.id });
      expect(favorite.status).toBe(201);

      expect(await call(bob, "DELETE", `/api/conversations/${doomed.conversationId}`)).toMatchObject({ status: 404, body: { error: "Conversation not found." } });
      expect(await call(visitor, "DELETE", `/api/conversations/${doomed.conversationId}`)).toMatchObject(SIGN_IN);
      expect(await call(nobody, "DELETE", `/api/conversations/${doomed.conversationId}`)).toMatchObject(SIGN_IN);
      expect(await call(alice, "DELETE", `/api/conversations/${doomed.conversationId}`, { userId: bob.id })).toMatchObject(NOT_YOURS);

      expect(await call(alice, "DELETE", `/api/conversations/${doomed.conversationId}`)).toEqual({ status: 200, body: { deleted: true, id: doomed.conversationId, deletedMessages: 2 } });
      expect((await call(alice, "GET", `/api/messages?conversationId=${doomed.conversationId}`)).status).toBe(404);
      expect((await call(alice, "GET", `/api/messages/${doomed.answerId}`)).status).toBe(404);
      expect((await call(alice, "GET", "/api/conversations/history")).body.map((c) => c.id)).not.toContain(doomed.conversationId);
      expect((await call(alice, "GET", "/api/history/questions")).body.map((q) => q.conversationId)).not.toContain(doomed.conversationId);
      expect((await call(alice, "GET", "/api/favorites")).body.map((f) => f.id)).not.toContain(favorite.body.id);
      expect((await call(alice, "DELETE", `/api/conversations/${doomed.conversationId}`)).status).toBe(404);
    });
  });

  describe("messages", () => {
    it("returns a conversation's messages and one message to their owner, user or guest", async () => {
      const mine = await ask(alice, "ما هي ساعات العمل اليومية؟");
      const list = await call(alice, "GET", `/api/messages?conversationId=${mine.conversationId}&userId=${alice.id}`);
      expect(list.status).toBe(200);
      expect(list.body.map((m) => [m.id, m.isUser])).toEqual([
        [mine.questionId, true],
        [mine.answerId, false],
      ]);
      expect(list.body[1]).toMatchObject({ conversationId: mine.conversationId, userId: alice.id, reaction: null, createdAt: expect.any(String) });

      const one = await call(alice, "GET", `/api/messages/${mine.answerId}`);
      expect(one).toMatchObject({ status: 200, body: { id: mine.answerId, conversationId: mine.conversationId, isUser: false } });

      const guests = await ask(visitor, "ما هي مدة فترة التجربة؟");
      expect(await call(visitor, "GET", `/api/messages/${guests.answerId}`)).toMatchObject({ status: 200, body: { conversationId: guests.conversationId, userId: visitor.id } });
      expect((await call(visitor, "GET", `/api/messages?conversationId=${guests.conversationId}`)).body).toHaveLength(2);
    });

    it("hides messages from everyone else", async () => {
      const mine = await ask(alice, "ما هو الحد الأقصى لساعات العمل؟");
      for (const other of [bob, visitor]) {
        expect(await call(other, "GET", `/api/messages/${mine.answerId}`)).toMatchObject({ status: 404, body: { code: "not_found" } });
        expect((await call(other, "GET", `/api/messages?conversationId=${mine.conversationId}`)).status).toBe(404);
      }
      expect((await call(nobody, "GET", `/api/messages/${mine.answerId}`)).status).toBe(401);
      expect((await call(nobody, "GET", `/api/messages?conversationId=${mine.conversationId}`)).status).toBe(401);
      expect(await call(bob, "GET", `/api/messages?conversationId=${mine.conversationId}&userId=${alice.id}`)).toMatchObject(NOT_YOURS);
    });

    it("refuses malformed input", async () => {
      expect(await call(alice, "GET", "/api/messages")).toMatchObject({ status: 400, body: { code: "invalid_argument", error: "The conversationId is required." } });
      expect((await call(alice, "GET", `/api/messages/${"m".repeat(101)}`)).status).toBe(400);
      expect((await call(alice, "GET", "/api/messages/does-not-exist")).status).toBe(404);
    });

    it("lists the signed-in user's chat messages across conversations, newest first", async () => {
      const carol = await signUp("carol@example.com");
      const one = await ask(carol, "ما هي مدة فترة التجربة؟");
      const two = await ask(carol, "ما هي الإجازة المرضية؟");
      const all = await call(carol, "GET", `/api/chat/messages?userId=${carol.id}`);
      expect(all.status).toBe(200);
      expect(all.body.map((m) => m.id)).toEqual([two.answerId, two.questionId, one.answerId, one.questionId]);
      expect((await call(carol, "GET", "/api/chat/messages?limit=1")).body.map((m) => m.id)).toEqual([two.answerId]);

      expect((await call(bob, "GET", "/api/chat/messages")).body.map((m) => m.id)).not.toContain(one.answerId);
      expect(await call(bob, "GET", `/api/chat/messages?userId=${carol.id}`)).toMatchObject(NOT_YOURS);
      expect(await call(visitor, "GET", "/api/chat/messages")).toMatchObject(SIGN_IN);
      expect(await call(nobody, "GET", "/api/chat/messages")).toMatchObject(SIGN_IN);
      expect((await call(carol, "GET", "/api/chat/messages?limit=0")).status).toBe(400);
      expect((await call(carol, "GET", "/api/chat/messages?limit=many")).status).toBe(400);
    });
  });

  describe("question history", () => {
    it("lists each question with its answer and category, newest first, and searches them", async () => {
      const dave = await signUp("dave@example.com");
      const first = await ask(dave, "ما هي مدة فترة التجربة للعامل؟");
      const second = await ask(dave, "ما هي مكافأة نهاية الخدمة؟");
      const history = await call(dave, "GET", `/api/history/questions?userId=${dave.id}`);
      expect(history.status).toBe(200);
      expect(history.body.map((q) => [q.question, q.conversationId, q.messageId])).toEqual([
        ["ما هي مكافأة نهاية الخدمة؟", second.conversationId, second.answerId],
        ["ما هي مدة فترة التجربة للعامل؟", first.conversationId, first.answerId],
      ]);
      const answer = await call(dave, "GET", `/api/messages/${first.answerId}`);
      const citations = answer.body.citations as Array<{ lawName: string }>;
      expect(history.body[1]).toEqual({
        id: expect.any(String),
        question: "ما هي مدة فترة التجربة للعامل؟",
        answer: answer.body.content,
        category: citations[0]?.lawName ?? "",
        createdAt: expect.any(String),
        conversationId: first.conversationId,
        questionMessageId: first.questionId,
        messageId: first.answerId,
      });
      const found = await call(dave, "GET", `/api/history/questions?search=${encodeURIComponent("مكافأة")}`);
      expect(found.body.map((q) => q.question)).toContain("ما هي مكافأة نهاية الخدمة؟");
      for (const q of found.body) expect(`${String(q.question)} ${String(q.answer)}`).toContain("مكافأة");
      const none = await call(dave, "GET", "/api/history/questions?search=ZZ-NOWHERE");
      expect(none.body).toEqual([]);
    });

    it("is the owner's own and refuses guests and the anonymous", async () => {
      const mine = await ask(alice, "ما هي أيام الراحة الأسبوعية؟");
      const entry = (await call(alice, "GET", "/api/history/questions")).body.find((q) => q.messageId === mine.answerId)!;
      expect(entry).toBeDefined();
      expect((await call(bob, "GET", "/api/history/questions")).body).toEqual([]);
      expect(await call(bob, "GET", `/api/history/questions?userId=${alice.id}`)).toMatchObject(NOT_YOURS);
      expect(await call(visitor, "GET", "/api/history/questions")).toMatchObject(SIGN_IN);
      expect(await call(nobody, "GET", "/api/history/questions")).toMatchObject(SIGN_IN);

      expect(await call(bob, "DELETE", `/api/history/questions/${String(entry.id)}`)).toMatchObject({ status: 404, body: { code: "not_found" } });
      expect(await call(visitor, "DELETE", `/api/history/questions/${String(entry.id)}`)).toMatchObject(SIGN_IN);
      expect(await call(nobody, "DELETE", `/api/history/questions/${String(entry.id)}`)).toMatchObject(SIGN_IN);
      expect(await call(alice, "DELETE", `/api/history/questions/${String(entry.id)}`)).toEqual({ status: 200, body: { deleted: true, id: entry.id } });
      expect((await call(alice, "GET", "/api/history/questions")).body.map((q) => q.id)).not.toContain(entry.id);
      expect((await call(alice, "GET", `/api/messages/${mine.answerId}`)).status).toBe(200);
      expect((await call(alice, "DELETE", `/api/history/questions/${String(entry.id)}`)).status).toBe(404);
    });

    it("refuses malformed input", async () => {
      expect((await call(alice, "GET", "/api/history/questions?limit=-1")).status).toBe(400);
      expect((await call(alice, "GET", `/api/history/questions?search=${"s".repeat(201)}`)).status).toBe(400);
      expect((await call(alice, "DELETE", `/api/history/questions/${"q".repeat(101)}`)).status).toBe(400);
    });
  });

  describe("favorites", () => {
    it("saves, lists and deletes the user's favorites; the title is the first 100 characters of the content", async () => {
      const erin = await signUp("erin@example.com");
      const exchange = await ask(erin, "ما هي مدة فترة التجربة؟");
      const content = "ن".repeat(150);
      const saved = await call(erin, "POST", "/api/favorites", { type: "message", referenceId: exchange.answerId, title: "client title", content, userId: erin.id });
      expect(saved).toMatchObject({ status: 201, body: { type: "message", referenceId: exchange.answerId, title: "ن".repeat(100), content, conversationId: exchange.conversationId, userId: erin.id, createdAt: expect.any(String) } });

      const again = await call(erin, "POST", "/api/favorites", { type: "message", referenceId: exchange.answerId, title: "x", content: "other" });
      expect(again).toMatchObject({ status: 200, body: { id: saved.body.id, content } });

      const conversation = await call(erin, "POST", "/api/favorites", { type: "conversation", referenceId: exchange.conversationId, title: "", content: "" });
      expect(conversation).toMatchObject({ status: 201, body: { type: "conversation", title: "ما هي مدة فترة التجربة؟" } });
      const other = await call(erin, "POST", "/api/favorites", { type: "other", referenceId: "document-12", title: "نظام العمل", content: "نص الوثيقة", category: "Labor Law" });
      expect(other).toMatchObject({ status: 201, body: { type: "other", title: "نص الوثيقة", category: "Labor Law", conversationId: null } });

      const list = await call(erin, "GET", `/api/favorites?userId=${erin.id}`);
      expect(list.body.map((f) => f.id)).toEqual([other.body.id, conversation.body.id, saved.body.id]);

      expect(await call(erin, "DELETE", `/api/favorites/${String(saved.body.id)}`, { userId: erin.id })).toEqual({ status: 200, body: { deleted: true, id: saved.body.id } });
      expect((await call(erin, "GET", "/api/favorites")).body.map((f) => f.id)).toEqual([other.body.id, conversation.body.id]);
      expect((await call(erin, "DELETE", `/api/favorites/${String(saved.body.id)}`)).status).toBe(404);
    });

    it("keeps favorites to their owner and refuses guests with a sign-in message", async () => {
      const mine = await ask(alice, "ما هي حقوق العاملة الحامل؟");
      const saved = await call(alice, "POST", "/api/favorites", { type: "message", referenceId: mine.answerId, title: "", content: "answer text" });
      expect(saved.status).toBe(201);

      expect((await call(bob, "GET", "/api/favorites")).body).toEqual([]);
      expect(await call(bob, "GET", `/api/favorites?userId=${alice.id}`)).toMatchObject(NOT_YOURS);
      expect(await call(bob, "DELETE", `/api/favorites/${String(saved.body.id)}`)).toMatchObject({ status: 404 });
      expect(await call(bob, "DELETE", `/api/favorites/${String(saved.body.id)}`, { userId: alice.id })).toMatchObject(NOT_YOURS);
      expect(await call(bob, "POST", "/api/favorites", { type: "message", referenceId: mine.answerId, title: "", content: "stolen" })).toMatchObject({ status: 404 });
      expect(await call(bob, "POST", "/api/favorites", { type: "conversation", referenceId: mine.conversationId, title: "", content: "" })).toMatchObject({ status: 404 });
      expect(await call(bob, "POST", "/api/favorites", { type: "other", referenceId: "x", title: "", content: "c", userId: alice.id })).toMatchObject(NOT_YOURS);

      expect(await call(visitor, "GET", "/api/favorites")).toMatchObject(SIGN_IN);
      expect(await call(visitor, "POST", "/api/favorites", { type: "other", referenceId: "x", title: "t", content: "c" })).toMatchObject(SIGN_IN);
      expect(await call(visitor, "DELETE", `/api/favorites/${String(saved.body.id)}`)).toMatchObject(SIGN_IN);
      expect(await call(nobody, "GET", "/api/favorites")).toMatchObject(SIGN_IN);
      const arabic = await fetch(`${base}/api/favorites`, { headers: { ...visitor.headers(), "accept-language": "ar" } });
      expect(await arabic.json()).toMatchObject({ error: "يجب تسجيل الدخول أولًا." });
      expect((await call(alice, "GET", "/api/favorites")).body.map((f) => f.id)).toContain(saved.body.id);
    });

    it("refuses malformed input", async () => {
      expect(await call(alice, "POST", "/api/favorites", { type: "bookmark", referenceId: "x", content: "c" })).toMatchObject({ status: 400, body: { error: "The type must be one of: message, conversation, other." } });
      expect(await call(alice, "POST", "/api/favorites", { referenceId: "x", content: "c" })).toMatchObject({ status: 400, body: { code: "invalid_argument", error: expect.stringContaining("The type") } });
      expect((await call(alice, "POST", "/api/favorites", { type: "message", content: "c" })).status).toBe(400);
      expect((await call(alice, "POST", "/api/favorites", { type: "other", referenceId: "x", title: " ", content: "" })).status).toBe(400);
      expect((await call(alice, "POST", "/api/favorites", { type: "other", referenceId: "x", content: "c".repeat(20_001) })).status).toBe(400);
      expect((await call(alice, "POST", "/api/favorites", { type: "other", referenceId: 42, content: "c" })).status).toBe(400);
      expect((await call(alice, "POST", "/api/favorites", [])).status).toBe(400);
      expect((await call(alice, "DELETE", `/api/favorites/${"f".repeat(101)}`)).status).toBe(400);
    });
  });

  describe("feedback", () => {
    it("toggles a user's like and dislike and shows it on the message", async () => {
      const mine = await ask(alice, "ما هي مدة الإشعار لإنهاء العقد؟");
      const give = (type: string) => call(alice, "POST", "/api/feedback", { messageId: mine.answerId, type, userId: alice.id });
      expect(await give("like")).toEqual({ status: 200, body: { messageId: mine.answerId, type: "like", previous: null } });
      expect((await call(alice, "GET", `/api/messages/${mine.answerId}`)).body.reaction).toBe("like");
      expect((await give("like")).body).toEqual({ messageId: mine.answerId, type: null, previous: "like" });
      expect((await call(alice, "GET", `/api/messages/${mine.answerId}`)).body.reaction).toBeNull();
      expect((await give("dislike")).body).toMatchObject({ type: "dislike", previous: null });
      expect((await give("like")).body).toMatchObject({ type: "like", previous: "dislike" });
      const messages = await call(alice, "GET", `/api/messages?conversationId=${mine.conversationId}`);
      expect(messages.body.map((m) => m.reaction)).toEqual([null, "like"]);
    });

    it("accepts guests identified by their guest session", async () => {
      const theirs = await ask(visitor, "ما هي ساعات العمل في رمضان؟");
      expect(await call(visitor, "POST", "/api/feedback", { messageId: theirs.answerId, type: "dislike", userId: visitor.id })).toMatchObject({ status: 200, body: { type: "dislike" } });
      expect(await call(visitor, "POST", "/api/feedback", { messageId: theirs.answerId, type: "like", guestSessionId: visitor.id })).toMatchObject({ status: 200, body: { type: "like", previous: "dislike" } });
      expect(await call(visitor, "POST", "/api/feedback", { messageId: theirs.answerId, type: "like" })).toMatchObject({ status: 200, body: { type: null } });
      expect(await call(visitor, "POST", "/api/feedback", { messageId: theirs.answerId, type: "like", guestSessionId: "someone-else" })).toMatchObject(NOT_YOURS);
      expect(await call(visitor, "POST", "/api/feedback", { messageId: theirs.answerId, type: "like", userId: alice.id })).toMatchObject(NOT_YOURS);
    });

    it("refuses messages the caller cannot see, and the anonymous", async () => {
      const mine = await ask(alice, "ما هي أحكام العمل الإضافي؟");
      for (const other of [bob, visitor]) {
        expect(await call(other, "POST", "/api/feedback", { messageId: mine.answerId, type: "like" })).toMatchObject({ status: 404, body: { error: "Message not found." } });
      }
      expect(await call(bob, "POST", "/api/feedback", { messageId: mine.answerId, type: "like", userId: alice.id })).toMatchObject(NOT_YOURS);
      expect((await call(nobody, "POST", "/api/feedback", { messageId: mine.answerId, type: "like" })).status).toBe(401);
      expect((await call(alice, "GET", `/api/messages/${mine.answerId}`)).body.reaction).toBeNull();
    });

    it("refuses malformed input", async () => {
      const mine = await ask(alice, "ما هي أحكام الأجور؟");
      expect(await call(alice, "POST", "/api/feedback", { messageId: mine.answerId, type: "love" })).toMatchObject({ status: 400, body: { error: "The type must be one of: like, dislike." } });
      expect(await call(alice, "POST", "/api/feedback", { type: "like" })).toMatchObject({ status: 400, body: { error: "The messageId is required." } });
      expect((await call(alice, "POST", "/api/feedback", { messageId: "", type: "like" })).status).toBe(400);
      expect(await call(alice, "POST", "/api/feedback", { messageId: mine.questionId, type: "like" })).toMatchObject({ status: 400, body: { error: "Only the assistant's answers can be liked or disliked." } });
      expect((await call(alice, "POST", "/api/feedback", "like")).status).toBe(400);
    });
  });
});
