import { SignJWT, exportJWK, generateKeyPair, type KeyLike } from "jose";

/** The issuer the auth server would put in its tokens. */
export const ISSUER = "http://localhost:8080/auth/v1";
export const USER = "4f1d2c3b-1111-4222-8333-944455556666";

export interface Key {
  kid: string;
  privateKey: KeyLike;
  jwk: Record<string, unknown>;
}

export async function newKey(kid: string): Promise<Key> {
  const { privateKey, publicKey } = await generateKeyPair("ES256");
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: "ES256", use: "sig", key_ops: ["verify"] } };
}

/** An access token of USER as the auth server signs it; `claims` add to or replace its claims. */
export function token(key: Key, { iss = ISSUER, aud = "authenticated", ...claims }: Record<string, unknown> = {}, expiresIn = "1h"): Promise<string> {
  return new SignJWT({ role: "authenticated", email: "Sara@Example.com", session_id: "s-1", aal: "aal1", ...claims })
    .setProtectedHeader({ alg: "ES256", kid: key.kid, typ: "JWT" })
    .setSubject(USER)
    .setIssuer(String(iss))
    .setAudience(String(aud))
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(key.privateKey);
}
