import { fromBinary } from "@bufbuild/protobuf";
import { timestampMs } from "@bufbuild/protobuf/wkt";
import { SessionRevocationReason, SessionsRevokedSchema, TOPICS, type SessionsRevoked } from "@qai/contracts";
import { InProcessEventBus } from "@qai/event-bus";
import { Secret, TOTP } from "otpauth";
import { post, signUpConfirmed, startTestAuth, supabaseClient, uniqueEmail, type TestAuth } from "./helpers";

// auth.session.v1 as the auth service publishes it (the gateway's side: services/all-in-one/test/sessions.test.ts).

const sessionOf = (accessToken: string): string => (JSON.parse(Buffer.from(accessToken.split(".")[1]!, "base64url").toString()) as { session_id: string }).session_id;

describe("auth.session.v1", () => {
  let auth: TestAuth;
  let bus: InProcessEventBus;
  const published: SessionsRevoked[] = [];
  beforeAll(async () => {
    bus = new InProcessEventBus();
    await bus.subscribe({ topic: TOPICS.authSession, group: "test", handler: async (event) => void published.push(fromBinary(SessionsRevokedSchema, event.payload)) });
    auth = await startTestAuth({}, undefined, bus);
  });
  afterAll(async () => {
    await auth.stop();
    await bus.close();
  });
  beforeEach(() => void published.splice(0));

  test("an MFA upgrade revokes the user's other aal1 sessions, until their tokens can have expired", async () => {
    const email = uniqueEmail("mfa-revoke");
    const fromLink = await signUpConfirmed(auth.url, email);
    const client = supabaseClient(auth.url);
    expect((await client.auth.signInWithPassword({ email, password: "secret-pass-1" })).error).toBeNull();
    const current = sessionOf((await client.auth.getSession()).data.session!.access_token);
    const factor = (await client.auth.mfa.enroll({ factorType: "totp" })).data!;
    const before = Date.now();
    const code = TOTP.generate({ secret: Secret.fromBase32(factor.totp.secret) });
    expect((await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code })).error).toBeNull();

    expect(published).toHaveLength(1);
    const [revoked] = published;
    expect(revoked).toMatchObject({ sessionIds: [sessionOf(fromLink.accessToken)], allSessions: false, reason: SessionRevocationReason.MFA_UPGRADE });
    expect(revoked!.sessionIds).not.toContain(current);
    expect(timestampMs(revoked!.holdUntil!)).toBeGreaterThanOrEqual(before + 3600_000);
  });

  test("a local sign-out revokes that session; ending no session publishes nothing", async () => {
    const session = await signUpConfirmed(auth.url, uniqueEmail("logout"));
    expect((await post(auth.url, "/logout?scope=others", {}, { token: session.accessToken })).status).toBe(204);
    expect(published).toEqual([]);
    expect((await post(auth.url, "/logout?scope=local", {}, { token: session.accessToken })).status).toBe(204);
    expect(published).toMatchObject([{ sessionIds: [sessionOf(session.accessToken)], reason: SessionRevocationReason.LOGOUT }]);
  });
});
