import { createServer, type Server } from "node:http";
import { AccessTokenVerifier } from "../src/http/access-tokens";
import { InMemoryRevocationList } from "../src/http/revoked-sessions";
import { ISSUER, USER, newKey, token, type Key } from "./signed-tokens";

describe("AccessTokenVerifier", () => {
  let server: Server;
  let published: Key[];
  let verifier: AccessTokenVerifier;
  let jwksUrl: string;
  let revocations: InMemoryRevocationList;
  let now: number;

  beforeAll(async () => {
    published = [await newKey("key-1")];
    server = createServer((_request, response) => {
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify({ keys: published.map((key) => key.jwk) }));
    }).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as { port: number };
    jwksUrl = `http://127.0.0.1:${port}/jwks.json`;
    now = Date.now();
    revocations = new InMemoryRevocationList(() => now);
    // No JWKS refetch cooldown here, so a rotation is seen at once without sleeping; the clock is the test's.
    verifier = new AccessTokenVerifier({ jwksUrl, issuer: ISSUER, revocations, jwksCooldownMs: 0, now: () => new Date(now) });
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("accepts a token signed by a published key and reads the caller from it", async () => {
    await expect(verifier.verify(await token(published[0]!))).resolves.toEqual({ userId: USER, email: "sara@example.com", emailVerified: false, sessionId: "s-1", aal: "aal1", provider: "email" });
    await expect(verifier.verify(await token(published[0]!, { email_verified: true }))).resolves.toMatchObject({ emailVerified: true });
  });

  it("reads the auth provider from app_metadata, an e-mail sign-in when it names none", async () => {
    const providerOf = async (appMetadata: unknown) => (await verifier.verify(await token(published[0]!, { app_metadata: appMetadata }))).provider;
    expect(await providerOf({ provider: "google", providers: ["google", "email"] })).toBe("google");
    expect(await providerOf({ provider: "email", providers: ["email"] })).toBe("email");
    for (const missing of [{}, { provider: "" }, { provider: 7 }, "email", null]) expect(await providerOf(missing)).toBe("email");
  });

  it("fetches the keys again for a new kid (key rotation)", async () => {
    const rotated = await newKey("key-2");
    published = [rotated, published[0]!];
    await expect(verifier.verify(await token(rotated))).resolves.toMatchObject({ userId: USER });
  });

  it("within the refetch cooldown an unknown kid is refused without asking the JWKS again", async () => {
    const cautious = new AccessTokenVerifier({ jwksUrl, issuer: ISSUER, jwksCooldownMs: 60_000 });
    await expect(cautious.verify(await token(published[0]!))).resolves.toMatchObject({ userId: USER });
    const rotated = await newKey("key-3");
    published = [rotated, ...published];
    await expect(cautious.verify(await token(rotated))).rejects.toMatchObject({ code: "unauthenticated" });
  });

  it("checks expiry at the injected time, not the wall clock", async () => {
    const shortLived = await token(published[0]!, {}, "2m");
    await expect(verifier.verify(shortLived)).resolves.toMatchObject({ userId: USER });
    now += 3 * 60_000;
    const error = await verifier.verify(shortLived).catch((e: unknown) => e);
    now -= 3 * 60_000;
    expect((error as { messageFor(l: string): string }).messageFor("en")).toMatch(/session has expired/);
  });

  it("remembers a verified token only by its exact text, and verifies evicted ones again", async () => {
    const small = new AccessTokenVerifier({ jwksUrl, issuer: ISSUER, jwksCooldownMs: 0, cacheSize: 1, now: () => new Date(now) });
    const first = await token(published[0]!, { session_id: "s-a" });
    const second = await token(published[0]!, { session_id: "s-b" });
    await expect(small.verify(first)).resolves.toMatchObject({ sessionId: "s-a" });
    const tampered = `${first.slice(0, -4)}${first.slice(-4) === "AAAA" ? "BBBB" : "AAAA"}`;
    await expect(small.verify(tampered)).rejects.toMatchObject({ code: "unauthenticated" });
    await expect(small.verify(second)).resolves.toMatchObject({ sessionId: "s-b" });
    await expect(small.verify(first)).resolves.toMatchObject({ sessionId: "s-a" });
  });

  it("refuses tokens of revoked sessions (and of a deleted user) until their expiry, in both languages", async () => {
    const key = published.find((k) => k.kid === "key-1")!;
    const ended = await token(key, { session_id: "s-ended" });
    const other = await token(key, { session_id: "s-other" });
    await revocations.add({ userId: USER, sessionIds: ["s-ended"], allSessions: false, holdUntilMs: now + 60_000 });
    const error = await verifier.verify(ended).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "unauthenticated" });
    expect((error as { messageFor(l: string): string }).messageFor("en")).toMatch(/session has ended/);
    expect((error as { messageFor(l: string): string }).messageFor("ar")).toMatch(/انتهت هذه الجلسة/);
    await expect(verifier.verify(other)).resolves.toMatchObject({ sessionId: "s-other" });

    await revocations.add({ userId: USER, sessionIds: [], allSessions: true, holdUntilMs: now + 60_000 });
    await expect(verifier.verify(other)).rejects.toMatchObject({ code: "unauthenticated" });

    // Held past the hold time plus the 5 s tolerance, then forgotten.
    now += 66_000;
    await expect(revocations.isRevoked({ userId: USER, sessionId: "s-ended" })).resolves.toBe(false);
    await revocations.add({ userId: "someone-else", sessionIds: ["s-x"], allSessions: false, holdUntilMs: now + 1000 });
    expect(revocations.size).toBe(1);
    now -= 66_000;
  });

  it.each([
    ["signed by another key", async () => token({ ...(await newKey("key-1")) })],
    ["with an unknown kid", async () => token(await newKey("stranger"))],
    ["expired", async () => token(published[0]!, {}, "-1m")],
    ["for another audience", async () => token(published[0]!, { aud: "someone-else" })],
    ["from another issuer", async () => token(published[0]!, { iss: "https://evil.example/auth/v1" })],
    ["without the authenticated role", async () => token(published[0]!, { role: "service_role" })],
    ["unsigned (alg none)", async () => {
      const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
      const now = Math.floor(Date.now() / 1000);
      return `${encode({ alg: "none", typ: "JWT" })}.${encode({ sub: USER, aud: "authenticated", iss: ISSUER, role: "authenticated", iat: now, exp: now + 3600 })}.`;
    }],
    ["garbage", async () => "not-a-jwt"],
  ])("refuses a token %s with a 401 the user can read", async (_case, make) => {
    const error = await verifier.verify(await make()).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "unauthenticated" });
    expect((error as { messageFor(l: string): string }).messageFor("en")).toMatch(/sign in again/);
  });
});
