import { AuthAdminService } from "@qai/contracts";
import { createServiceClient, type ClientOf } from "@qai/platform";
import { getUserWith, latestMailTo, mailbox, post, signUpConfirmed, startTestAuth, supabaseClient, uniqueEmail, type TestAuth } from "./helpers";

describe("errors with confirmation required (the default)", () => {
  let auth: TestAuth;
  let admin: ClientOf<typeof AuthAdminService>;
  const countUsers = async () => (await admin.countUsers({})).total;

  beforeAll(async () => {
    auth = await startTestAuth();
    admin = createServiceClient(AuthAdminService, auth.grpcAddress);
  });
  afterAll(async () => {
    admin.close();
    await auth.stop();
  });

  test("signing up a confirmed address again answers an obfuscated user (no identities, new id) and sends no mail", async () => {
    const email = uniqueEmail("taken");
    await signUpConfirmed(auth.url, email);
    const real = (await supabaseClient(auth.url).auth.signInWithPassword({ email, password: "secret-pass-1" })).data.user!;
    const mailsBefore = (await mailbox(auth.url)).length;

    const { data, error } = await supabaseClient(auth.url).auth.signUp({ email, password: "another-pass", options: { data: { first_name: "X" } } });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email, role: "", identities: [], user_metadata: { first_name: "X" }, confirmation_sent_at: expect.any(String) });
    expect(data.user!.id).not.toBe(real.id);
    expect(data.user).not.toHaveProperty("email_confirmed_at");
    expect((await mailbox(auth.url)).length).toBe(mailsBefore);
  });

  test("signing up an unconfirmed address again re-sends the confirmation, at most once a minute", async () => {
    const email = uniqueEmail("pending");
    const client = supabaseClient(auth.url);
    const first = await client.auth.signUp({ email, password: "secret-pass-1" });
    const tooSoon = await client.auth.signUp({ email, password: "secret-pass-1" });
    expect(tooSoon.error).toMatchObject({ status: 429, code: "over_email_send_rate_limit" });
    expect(tooSoon.error!.message).toMatch(/^For security purposes, you can only request this after (60|59) seconds\.$/);
    const resendTooSoon = await client.auth.resend({ type: "signup", email });
    expect(resendTooSoon.error).toMatchObject({ status: 429, code: "over_email_send_rate_limit" });

    const oldLink = (await latestMailTo(auth.url, email)).links[0]!;
    auth.advance(61_000);
    const resent = await client.auth.signUp({ email, password: "ignored-pass" });
    expect(resent.error).toBeNull();
    expect(resent.data.user!.id).toBe(first.data.user!.id);
    const newLink = (await latestMailTo(auth.url, email)).links[0]!;
    expect(newLink).not.toBe(oldLink);
    // The older link no longer works; the password was not changed by the second sign-up.
    expect((await fetch(oldLink, { redirect: "manual" })).headers.get("location")).toContain("error_code=otp_expired");
    expect((await fetch(newLink, { redirect: "manual" })).headers.get("location")).toContain("access_token=");
    expect((await client.auth.signInWithPassword({ email, password: "secret-pass-1" })).error).toBeNull();
  });

  test("resend answers {} without revealing whether the address exists", async () => {
    const response = await post(auth.url, "/resend", { type: "signup", email: uniqueEmail("nobody") });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
    expect((await post(auth.url, "/resend", { type: "bogus", email: uniqueEmail() })).status).toBe(400);
  });

  test("verifyOtp with the 6-digit code from the mail signs in; a wrong or used code is otp_expired", async () => {
    const email = uniqueEmail("otp");
    const client = supabaseClient(auth.url);
    await client.auth.signUp({ email, password: "secret-pass-1" });
    const code = /enter the code: (\d{6})/.exec((await latestMailTo(auth.url, email)).text)![1]!;
    const wrong = await client.auth.verifyOtp({ email, token: code === "000000" ? "111111" : "000000", type: "email" });
    expect(wrong.error).toMatchObject({ status: 403, code: "otp_expired", message: "Token has expired or is invalid" });
    const right = await client.auth.verifyOtp({ email, token: code, type: "email" });
    expect(right.error).toBeNull();
    expect(right.data.session!.user.email_confirmed_at).toEqual(expect.any(String));
    expect((await supabaseClient(auth.url).auth.verifyOtp({ email, token: code, type: "email" })).error?.code).toBe("otp_expired");
  });

  test("an expired confirmation link (24 h) lands on the error hash", async () => {
    const email = uniqueEmail("late");
    await supabaseClient(auth.url).auth.signUp({ email, password: "secret-pass-1" });
    const link = (await latestMailTo(auth.url, email)).links[0]!;
    auth.advance(86_400_000);
    const response = await fetch(link, { redirect: "manual" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toContain("#error=access_denied&error_code=otp_expired");
  });

  test("invalid_credentials for a wrong password and an unknown address alike", async () => {
    const email = uniqueEmail("creds");
    await signUpConfirmed(auth.url, email);
    for (const attempt of [{ email, password: "wrong-pass" }, { email: uniqueEmail("ghost"), password: "secret-pass-1" }]) {
      const { error } = await supabaseClient(auth.url).auth.signInWithPassword(attempt);
      expect(error).toMatchObject({ status: 400, code: "invalid_credentials", message: "Invalid login credentials" });
    }
  });

  test("weak_password: the client gets AuthWeakPasswordError with the reasons", async () => {
    const { error } = await supabaseClient(auth.url).auth.signUp({ email: uniqueEmail(), password: "12345" });
    expect(error).toMatchObject({ name: "AuthWeakPasswordError", status: 422, code: "weak_password", message: "Password should be at least 6 characters.", reasons: ["length"] });
  });

  test("refresh: a short token is validation_failed, an unknown one refresh_token_not_found", async () => {
    const short = await supabaseClient(auth.url).auth.refreshSession({ refresh_token: "abc" });
    expect(short.error).toMatchObject({ status: 400, code: "validation_failed", message: "Refresh token is not valid" });
    const unknown = await supabaseClient(auth.url).auth.refreshSession({ refresh_token: "a".repeat(64) });
    expect(unknown.error).toMatchObject({ status: 400, code: "refresh_token_not_found", message: "Invalid Refresh Token: Refresh Token Not Found" });
  });

  test("user endpoints: 401 no_authorization without a token, 403 session_not_found after sign-out", async () => {
    const noToken = await fetch(`${auth.url}/auth/v1/user`, { headers: { "x-supabase-api-version": "2024-01-01" } });
    expect(noToken.status).toBe(401);
    expect(await noToken.json()).toEqual({ code: "no_authorization", message: "This endpoint requires a valid Bearer token" });

    const { accessToken } = await signUpConfirmed(auth.url, uniqueEmail("gone"));
    expect((await post(auth.url, "/logout", undefined, { token: accessToken, raw: "" })).status).toBe(204);
    const after = await getUserWith(auth.url, accessToken);
    expect(after.status).toBe(403);
    expect(await after.json()).toEqual({ code: "session_not_found", message: "Session from session_id claim in JWT does not exist" });
  });

  test("unsupported grant type and logout scope", async () => {
    const grant = await post(auth.url, "/token?grant_type=magic", {});
    expect(await grant.json()).toEqual({ code: "invalid_credentials", message: "unsupported_grant_type" });
    const { accessToken } = await signUpConfirmed(auth.url, uniqueEmail("scope"));
    const scope = await post(auth.url, "/logout?scope=everyone", undefined, { token: accessToken, raw: "" });
    expect(scope.status).toBe(400);
    expect(await scope.json()).toEqual({ code: "validation_failed", message: 'Unsupported logout scope "everyone"' });
  });

  test("errors use the legacy body and x-sb-error-code without the API version header", async () => {
    const response = await post(auth.url, "/token?grant_type=password", { email: uniqueEmail(), password: "whatever" }, { legacy: true });
    expect(response.status).toBe(400);
    expect(response.headers.get("x-supabase-api-version")).toBeNull();
    expect(response.headers.get("x-sb-error-code")).toBe("invalid_credentials");
    expect(await response.json()).toEqual({ code: 400, error_code: "invalid_credentials", msg: "Invalid login credentials" });

    const current = await post(auth.url, "/token?grant_type=password", { email: uniqueEmail(), password: "whatever" }, { headers: { "x-supabase-api-version": "2025-06-30" } });
    expect(current.headers.get("x-supabase-api-version")).toBe("2024-01-01");
    expect(await current.json()).toEqual({ code: "invalid_credentials", message: "Invalid login credentials" });
  });

  test("bad input gets a clear 4xx and creates nothing", async () => {
    const usersBefore = await countUsers();
    const mailsBefore = (await mailbox(auth.url)).length;
    const email = uniqueEmail("bad");
    const cases: Array<[unknown, number, string, string]> = [
      [{ email, password: "" }, 400, "validation_failed", "Signup requires a valid password"],
      [{ email: "", password: "secret-pass-1" }, 400, "validation_failed", "An email address is required"],
      [{ password: "secret-pass-1" }, 400, "validation_failed", "An email address is required"],
      [{ email: "not-an-email", password: "secret-pass-1" }, 400, "validation_failed", "Unable to validate email address: invalid format"],
      [{ email, password: "x".repeat(10_240) }, 400, "validation_failed", "Password cannot be longer than 72 characters"],
      [{ email: 42, password: "secret-pass-1" }, 400, "validation_failed", "email must be a string"],
      [{ email, password: ["secret-pass-1"] }, 400, "validation_failed", "password must be a string"],
      [{ email, password: "secret-pass-1", data: "Sara" }, 400, "validation_failed", "data must be an object"],
      [{ email, password: "secret-pass-1", data: { note: "x".repeat(9000) } }, 400, "validation_failed", "data must be at most 8 KiB of JSON"],
      [[{ email, password: "secret-pass-1" }], 400, "validation_failed", "Request body must be a JSON object"],
    ];
    for (const [body, status, code, message] of cases) {
      const response = await post(auth.url, "/signup", body);
      expect({ status: response.status, body: await response.json() }).toEqual({ status, body: { code, message } });
    }
    const malformed = await post(auth.url, "/signup", undefined, { raw: '{"email": "a@b.co", "password": ' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ code: "bad_json", message: expect.stringMatching(/^Could not parse request body as JSON: /) });
    const huge = await post(auth.url, "/signup", { email, password: "secret-pass-1", data: { note: "x".repeat(200_000) } });
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { code: string }).code).toBe("request_too_large");

    expect(await countUsers()).toBe(usersBefore);
    expect((await mailbox(auth.url)).length).toBe(mailsBefore);
  });

  test("the body quirks supabase-js sends are accepted (nulls, gotrue_meta_security, unknown keys)", async () => {
    const response = await post(auth.url, "/signup", { email: uniqueEmail("quirks"), password: "secret-pass-1", data: {}, gotrue_meta_security: {}, code_challenge: null, code_challenge_method: null, somethingElse: 1 });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { identities: unknown[] }).identities).toHaveLength(1);
  });

  test("wrong methods and unknown paths are 404, never 5xx", async () => {
    expect((await fetch(`${auth.url}/auth/v1/nothing-here`)).status).toBe(404);
    expect((await fetch(`${auth.url}/auth/v1/verify`)).status).toBe(400);
    expect((await fetch(`${auth.url}/auth/v1/token`, { method: "GET" })).status).toBe(404);
  });
});

