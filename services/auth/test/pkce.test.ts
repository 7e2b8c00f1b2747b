import { follow, latestMailTo, post, startTestAuth, supabaseClient, uniqueEmail, type TestAuth } from "./helpers";

const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString()) as Record<string, unknown>;

describe("PKCE flow (flowType: pkce, as @supabase/ssr uses)", () => {
  let auth: TestAuth;
  beforeAll(async () => {
    auth = await startTestAuth({ AUTH_URI_ALLOW_LIST: "https://*.qai.example/**" });
  });
  afterAll(() => auth.stop());

  async function pkceSignUp(redirectTo?: string) {
    const email = uniqueEmail("pkce");
    const client = supabaseClient(auth.url, { flowType: "pkce" });
    const { error } = await client.auth.signUp({ email, password: "secret-pass-1", options: { emailRedirectTo: redirectTo ?? `${auth.url}/callback` } });
    expect(error).toBeNull();
    return { email, client, link: (await latestMailTo(auth.url, email)).links[0]! };
  }

  test("the link redirects with ?code=, which only the client holding the verifier can exchange, once", async () => {
    const { client, link } = await pkceSignUp();
    expect(link).toContain("token=pkce_");
    const { status, location } = await follow(link);
    expect(status).toBe(303);
    expect(`${location.origin}${location.pathname}`).toBe(`${auth.url}/callback`);
    const code = location.searchParams.get("code")!;
    expect(code).toMatch(/^[0-9a-f-]{36}$/);

    const stranger = await post(auth.url, "/token?grant_type=pkce", { auth_code: code, code_verifier: "x".repeat(50) });
    expect(await stranger.json()).toEqual({ code: "bad_code_verifier", message: "code challenge does not match previously saved code verifier" });

    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(claimsOf(data.session!.access_token).amr).toEqual([{ method: "email/signup", timestamp: expect.any(Number) }]);
    expect((await client.auth.getUser()).data.user!.email_confirmed_at).toEqual(expect.any(String));

    const again = await post(auth.url, "/token?grant_type=pkce", { auth_code: code, code_verifier: "x".repeat(50) });
    expect(await again.json()).toEqual({ code: "flow_state_not_found", message: "invalid flow state, no valid flow state found" });
  });

  test("after 300 s the e-mail is still confirmed but the code exchange fails with flow_state_expired", async () => {
    const { email, client, link } = await pkceSignUp();
    auth.advance(301_000);
    const { location } = await follow(link);
    const { error } = await client.auth.exchangeCodeForSession(location.searchParams.get("code")!);
    expect(error).toMatchObject({ status: 422, code: "flow_state_expired" });
    expect((await supabaseClient(auth.url).auth.signInWithPassword({ email, password: "secret-pass-1" })).error).toBeNull();
  });

  test("stripping the pkce_ prefix does not turn the link into an implicit sign-in", async () => {
    const { link } = await pkceSignUp();
    const { location } = await follow(link.replace("token=pkce_", "token="));
    expect(location.hash).toContain("error_code=otp_expired");
    expect(location.hash).not.toContain("access_token");
  });

  test("PKCE parameters are validated", async () => {
    const response = await post(auth.url, "/signup", { email: uniqueEmail(), password: "secret-pass-1", code_challenge: "short", code_challenge_method: "s256" });
    expect(await response.json()).toEqual({ code: "validation_failed", message: "code challenge has to be between 43 and 128 characters" });
    const missing = await post(auth.url, "/token?grant_type=pkce", { auth_code: "" });
    expect(await missing.json()).toEqual({ code: "validation_failed", message: "invalid request: both auth code and code verifier should be non-empty" });
  });
});

describe("redirects after confirmation", () => {
  let auth: TestAuth;
  beforeAll(async () => {
    auth = await startTestAuth({ AUTH_SITE_URL: "http://localhost:8080", AUTH_URI_ALLOW_LIST: "https://*.qai.example/**" });
  });
  afterAll(() => auth.stop());

  async function landing(redirectTo: string | undefined): Promise<string> {
    const email = uniqueEmail("redirect");
    await supabaseClient(auth.url).auth.signUp({ email, password: "secret-pass-1", options: redirectTo ? { emailRedirectTo: redirectTo } : {} });
    const link = new URL((await latestMailTo(auth.url, email)).links[0]!);
    expect(link.origin).toBe("http://localhost:8080");
    const { location } = await follow(`${auth.url}${link.pathname}${link.search}`);
    return `${location.origin}${location.pathname}`;
  }

  test("default is the site URL; the site's origin, localhost ports and allow-listed globs are kept; others fall back", async () => {
    expect(await landing(undefined)).toBe("http://localhost:8080/");
    expect(await landing("http://localhost:8080/app/welcome")).toBe("http://localhost:8080/app/welcome");
    expect(await landing("http://localhost:5173/dev")).toBe("http://localhost:5173/dev");
    expect(await landing("https://app.qai.example/deep/path")).toBe("https://app.qai.example/deep/path");
    expect(await landing("https://evil.example/phish")).toBe("http://localhost:8080/");
    expect(await landing("javascript:alert(1)")).toBe("http://localhost:8080/");
  });

  test("a tampered redirect_to in the link is checked again", async () => {
    const email = uniqueEmail("tamper");
    await supabaseClient(auth.url).auth.signUp({ email, password: "secret-pass-1" });
    const link = new URL((await latestMailTo(auth.url, email)).links[0]!);
    link.searchParams.set("redirect_to", "https://evil.example/");
    const { location } = await follow(`${auth.url}${link.pathname}${link.search}`);
    expect(location.origin).toBe("http://localhost:8080");
    expect(location.hash).toContain("access_token=");
  });
});
