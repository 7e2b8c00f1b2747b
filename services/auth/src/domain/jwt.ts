import { SignJWT, errors, jwtVerify, type JWTPayload, type KeyLike } from "jose";

/**
 * ES256 access tokens with jose. Verification allows ES256 only, so `none`, HS* and anything else
 * is refused before a key is looked up; `exp` is required.
 */
export const JWT_ALG = "ES256";

export type JwtClaims = JWTPayload;

export function signJwt(claims: JwtClaims, privateKey: KeyLike, kid: string): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: JWT_ALG, kid, typ: "JWT" }).sign(privateKey);
}

export type JwtCheck = { ok: true; claims: JwtClaims } | { ok: false; reason: string };

class UnknownKeyId extends Error {}

/**
 * Verifies signature and expiry at `now`. `keyFor(kid)` resolves to a published public key. The
 * reasons read like the Go JWT library's, because GoTrue puts them in its `bad_jwt` message.
 */
export async function verifyJwt(token: string, keyFor: (kid: string) => Promise<KeyLike | undefined>, now: Date): Promise<JwtCheck> {
  try {
    const { payload } = await jwtVerify(
      token,
      async (header) => {
        const key = header.kid === undefined ? undefined : await keyFor(header.kid);
        if (!key) throw new UnknownKeyId();
        return key;
      },
      { algorithms: [JWT_ALG], currentDate: now, requiredClaims: ["exp"] },
    );
    return { ok: true, claims: payload };
  } catch (error) {
    return { ok: false, reason: reasonOf(error, token) };
  }
}

function reasonOf(error: unknown, token: string): string {
  if (error instanceof UnknownKeyId) return "token is unverifiable: error while executing keyfunc: invalid kid";
  if (error instanceof errors.JOSEAlgNotAllowed) return `token is unverifiable: signing method ${headerAlg(token)} is invalid`;
  if (error instanceof errors.JWSSignatureVerificationFailed) return "token signature is invalid: crypto/ecdsa: verification error";
  if (error instanceof errors.JWTExpired) return "token has invalid claims: token is expired";
  if (error instanceof errors.JWTClaimValidationFailed) return `token has invalid claims: ${error.message}`;
  return `token is malformed: ${error instanceof Error ? error.message : String(error)}`;
}

function headerAlg(token: string): string {
  try {
    return String((JSON.parse(Buffer.from(token.split(".")[0] ?? "", "base64url").toString()) as { alg?: unknown }).alg);
  } catch {
    return "unknown";
  }
}
