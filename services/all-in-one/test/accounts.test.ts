import { createClient } from "@supabase/supabase-js";
import ws from "ws";
import { confirmByMail, signUp as signUpAt, startTestProduct, type SignedUp as Session, type TestProduct } from "./test-product";

const ADMIN = "admin@example.com";

/** Accounts and authorization through the gateway's origin, as the browser would use them. */
describe("accounts and authorization through the gateway", () => {
  let running: TestProduct;
  let base: string;

  const api = async (method: string, path: string, session?: Session, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { ...(session ? { authorization: `Bearer ${session.token}` } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text && response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text) as Record<string, unknown> };
  };

  const signUp = (email: string) => signUpAt(base, email);

  beforeAll(async () => {
    // Confirmation by mail: ADMIN_EMAILS counts only for addresses proven that way.
    running = await startTestProduct({ env: { ADMIN_EMAILS: ADMIN, AUTH_AUTOCONFIRM: "false" } });
    base = running.base;
  });
  afterAll(() => running.stop());

  it("serves the unmodified supabase-js client at /auth/v1 of the product's origin", async () => {
    const supabase = createClient(base, "anon-key", {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: ws as never },
    });
    const signUp = await supabase.auth.signUp({ email: "client@example.com", password: "secret-1", options: { data: { first_name: "Nora", last_name: "Saleh" } } });
    expect(signUp.error).toBeNull();
    await confirmByMail(base, "client@example.com");
    const signIn = await supabase.auth.signInWithPassword({ email: "client@example.com", password: "secret-1" });
    expect(signIn.error).toBeNull();
    const { data } = await supabase.auth.getUser();
    expect(data.user?.user_metadata).toMatchObject({ first_name: "Nora", last_name: "Saleh" });
    const wrong = await supabase.auth.signInWithPassword({ email: "client@example.com", password: "nope-nope" });
    expect(wrong.error).toMatchObject({ code: "invalid_credentials", message: "Invalid login credentials", status: 400 });
  });

  it("syncs the user and keeps each user's profile and theme their own", async () => {
    const sara = await signUp("sara@example.com");
    const omar = await signUp("omar@example.com");
    const synced = await api("POST", "/api/users", sara, { email: sara.email, authProviderId: sara.userId, firstName: "Sara", lastName: "Alotaibi" });
    expect(synced).toMatchObject({ status: 200, body: { id: sara.userId, email: "sara@example.com", firstName: "Sara", isAdmin: false } });
    await api("POST", "/api/users", omar, { email: omar.email, authProviderId: omar.userId, firstName: "Omar", lastName: "Hassan" });

    expect((await api("POST", "/api/users", sara, { email: sara.email, authProviderId: omar.userId })).status).toBe(403);
    expect((await api("PUT", "/api/users/profile", sara, { authProviderId: omar.userId, firstName: "X", lastName: "Y" })).status).toBe(403);
    expect((await api("GET", `/api/users/theme?email=${encodeURIComponent(omar.email)}`, sara)).status).toBe(403);
    expect((await api("PUT", "/api/users/theme", sara, { email: omar.email, themePreference: "dark" })).status).toBe(403);

    expect(await api("PUT", "/api/users/theme", sara, { email: sara.email, themePreference: "dark" })).toEqual({ status: 200, body: { themePreference: "dark" } });
    expect((await api("GET", `/api/users/theme?email=${encodeURIComponent(sara.email)}`, sara)).body).toEqual({ themePreference: "dark" });
    expect((await api("GET", `/api/users/theme?email=${encodeURIComponent(omar.email)}`, omar)).body).toEqual({ themePreference: null });
    expect((await api("PUT", "/api/users/theme", sara, { email: sara.email, themePreference: "neon" })).status).toBe(400);

    const blank = await api("PUT", "/api/users/profile", sara, { authProviderId: sara.userId, firstName: "  ", lastName: "Alotaibi" });
    expect(blank).toMatchObject({ status: 400, body: { error: "يرجى تعبئة جميع الحقول" } });
    const renamed = await api("PUT", "/api/users/profile", sara, { authProviderId: sara.userId, firstName: " Sarah ", lastName: "Alotaibi" });
    expect(renamed.body).toMatchObject({ firstName: "Sarah" });
  });

  it("refuses account calls without a valid token", async () => {
    expect((await api("POST", "/api/users", undefined, { firstName: "A", lastName: "B" })).status).toBe(401);
    const forged = { token: "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.", userId: "x", email: "x@example.com" };
    expect((await api("GET", "/api/admin/check", forged)).status).toBe(401);
  });

  it("decides admin on the server: ADMIN_EMAILS users pass the /api/admin guard, others get 403", async () => {
    const admin = await signUp(ADMIN);
    const user = await signUp("plain@example.com");
    expect((await api("GET", "/api/admin/check", admin)).body).toEqual({ isAdmin: true });
    expect((await api("GET", "/api/admin/check", user)).body).toEqual({ isAdmin: false });
    for (const path of ["/api/admin/stats", "/api/admin/users", "/api/admin/knowledge/stats"]) {
      expect((await api("GET", path, user)).status).toBe(403);
      expect((await api("GET", path)).status).toBe(401);
    }
    const refused = await api("GET", "/api/admin/users", user);
    expect(refused.body).toMatchObject({ code: "permission_denied" });
  });

  it("lets a user ask with a daily budget of 20 and refuses another user's id", async () => {
    const user = await signUp("asker@example.com");
    const response = await fetch(`${base}/api/chat/ask-stream`, {
      method: "POST",
      headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
      body: JSON.stringify({ question: "ما هي مدة فترة التجربة للعامل؟", userId: user.userId, language: "ar" }),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('"isComplete":true');
    expect((await api("GET", "/api/users/question-limit", user)).body).toEqual({ remainingQuestions: 19, limit: 20, resetsAt: expect.any(String), questionLimit: 20, isGuest: false });
    const other = await api("POST", "/api/chat/ask-stream", user, { question: "سؤال", userId: "someone-else", language: "en" });
    expect(other).toMatchObject({ status: 403, body: { error: "You cannot access another user's data." } });
  });

  it("deletes an account: the auth user, the profile and the user's conversations", async () => {
    const user = await signUp("leaving@example.com");
    await api("POST", "/api/users", user, { authProviderId: user.userId, firstName: "L", lastName: "E" });
    const stream = await fetch(`${base}/api/chat/ask-stream`, {
      method: "POST",
      headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
      body: JSON.stringify({ question: "ما هي مدة فترة التجربة للعامل؟", userId: user.userId, language: "ar" }),
    });
    const conversationId = /"conversationId":"([^"]+)"/.exec(await stream.text())?.[1];
    expect((await api("GET", `/api/messages?conversationId=${conversationId}`, user)).status).toBe(200);

    expect(await api("DELETE", "/api/users/account", user, { authProviderId: user.userId })).toEqual({ status: 200, body: { deleted: true } });
    const me = await fetch(`${base}/auth/v1/user`, { headers: { authorization: `Bearer ${user.token}`, "x-supabase-api-version": "2024-01-01" } });
    expect(me.status).toBe(403);
    // The deleted account's access token is refused on /api at once (auth.session.v1), not only once it expires.
    const messages = await api("GET", `/api/messages?conversationId=${conversationId}`, user);
    expect(messages).toMatchObject({ status: 401, body: { error: "انتهت هذه الجلسة (تم تسجيل الخروج). يرجى تسجيل الدخول مرة أخرى." } });
  });
});
