import { Secret, TOTP } from "otpauth";
import type { SupabaseClient } from "@supabase/supabase-js";
import { follow, getUserWith, latestMailTo, post, startTestAuth, supabaseClient, uniqueEmail, type TestAuth } from "./helpers";

/** The journey of issue 3 with the unmodified supabase-js client, step by step. */
describe("supabase-js conformance: sign-up to MFA", () => {
  let auth: TestAuth;
  let client: SupabaseClient;
  const email = uniqueEmail("journey");
  const password = "first-pass-1";
  const newPassword = "second-pass-2";

  beforeAll(async () => {
    auth = await startTestAuth({ AUTH_REFRESH_TOKEN_REUSE_INTERVAL: "1" });
    client = supabaseClient(auth.url);
  });
  afterAll(() => auth.stop());

  test("sign-up with confirmation required answers the bare user and mails a bilingual link with a code", async () => {
    const { data, error } = await client.auth.signUp({ email, password, options: { data: { first_name: "سارة", last_name: "Ali" } } });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    const user = data.user!;
    expect(user).toMatchObject({ aud: "authenticated", role: "authenticated", email, phone: "", is_anonymous: false, app_metadata: { provider: "email", providers: ["email"] } });
    expect(user.user_metadata).toEqual({ first_name: "سارة", last_name: "Ali", sub: user.id, email, email_verified: false, phone_verified: false });
    expect(user.identities).toHaveLength(1);
    expect(user.identities![0]).toMatchObject({ id: user.id, user_id: user.id, provider: "email", email });
    expect(user.confirmation_sent_at).toEqual(expect.any(String));
    expect(user).not.toHaveProperty("email_confirmed_at");
    expect(user).not.toHaveProperty("factors");

    const mail = await latestMailTo(auth.url, email);
    expect(mail.subject).toMatch(/تأكيد.*Confirm your email/);
    const code = /enter the code: (\d{6})/.exec(mail.text)![1]!;
    expect(mail.text.indexOf("مرحبًا")).toBeLessThan(mail.text.indexOf("Hello"));
    expect(mail.text).toContain(mail.links[0]);
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.text).toContain(`الرمز: ${code}`);
    expect(mail.html).toContain(`<strong>${code}</strong>`);
    expect(mail.links[0]).toMatch(new RegExp(`^${auth.url}/auth/v1/verify\\?token=[0-9a-f]{56}&type=signup&redirect_to=`));
  });

  test("password sign-in before confirming: email_not_confirmed", async () => {
    const { error } = await client.auth.signInWithPassword({ email, password });
    expect(error).toMatchObject({ status: 400, code: "email_not_confirmed", message: "Email not confirmed" });
  });

  test("the confirmation link redirects (303) to the site URL with the session in the hash, once", async () => {
    const link = (await latestMailTo(auth.url, email)).links[0]!;
    const { status, location } = await follow(link);
    expect(status).toBe(303);
    expect(`${location.origin}${location.pathname}`).toBe(`${auth.url}/`);
    const hash = new URLSearchParams(location.hash.slice(1));
    expect([...hash.keys()]).toEqual(["access_token", "expires_at", "expires_in", "refresh_token", "sb", "token_type", "type"]);
    expect(hash.get("token_type")).toBe("bearer");
    expect(hash.get("type")).toBe("signup");
    expect(hash.get("expires_in")).toBe("3600");

    const confirmed = (await (await getUserWith(auth.url, hash.get("access_token")!)).json()) as { email_confirmed_at?: string; user_metadata: Record<string, unknown> };
    expect(confirmed.email_confirmed_at).toEqual(expect.any(String));
    expect(confirmed.user_metadata.email_verified).toBe(true);
    expect(claimsOf(hash.get("access_token")!).amr).toEqual([{ method: "otp", timestamp: expect.any(Number) }]);

    const again = await follow(link);
    expect(again.status).toBe(303);
    expect(again.location.hash).toBe("#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=");
  });

  test("password sign-in gives a session whose access token carries GoTrue's claims; getUser reads the user", async () => {
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    const session = data.session!;
    expect(session).toMatchObject({ token_type: "bearer", expires_in: 3600, user: { email } });
    expect(session.refresh_token.length).toBeGreaterThan(12);
    const header = JSON.parse(Buffer.from(session.access_token.split(".")[0]!, "base64url").toString()) as unknown;
    expect(header).toEqual({ alg: "ES256", kid: expect.any(String), typ: "JWT" });
    const claims = claimsOf(session.access_token);
    expect(claims).toEqual({
      iss: `${auth.url}/auth/v1`,
      sub: data.user!.id,
      aud: "authenticated",
      exp: session.expires_at,
      iat: session.expires_at! - 3600,
      email,
      email_verified: true,
      phone: "",
      app_metadata: { provider: "email", providers: ["email"] },
      user_metadata: expect.objectContaining({ first_name: "سارة", email_verified: true }),
      role: "authenticated",
      aal: "aal1",
      amr: [{ method: "password", timestamp: expect.any(Number) }],
      session_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      is_anonymous: false,
    });

    // getClaims verifies the token locally with the JWKS through WebCrypto.
    const verified = await client.auth.getClaims();
    expect(verified.error).toBeNull();
    expect(verified.data!.claims).toMatchObject({ sub: data.user!.id, session_id: claims.session_id });

    const user = await client.auth.getUser();
    expect(user.error).toBeNull();
    expect(user.data.user).toMatchObject({ id: data.user!.id, email, last_sign_in_at: expect.any(String) });
  });

  test("updateUser({password}) keeps this session, signs out the others and replaces the password", async () => {
    const other = supabaseClient(auth.url);
    await other.auth.signInWithPassword({ email, password });

    const { data, error } = await client.auth.updateUser({ password: newPassword, data: { last_name: "Al-Harbi" } });
    expect(error).toBeNull();
    expect(data.user!.user_metadata).toMatchObject({ first_name: "سارة", last_name: "Al-Harbi" });

    expect((await client.auth.updateUser({ password: newPassword })).error).toMatchObject({ status: 422, code: "same_password", message: "New password should be different from the old password." });
    expect((await client.auth.updateUser({ password: "short" })).error).toMatchObject({ status: 422, code: "weak_password" });
    expect((await client.auth.updateUser({ password: "p".repeat(73) })).error).toMatchObject({ status: 400, code: "validation_failed", message: "Password cannot be longer than 72 characters" });
    expect((await client.auth.getUser()).error).toBeNull();
    const signedOut = await other.auth.getUser();
    expect(signedOut.error?.name).toBe("AuthSessionMissingError");
    expect((await other.auth.getSession()).data.session).toBeNull();

    expect((await supabaseClient(auth.url).auth.signInWithPassword({ email, password })).error?.code).toBe("invalid_credentials");
    expect((await supabaseClient(auth.url).auth.signInWithPassword({ email, password: newPassword })).error).toBeNull();
  });

  test("refreshSession rotates the refresh token; an old one works within the reuse window, outside it ends the session", async () => {
    const first = (await client.auth.getSession()).data.session!;
    const second = (await client.auth.refreshSession()).data.session!;
    const third = (await client.auth.refreshSession()).data.session!;
    expect(new Set([first.refresh_token, second.refresh_token, third.refresh_token]).size).toBe(3);
    expect(claimsOf(third.access_token).session_id).toBe(claimsOf(first.access_token).session_id);

    // The parent of the current token and, within the window, any older one get the current token back.
    for (const old of [second.refresh_token, first.refresh_token]) {
      const response = await post(auth.url, "/token?grant_type=refresh_token", { refresh_token: old });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { refresh_token: string }).refresh_token).toBe(third.refresh_token);
    }

    await new Promise((resolve) => setTimeout(resolve, 1200));
    const reused = await supabaseClient(auth.url).auth.refreshSession({ refresh_token: first.refresh_token });
    expect(reused.error).toMatchObject({ status: 400, code: "refresh_token_already_used", message: "Invalid Refresh Token: Already Used" });
    // The whole family is revoked: the session is gone, so is its current token.
    expect((await getUserWith(auth.url, third.access_token)).status).toBe(403);
    const current = await supabaseClient(auth.url).auth.refreshSession({ refresh_token: third.refresh_token });
    expect(current.error).toMatchObject({ status: 400, code: "refresh_token_not_found" });
  });

  test("signOut: others keeps this session, local ends only this one, global ends all", async () => {
    const [a, b, c] = [supabaseClient(auth.url), supabaseClient(auth.url), supabaseClient(auth.url)];
    for (const each of [a, b, c]) expect((await each.auth.signInWithPassword({ email, password: newPassword })).error).toBeNull();

    expect((await a.auth.signOut({ scope: "others" })).error).toBeNull();
    expect((await a.auth.getUser()).error).toBeNull();
    expect((await b.auth.getUser()).error?.name).toBe("AuthSessionMissingError");
    expect((await c.auth.getUser()).error?.name).toBe("AuthSessionMissingError");

    await b.auth.signInWithPassword({ email, password: newPassword });
    const bSession = (await b.auth.getSession()).data.session!;
    expect((await b.auth.signOut({ scope: "local" })).error).toBeNull();
    expect((await b.auth.getSession()).data.session).toBeNull();
    expect((await getUserWith(auth.url, bSession.access_token)).status).toBe(403);
    expect((await a.auth.getUser()).error).toBeNull();

    const aSession = (await a.auth.getSession()).data.session!;
    expect((await a.auth.signOut()).error).toBeNull();
    expect((await a.auth.getSession()).data.session).toBeNull();
    const refresh = await post(auth.url, "/token?grant_type=refresh_token", { refresh_token: aSession.refresh_token });
    expect(await refresh.json()).toEqual({ code: "refresh_token_not_found", message: "Invalid Refresh Token: Refresh Token Not Found" });
  });

  test("MFA: enroll, challenge, verify a computed TOTP (aal2), unenroll", async () => {
    const mfaClient = supabaseClient(auth.url);
    await mfaClient.auth.signInWithPassword({ email, password: newPassword });
    const bystander = supabaseClient(auth.url);
    await bystander.auth.signInWithPassword({ email, password: newPassword });

    const enrolled = await mfaClient.auth.mfa.enroll({ factorType: "totp", friendlyName: "My phone" });
    expect(enrolled.error).toBeNull();
    const factor = enrolled.data!;
    expect(factor.totp.qr_code.startsWith("data:image/svg+xml;utf-8,<svg")).toBe(true);
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(factor.totp.uri).toBe(`otpauth://totp/127.0.0.1%3A${new URL(auth.url).port}:${encodeURIComponent(email)}?algorithm=SHA1&digits=6&issuer=127.0.0.1%3A${new URL(auth.url).port}&period=30&secret=${factor.totp.secret}`);
    const listed = await mfaClient.auth.mfa.listFactors();
    expect(listed.data!.all).toEqual([expect.objectContaining({ id: factor.id, friendly_name: "My phone", factor_type: "totp", status: "unverified" })]);
    expect(listed.data!.totp).toEqual([]);

    const challenge = await mfaClient.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data).toMatchObject({ id: expect.any(String), type: "totp", expires_at: expect.any(Number) });
    const code = TOTP.generate({ secret: Secret.fromBase32(factor.totp.secret) });
    const verified = await mfaClient.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code });
    expect(verified.error).toBeNull();

    const level = await mfaClient.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: "aal2", nextLevel: "aal2" });
    expect(level.data!.currentAuthenticationMethods.map((entry) => (typeof entry === "string" ? entry : entry.method))).toEqual(["totp", "password"]);
    expect((await mfaClient.auth.mfa.listFactors()).data!.totp).toEqual([expect.objectContaining({ id: factor.id, status: "verified" })]);
    // Verification removes the user's other aal1 sessions.
    expect((await bystander.auth.getUser()).error?.name).toBe("AuthSessionMissingError");
    // Signing in again with the password alone is aal1 with aal2 available.
    const again = supabaseClient(auth.url);
    await again.auth.signInWithPassword({ email, password: newPassword });
    expect((await again.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal2" });

    const removed = await mfaClient.auth.mfa.unenroll({ factorId: factor.id });
    expect(removed.error).toBeNull();
    expect(removed.data).toMatchObject({ id: factor.id });
    await mfaClient.auth.refreshSession();
    expect((await mfaClient.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal1" });
    expect((await mfaClient.auth.mfa.listFactors()).data!.all).toEqual([]);
  });
});

function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString()) as Record<string, unknown>;
}
