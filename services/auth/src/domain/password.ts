import { randomBytes, scrypt, type ScryptOptions } from "node:crypto";
import { AuthError, validationFailed, weakPassword } from "./errors";
import { safeEqual } from "./secrets";

/** GoTrue's bcrypt limit, kept for compatibility: longer passwords are refused, never truncated. */
export const PASSWORD_MAX_BYTES = 72;
/** GoTrue raises any configured minimum below 6 to 6. */
export const PASSWORD_MIN_LENGTH_FLOOR = 6;

/** Why a new password is refused, or undefined when it is acceptable. */
export function passwordProblem(password: string, minLength: number): AuthError | undefined {
  if (Buffer.byteLength(password, "utf8") > PASSWORD_MAX_BYTES) return validationFailed("Password cannot be longer than 72 characters");
  if ([...password].length < minLength) return weakPassword(minLength);
  return undefined;
}

/**
 * scrypt (memory-hard): N=2^15, r=8, p=1 uses 32 MiB and ~100 ms per hash. The parameters are
 * stored with each hash (`scrypt$N$r$p$salt$key`), so they can be raised later without breaking
 * existing passwords.
 */
const COST = { N: 1 << 15, r: 8, p: 1 };
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: { N: number; r: number; p: number }): Promise<Buffer> {
  const params: ScryptOptions = { ...options, maxmem: 256 * options.N * options.r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFC"), salt, KEY_LENGTH, params, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST);
  return ["scrypt", COST.N, COST.r, COST.p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const derived = await derive(password, Buffer.from(salt, "base64"), { N: Number(n), r: Number(r), p: Number(p) });
  return safeEqual(derived.toString("base64"), key);
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so an unknown e-mail cannot be told apart by timing. */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummyHash ??= hashPassword("not a password of anyone");
  await verifyPassword(password, await dummyHash);
  return false;
}
