import { loadAllInOneConfig } from "@qai/all-in-one";
import { confirmByMail, signUp, startTestProduct, type TestProduct } from "./test-product";

// Issue 11: ended sessions are refused on /api at once; ADMIN_EMAILS needs an address proven by mail;
// the dev mailbox only for this machine; `make start` on loopback.

const ADMIN = "boss@example.com";

describe("sessions ended on the auth server are refused on /api within a second", () => {
  let running: TestProduct;
  let base: string;

  beforeAll(async () => {
    running = await startTestProduct({ env: { ADMIN_EMAILS: ADMIN, AUTH_AUTOCONFIRM: "false", AUTH_REFRESH_TOKEN_REUSE_INTERVAL: "0" } });
    base = running.base;
  });
  afterAll(() => running.stop());

  const auth = (path: string, body: unknown, token?: string, method = "POST") =>
    fetch(`${base}/auth/v1${path}`, {
      method,
      headers: { "content-type": "application/json", "x-supabase-api-version": "2024-01-01", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  const signIn = async (email: string, password = "correct horse") => (await (await auth("/token?grant_type=password", { email, password })).json()) as { access_token: string; refresh_token: string };
  const refresh = async (refreshToken: string) => auth("/token?grant_type=refresh_token", { refresh_token: refreshToken });
  const api = (token: string, language = "en") => fetch(`${base}/api/users/question-limit`, { headers: { authorization: `Bearer ${token}`, "accept-language": language } });

  /** The token's /api status within 1 s (polled): the revocation must have arrived by then. */
  async function statusWithinASecond(token: string): Promise<number> {
    const deadline = Date.now() + 1000;
    let status = (await api(token)).status;
    while (status === 200 && Date.now() < deadline) status = (await api(token)).status;
    return status;
  }

  it("after POST /logout?scope=global every session's token gets a bilingual 401", async () => {
    const first = await signUp(base, "global@example.com");
    const second = await signIn("global@example.com");
    expect((await api(first.token)).status).toBe(200);
    expect((await auth("/logout?scope=global", {}, second.access_token)).status).toBe(204);
    expect(await statusWithinASecond(first.token)).toBe(401);
    expect(await statusWithinASecond(second.access_token)).toBe(401);
    expect(await (await api(first.token, "en")).json()).toMatchObject({ error: "This session has ended (signed out). Please sign in again." });
    expect(JSON.stringify(await (await api(first.token, "ar")).json())).toMatch(/انتهت هذه الجلسة/);
    // Signing in again works.
    expect((await api((await signIn("global@example.com")).access_token)).status).toBe(200);
  });

  it("after logout?scope=others only the other sessions end", async () => {
    const kept = await signUp(base, "others@example.com");
    const other = await signIn("others@example.com");
    expect((await auth("/logout?scope=others", {}, kept.token)).status).toBe(204);
    expect(await statusWithinASecond(other.access_token)).toBe(401);
    expect((await api(kept.token)).status).toBe(200);
  });

  it("after refresh-token reuse revokes the family, its access tokens are refused", async () => {
    await signUp(base, "reuse@example.com");
    const session = await signIn("reuse@example.com");
    const rotated = (await (await refresh(session.refresh_token)).json()) as { access_token: string; refresh_token: string };
    const again = (await (await refresh(rotated.refresh_token)).json()) as { access_token: string };
    expect((await api(again.access_token)).status).toBe(200);
    const stolen = await refresh(session.refresh_token);
    expect(await stolen.json()).toMatchObject({ code: "refresh_token_already_used" });
    expect(await statusWithinASecond(again.access_token)).toBe(401);
    expect(await statusWithinASecond(session.access_token)).toBe(401);
  });

  it("after a password change the user's other sessions are refused, the current one kept", async () => {
    const current = await signUp(base, "newpass@example.com");
    const other = await signIn("newpass@example.com");
    expect((await auth("/user", { password: "a brand new one" }, current.token, "PUT")).status).toBe(200);
    expect(await statusWithinASecond(other.access_token)).toBe(401);
    expect((await api(current.token)).status).toBe(200);
  });

  it("after the account is deleted its tokens are refused", async () => {
    const leaving = await signUp(base, "deleted@example.com");
    const deleted = await fetch(`${base}/api/users/account`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${leaving.token}`, "content-type": "application/json" },
      body: JSON.stringify({ authProviderId: leaving.userId }),
    });
    expect(deleted.status).toBe(200);
    expect(await statusWithinASecond(leaving.token)).toBe(401);
  });

  it("ADMIN_EMAILS: an address confirmed by mail is an admin", async () => {
    const admin = await signUp(base, ADMIN);
    const check = await fetch(`${base}/api/admin/check`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(await check.json()).toEqual({ isAdmin: true });
  });

  it("the dev mailbox through the gateway: 200 on this machine, 404 for a forwarded remote client", async () => {
    expect((await fetch(`${base}/dev/mailbox/messages`)).status).toBe(200);
    expect((await fetch(`${base}/dev/mailbox/messages`, { headers: { "x-forwarded-for": "203.0.113.50" } })).status).toBe(404);
    expect((await fetch(`${base}/dev/mailbox`, { headers: { "x-forwarded-for": "203.0.113.50" } })).status).toBe(404);
    await expect(confirmByMail(base, "nobody-mailed@example.com")).rejects.toThrow(/no confirmation mail/);
  });
});

describe("ADMIN_EMAILS and autoconfirmed sign-ups", () => {
  it("an autoconfirmed sign-up under an admin's address is not an admin (nobody proved the address)", async () => {
    const running = await startTestProduct({ env: { ADMIN_EMAILS: ADMIN, AUTH_AUTOCONFIRM: "true" } });
    try {
      const squatter = await signUp(running.base, ADMIN);
      const check = await fetch(`${running.base}/api/admin/check`, { headers: { authorization: `Bearer ${squatter.token}` } });
      expect(await check.json()).toEqual({ isAdmin: false });
      expect((await fetch(`${running.base}/api/admin/users`, { headers: { authorization: `Bearer ${squatter.token}` } })).status).toBe(403);
    } finally {
      await running.stop();
    }
  });
});

describe("make start", () => {
  it("listens on loopback unless HOST says otherwise", () => {
    expect(loadAllInOneConfig({}).HOST).toBe("127.0.0.1");
    expect(loadAllInOneConfig({ HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
  });
});
