import { createHmac, createPublicKey, generateKeyPairSync, sign, verify, type JsonWebKey } from "node:crypto";
import { RETIRED_KEY_GRACE_MS } from "../src/domain/key-set";
import { getUserWith, signUpConfirmed, startTestAuth, uniqueEmail, type TestAuth } from "./helpers";

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const partsOf = (jwt: string) => jwt.split(".") as [string, string, string];
const decode = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString()) as Record<string, unknown>;

async function jwks(url: string): Promise<Array<JsonWebKey & { kid: string }>> {
  return ((await (await fetch(`${url}/auth/v1/.well-known/jwks.json`)).json()) as { keys: Array<JsonWebKey & { kid: string }> }).keys;
}

async function expectBadJwt(url: string, token: string, reason: RegExp): Promise<void> {
  const response = await getUserWith(url, token);
  expect(response.status).toBe(403);
  const body = (await response.json()) as { code: string; message: string };
  expect(body.code).toBe("bad_jwt");
  expect(body.message).toMatch(/^invalid JWT: unable to parse or verify signature, /);
  expect(body.message).toMatch(reason);
}

describe("access tokens and the JWKS", () => {
  let auth: TestAuth;
  let token: string;

  beforeAll(async () => {
    auth = await startTestAuth({ AUTH_JWT_EXP: "600" });
    token = (await signUpConfirmed(auth.url, uniqueEmail("jwt"))).accessToken;
  });
  afterAll(() => auth.stop());

  test("the JWKS publishes the ES256 public key that verifies issued tokens", async () => {
    const response = await fetch(`${auth.url}/auth/v1/.well-known/jwks.json`);
    expect(response.headers.get("cache-control")).toBe("public, max-age=600");
    const keys = await jwks(auth.url);
    expect(keys).toEqual([{ kty: "EC", crv: "P-256", x: expect.any(String), y: expect.any(String), kid: decode(partsOf(token)[0]).kid, alg: "ES256", use: "sig", key_ops: ["verify"] }]);
    const [header, payload, signature] = partsOf(token);
    const key = createPublicKey({ key: keys[0]!, format: "jwk" });
    expect(verify("sha256", Buffer.from(`${header}.${payload}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"))).toBe(true);
    expect((await getUserWith(auth.url, token)).status).toBe(200);
  });

  test("a token signed by another key under the same kid is refused", async () => {
    const [header, payload] = partsOf(token);
    const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const forged = sign("sha256", Buffer.from(`${header}.${payload}`), { key: privateKey, dsaEncoding: "ieee-p1363" }).toString("base64url");
    await expectBadJwt(auth.url, `${header}.${payload}.${forged}`, /signature is invalid/);
  });

  test("alg none, HS256 keyed with the public key, an unknown kid and a tampered payload are refused", async () => {
    const [header, payload, signature] = partsOf(token);
    const claims = decode(payload);
    await expectBadJwt(auth.url, `${b64({ alg: "none", typ: "JWT" })}.${payload}.`, /signing method none is invalid/);

    const hsHeader = b64({ alg: "HS256", kid: decode(header).kid, typ: "JWT" });
    const publicJwk = JSON.stringify((await jwks(auth.url))[0]);
    const hsSignature = createHmac("sha256", publicJwk).update(`${hsHeader}.${payload}`).digest("base64url");
    await expectBadJwt(auth.url, `${hsHeader}.${payload}.${hsSignature}`, /signing method HS256 is invalid/);

    await expectBadJwt(auth.url, `${b64({ alg: "ES256", kid: "someone-else", typ: "JWT" })}.${payload}.${signature}`, /invalid kid/);
    await expectBadJwt(auth.url, `${header}.${b64({ ...claims, role: "service_role" })}.${signature}`, /signature is invalid/);
    await expectBadJwt(auth.url, "not-a-jwt", /malformed/);
  });

  test("an expired token is refused with GoTrue's message", async () => {
    auth.advance(601_000);
    await expectBadJwt(auth.url, token, /token has invalid claims: token is expired$/);
    auth.advance(-601_000);
  });

  test("rotation: the new key signs, the previous one stays published until its tokens expire", async () => {
    const oldKid = decode(partsOf(token)[0]).kid;
    const newKid = await auth.rotateSigningKey();
    expect(newKid).not.toBe(oldKid);
    expect((await jwks(auth.url)).map((key) => key.kid)).toEqual([newKid, oldKid]);
    expect((await getUserWith(auth.url, token)).status).toBe(200);

    const fresh = (await signUpConfirmed(auth.url, uniqueEmail("rotated"))).accessToken;
    expect(decode(partsOf(fresh)[0]).kid).toBe(newKid);

    // Published for AUTH_JWT_EXP plus the grace other replicas need to notice the rotation.
    auth.advance(600_000 + RETIRED_KEY_GRACE_MS - 1000);
    expect((await jwks(auth.url)).map((key) => key.kid)).toEqual([newKid, oldKid]);
    auth.advance(2000);
    expect((await jwks(auth.url)).map((key) => key.kid)).toEqual([newKid]);
    auth.advance(-(600_000 + RETIRED_KEY_GRACE_MS + 1000));
  });
});
