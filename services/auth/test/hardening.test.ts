import { createPrivateKey } from "node:crypto";
import { SignJWT } from "jose";
import { getUserWith, post, signUpConfirmed, startTestAuth, storedKeySet, uniqueEmail, type TestAuth } from "./helpers";

// Issue 11: the dev mailbox, per-account sign-in throttling, the MFA issuer and the token checks of /user.

const mailboxStatus = async (url: string, headers: Record<string, string> = {}) => ({
  page: (await fetch(`${url}/dev/mailbox`, { headers })).status,
  json: (await fetch(`${url}/dev/mailbox/messages`, { headers })).status,
});

const signIn = (auth: TestAuth, email: string, password: string, ip?: string) =>
  post(auth.url, "/token?grant_type=password", { email, password }, { headers: ip ? { "x-forwarded-for": ip } : {} });

describe("the dev mailbox", () => {
  let auth: TestAuth;
  beforeAll(async () => {
    auth = await startTestAuth();
  });
  afterAll(() => auth.stop());

  test("answers a client on this machine", async () => {
    expect(await mailboxStatus(auth.url)).toEqual({ page: 200, json: 200 });
  });

  test("is 404 for a remote client behind the gateway (a trusted proxy), even one claiming to be local", async () => {
    expect(await mailboxStatus(auth.url, { "x-forwarded-for": "203.0.113.9" })).toEqual({ page: 404, json: 404 });
    // The client sent "127.0.0.1"; the gateway appended the real peer.
    expect(await mailboxStatus(auth.url, { "x-forwarded-for": "127.0.0.1, 203.0.113.9" })).toEqual({ page: 404, json: 404 });
    expect(await mailboxStatus(auth.url, { "x-forwarded-for": "::ffff:127.0.0.1" })).toEqual({ page: 200, json: 200 });
  });

  test.each([
    ["NODE_ENV=production", { NODE_ENV: "production", MAIL_MODE: "dev" }],
    ["SMTP_URL set", { SMTP_URL: "smtp://127.0.0.1:1" }],
  ])("is not served at all with %s, even to loopback", async (_case, env) => {
    const production = await startTestAuth(env);
    try {
      expect(await mailboxStatus(production.url)).toEqual({ page: 404, json: 404 });
    } finally {
      await production.stop();
    }
  });
});

describe("per-account sign-in throttling", () => {
  let auth: TestAuth;
  const email = uniqueEmail("victim");
  const password = "the-right-password";
  beforeAll(async () => {
    auth = await startTestAuth({ AUTH_RATE_LIMIT_BURST: "1000" });
    await signUpConfirmed(auth.url, email, password); // the confirmation link was followed from 127.0.0.1
  });
  afterAll(() => auth.stop());

  test("counts failures across addresses, then refuses with a wait in both languages; the owner's own address still gets in", async () => {
    for (let i = 1; i <= 6; i++) expect((await signIn(auth, email, `wrong-${i}`, `198.51.100.${i}`)).status).toBe(400);
    const refused = await signIn(auth, email, password, "198.51.100.200");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("1");
    const body = (await refused.json()) as { code: string; message: string; retry_after: number };
    expect(body).toMatchObject({ code: "over_request_rate_limit", retry_after: 1 });
    expect(body.message).toMatch(/Too many sign-in attempts for this account\. Try again in 1 seconds\./);
    expect(body.message).toMatch(/محاولات دخول كثيرة لهذا الحساب/);
    // Legacy error body too (GoTrue's shape).
    const legacy = await post(auth.url, "/token?grant_type=password", { email, password }, { legacy: true, headers: { "x-forwarded-for": "198.51.100.201" } });
    expect(legacy.status).toBe(429);
    expect(await legacy.json()).toMatchObject({ code: 429, error_code: "over_request_rate_limit" });

    // The owner, from the address they signed in from before, is not locked out by strangers.
    expect((await signIn(auth, email, password)).status).toBe(200);
  });

  test("the wait doubles with each failure and never exceeds 15 minutes after the latest one", async () => {
    // Six failures are counted from the test above; its 1 s wait is long over.
    auth.advance(60_000);
    const waits: number[] = [];
    for (let i = 0; i < 14; i++) {
      expect((await signIn(auth, email, "wrong", `203.0.113.${i}`)).status).toBe(400);
      const refused = await signIn(auth, email, "wrong", "203.0.113.250");
      expect(refused.status).toBe(429);
      waits.push(((await refused.json()) as { retry_after: number }).retry_after);
      auth.advance(waits.at(-1)! * 1000);
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900, 900, 900]);
    auth.advance(900_000);
    expect((await signIn(auth, email, password, "203.0.113.251")).status).toBe(200);
    // That success cleared the account's count: the next failure is free again.
    expect((await signIn(auth, email, "wrong", "203.0.113.252")).status).toBe(400);
    expect((await signIn(auth, email, "wrong", "203.0.113.253")).status).toBe(400);
  });

  test("unknown addresses are throttled alike (no enumeration)", async () => {
    const nobody = uniqueEmail("nobody");
    for (let i = 1; i <= 6; i++) expect((await signIn(auth, nobody, "guess", `192.0.2.${i}`)).status).toBe(400);
    expect((await signIn(auth, nobody, "guess", "192.0.2.100")).status).toBe(429);
  });
});

describe("POST /factors issuer and the token checks of /user", () => {
  let auth: TestAuth;
  let token: string;
  beforeAll(async () => {
    auth = await startTestAuth();
    token = (await signUpConfirmed(auth.url, uniqueEmail("mfa"))).accessToken;
  });
  afterAll(() => auth.stop());

  test.each([
    ["5,000 characters", "x".repeat(5000), /issuer must be at most 100 characters/],
    ["a lone surrogate", "QAI \ud800", /issuer must be valid Unicode text/],
    ["a control character", "QAI\u0000", /issuer must not contain control characters/],
  ])("an issuer of %s is a 400 naming the field", async (_case, issuer, message) => {
    const response = await post(auth.url, "/factors", { factor_type: "totp", issuer }, { token });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: "validation_failed", message: expect.stringMatching(message) });
  });

  test("a 100-character Arabic issuer is fine", async () => {
    const response = await post(auth.url, "/factors", { factor_type: "totp", issuer: "ق".repeat(100) }, { token });
    expect(response.status).toBe(200);
  });

  async function forged(claims: Record<string, unknown>): Promise<string> {
    const key = (await storedKeySet(auth.dataDir))!.keys[0]!;
    const original = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as Record<string, unknown>;
    return new SignJWT({ ...original, ...claims }).setProtectedHeader({ alg: "ES256", kid: key.kid, typ: "JWT" }).sign(createPrivateKey({ key: key.privateJwk, format: "jwk" }));
  }

  test("a token with the server's key but another issuer or role is refused", async () => {
    expect((await getUserWith(auth.url, await forged({}))).status).toBe(200);
    for (const [claims, reason] of [
      [{ iss: "https://elsewhere.example/auth/v1" }, /invalid issuer/],
      [{ role: "service_role" }, /invalid role/],
      [{ role: undefined }, /invalid role/],
    ] as const) {
      const response = await getUserWith(auth.url, await forged(claims));
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ code: "bad_jwt", message: expect.stringMatching(reason) });
    }
  });
});
