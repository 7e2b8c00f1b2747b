import { Secret, TOTP } from "otpauth";
import type { SupabaseClient } from "@supabase/supabase-js";
import { post, signUpConfirmed, startTestAuth, supabaseClient, uniqueEmail, type TestAuth } from "./helpers";

describe("MFA rules", () => {
  let auth: TestAuth;
  let offset = 0;
  const now = () => Date.now() + offset;
  const advance = (ms: number) => {
    offset += ms;
    auth.advance(ms);
  };
  const codeFor = (secret: string, atMs = now()) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: atMs });

  beforeAll(async () => {
    auth = await startTestAuth();
  });
  afterAll(() => auth.stop());

  async function signedIn(email: string, headers?: Record<string, string>): Promise<SupabaseClient> {
    const client = supabaseClient(auth.url, { headers });
    const { error } = await client.auth.signInWithPassword({ email, password: "secret-pass-1" });
    expect(error).toBeNull();
    return client;
  }

  async function accessToken(client: SupabaseClient): Promise<string> {
    return (await client.auth.getSession()).data.session!.access_token;
  }

  test("friendly names are unique per user, the empty one included; stale unverified factors are cleared", async () => {
    const email = uniqueEmail("names");
    await signUpConfirmed(auth.url, email);
    const client = await signedIn(email);
    expect((await client.auth.mfa.enroll({ factorType: "totp" })).error).toBeNull();
    const clash = await client.auth.mfa.enroll({ factorType: "totp" });
    expect(clash.error).toMatchObject({ status: 422, code: "mfa_factor_name_conflict", message: 'A factor with the friendly name "" for this user already exists' });
    expect((await client.auth.mfa.enroll({ factorType: "totp", friendlyName: "laptop" })).error).toBeNull();

    advance(301_000);
    await client.auth.refreshSession();
    // Unverified factors never challenged are dropped after 300 s, so the name is free again.
    expect((await client.auth.mfa.enroll({ factorType: "totp" })).error).toBeNull();
    expect((await client.auth.mfa.listFactors()).data!.all).toHaveLength(1);
    expect((await client.auth.mfa.enroll({ factorType: "phone", phone: "+966500000000" })).error).toMatchObject({ status: 422, code: "mfa_phone_enroll_not_enabled" });
  });

  test("verification rules: empty, wrong and replayed codes; another IP; a used or expired challenge", async () => {
    const email = uniqueEmail("verify");
    await signUpConfirmed(auth.url, email);
    const client = await signedIn(email);
    const token = await accessToken(client);
    const factor = (await client.auth.mfa.enroll({ factorType: "totp" })).data!;
    const challengeFrom = async (ip: string) => ((await (await post(auth.url, `/factors/${factor.id}/challenge`, {}, { token, headers: { "x-forwarded-for": ip } })).json()) as { id: string }).id;
    const verifyFrom = async (ip: string, challengeId: string, code: string) => post(auth.url, `/factors/${factor.id}/verify`, { challenge_id: challengeId, code }, { token, headers: { "x-forwarded-for": ip } });
    const expectError = async (response: Response, status: number, code: string, message: string) => {
      expect({ status: response.status, body: await response.json() }).toEqual({ status, body: { code, message } });
    };

    const challenge = await challengeFrom("198.51.100.1");
    await expectError(await verifyFrom("198.51.100.1", challenge, ""), 400, "validation_failed", "Code needs to be non-empty");
    await expectError(await verifyFrom("198.51.100.1", challenge, "12345x"), 422, "mfa_verification_failed", "Invalid TOTP code entered");
    await expectError(await verifyFrom("198.51.100.2", challenge, codeFor(factor.totp.secret)), 422, "mfa_ip_address_mismatch", "Challenge and verify IP addresses mismatch.");
    await expectError(await verifyFrom("198.51.100.1", "4b8c7f0e-0000-4000-8000-000000000000", codeFor(factor.totp.secret)), 422, "mfa_factor_not_found", "MFA factor with the provided challenge ID not found");

    const code = codeFor(factor.totp.secret);
    expect((await verifyFrom("198.51.100.1", challenge, code)).status).toBe(200);
    await expectError(await verifyFrom("198.51.100.1", challenge, code), 422, "mfa_ip_address_mismatch", "Challenge and verify IP addresses mismatch.");
    // A code is accepted once, even on a new challenge.
    await expectError(await verifyFrom("198.51.100.1", await challengeFrom("198.51.100.1"), code), 422, "mfa_verification_failed", "Invalid TOTP code entered");

    const late = await challengeFrom("198.51.100.1");
    advance(301_000);
    await expectError(await verifyFrom("198.51.100.1", late, codeFor(factor.totp.secret)), 422, "mfa_challenge_expired", "MFA challenge has expired, verify against another challenge or create a new challenge.");
  });

  test("a verified factor requires aal2 to enroll another, unenroll it or change the password", async () => {
    const email = uniqueEmail("aal");
    await signUpConfirmed(auth.url, email);
    const client = await signedIn(email);
    const preMfa = (await client.auth.getSession()).data.session!.refresh_token;
    const factor = (await client.auth.mfa.enroll({ factorType: "totp", friendlyName: "phone" })).data!;
    expect((await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: codeFor(factor.totp.secret) })).error).toBeNull();

    // The refresh token from before MFA can no longer mint tokens.
    const replay = await supabaseClient(auth.url).auth.refreshSession({ refresh_token: preMfa });
    expect(replay.error).toMatchObject({ code: "refresh_token_already_used" });

    const aal1 = await signedIn(email);
    expect((await aal1.auth.mfa.enroll({ factorType: "totp", friendlyName: "second" })).error).toMatchObject({ status: 403, code: "insufficient_aal", message: "AAL2 required to enroll a new factor" });
    expect((await aal1.auth.mfa.unenroll({ factorId: factor.id })).error).toMatchObject({ status: 422, code: "insufficient_aal", message: "AAL2 required to unenroll verified factor" });
    expect((await aal1.auth.updateUser({ password: "another-pass-2" })).error).toMatchObject({ status: 401, code: "insufficient_aal", message: "AAL2 session is required to update email or password when MFA is enabled." });

    // Raised to aal2 by a TOTP, the same session may do all three.
    const challenge = (await aal1.auth.mfa.challenge({ factorId: factor.id })).data!;
    advance(30_000);
    expect((await aal1.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.id, code: codeFor(factor.totp.secret) })).error).toBeNull();
    expect((await aal1.auth.updateUser({ password: "another-pass-2" })).error).toBeNull();
    expect((await aal1.auth.mfa.enroll({ factorType: "totp", friendlyName: "second" })).error).toBeNull();
    expect((await aal1.auth.mfa.unenroll({ factorId: factor.id })).error).toBeNull();
  });

  test("factor ids: not a UUID, or another user's factor, is not found", async () => {
    const owner = uniqueEmail("owner");
    const intruder = uniqueEmail("intruder");
    await signUpConfirmed(auth.url, owner);
    await signUpConfirmed(auth.url, intruder);
    const factor = (await (await signedIn(owner)).auth.mfa.enroll({ factorType: "totp" })).data!;
    const other = await signedIn(intruder);
    expect((await other.auth.mfa.challenge({ factorId: factor.id })).error).toMatchObject({ status: 404, code: "mfa_factor_not_found", message: "Factor not found" });
    expect((await other.auth.mfa.unenroll({ factorId: factor.id })).error).toMatchObject({ status: 404, code: "mfa_factor_not_found" });
    const notUuid = await post(auth.url, "/factors/123/challenge", {}, { token: await accessToken(other) });
    expect(await notUuid.json()).toEqual({ code: "validation_failed", message: "factor_id must be an UUID" });
  });
});
