import { AuthAdminService } from "@qai/contracts";
import { createServiceClient } from "@qai/platform";
import { post, startTestAuth, supabaseClient, uniqueEmail, type TestAuth } from "./helpers";

const resendFrom = (auth: TestAuth, ip: string) => post(auth.url, "/resend", { type: "signup", email: uniqueEmail() }, { headers: { "x-forwarded-for": ip } });

describe("per-IP token buckets behind a trusted proxy", () => {
  let auth: TestAuth;
  beforeAll(async () => {
    auth = await startTestAuth({ AUTH_RATE_LIMIT_BURST: "3", AUTH_RATE_LIMIT_OTP: "1", AUTH_RATE_LIMIT_TOKEN_REFRESH: "1" });
  });
  afterAll(() => auth.stop());

  test("the client IP from X-Forwarded-For has its own bucket; an empty bucket is 429 until it refills", async () => {
    for (let i = 0; i < 3; i++) expect((await resendFrom(auth, "203.0.113.7")).status).toBe(200);
    const limited = await resendFrom(auth, "203.0.113.7");
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ code: "over_request_rate_limit", message: "Request rate limit reached" });
    expect((await resendFrom(auth, "203.0.113.8")).status).toBe(200);

    auth.advance(300_000);
    expect((await resendFrom(auth, "203.0.113.7")).status).toBe(200);
    expect((await resendFrom(auth, "203.0.113.7")).status).toBe(429);
  });

  test("POST /token has its own bucket, seen by supabase-js as a 429", async () => {
    const client = supabaseClient(auth.url, { headers: { "x-forwarded-for": "198.51.100.20" } });
    for (let i = 0; i < 3; i++) expect((await client.auth.signInWithPassword({ email: uniqueEmail(), password: "secret-pass-1" })).error?.status).toBe(400);
    expect((await client.auth.signInWithPassword({ email: uniqueEmail(), password: "secret-pass-1" })).error).toMatchObject({ status: 429, code: "over_request_rate_limit" });
  });
});

describe("X-Forwarded-For from a peer that is not a trusted proxy", () => {
  let auth: TestAuth;
  beforeAll(async () => {
    auth = await startTestAuth({ AUTH_RATE_LIMIT_BURST: "2", AUTH_RATE_LIMIT_OTP: "1", AUTH_TRUSTED_PROXIES: "10.9.9.9" });
  });
  afterAll(() => auth.stop());

  test("is ignored: a caller cannot escape its bucket by inventing addresses", async () => {
    expect((await resendFrom(auth, "203.0.113.1")).status).toBe(200);
    expect((await resendFrom(auth, "203.0.113.2")).status).toBe(200);
    expect((await resendFrom(auth, "203.0.113.3")).status).toBe(429);
  });
});

describe("the server's hourly e-mail budget", () => {
  let auth: TestAuth;
  beforeAll(async () => {
    auth = await startTestAuth({ AUTH_RATE_LIMIT_EMAIL_SENT: "2" });
  });
  afterAll(() => auth.stop());

  test("once spent, sign-up is 429 email rate limit exceeded and creates no user", async () => {
    const admin = createServiceClient(AuthAdminService, auth.grpcAddress);
    try {
      for (let i = 0; i < 2; i++) expect((await supabaseClient(auth.url).auth.signUp({ email: uniqueEmail(), password: "secret-pass-1" })).error).toBeNull();
      const { error } = await supabaseClient(auth.url).auth.signUp({ email: uniqueEmail(), password: "secret-pass-1" });
      expect(error).toMatchObject({ status: 429, code: "over_email_send_rate_limit", message: "email rate limit exceeded" });
      expect((await admin.countUsers({})).total).toBe(2);
    } finally {
      admin.close();
    }
  });
});