describe("errors with AUTH_AUTOCONFIRM=true", () => {
  let auth: TestAuth;
  beforeAll(async () => {
    auth = await startTestAuth({ AUTH_AUTOCONFIRM: "true" });
  });
  afterAll(() => auth.stop());

  test("sign-up signs in at once; the same address again is user_already_exists", async () => {
    const email = uniqueEmail("auto");
    const client = supabaseClient(auth.url);
    const { data, error } = await client.auth.signUp({ email, password: "secret-pass-1" });
    expect(error).toBeNull();
    expect(data.session).toMatchObject({ token_type: "bearer", user: { email, email_confirmed_at: expect.any(String) } });
    expect((await client.auth.getUser()).data.user!.email).toBe(email);
    expect(await mailbox(auth.url)).toEqual([]);

    const again = await supabaseClient(auth.url).auth.signUp({ email, password: "secret-pass-1" });
    expect(again.error).toMatchObject({ status: 422, code: "user_already_exists", message: "User already registered" });
  });

  test("/settings tells the client that confirmation is off", async () => {
    const settings = await (await fetch(`${auth.url}/auth/v1/settings`)).json();
    expect(settings).toMatchObject({ mailer_autoconfirm: true, disable_signup: false, external: { email: true, phone: false } });
    expect(await (await fetch(`${auth.url}/auth/v1/health`)).json()).toMatchObject({ name: "GoTrue" });
  });
});
