import { createHash, randomBytes } from "node:crypto";

/**
 * The stable key of a registered account's daily budget: a truncated SHA-256 of its normalised
 * e-mail (trimmed, Unicode NFKC, lower-case). Deleting an account and signing up again with the same
 * address lands on the same counter, so the day's questions are not handed out twice; the address
 * itself is never stored.
 */
export function accountKey(email: string): string | undefined {
  const normalised = email.normalize("NFKC").trim().toLowerCase();
  if (!normalised.includes("@")) return undefined;
  return `${ACCOUNT_KEY_PREFIX}${createHash("sha256").update(normalised).digest("hex").slice(0, 32)}`;
}

const ACCOUNT_KEY_PREFIX = "acct:";

/** Whether a counter id is kept under an account's e-mail (`accountKey`) rather than a user id. */
export function isAccountCounter(counterId: string): boolean {
  return counterId.startsWith(ACCOUNT_KEY_PREFIX);
}

/**
 * A guest session id that carries its creation time (a UUIDv7: 48-bit Unix milliseconds, then
 * randomness), so a session needs no stored row until its first question.
 */
export function newGuestSessionId(now: Date): string {
  const bytes = randomBytes(16);
  const ms = BigInt(now.getTime());
  for (let i = 0; i < 6; i++) bytes[i] = Number((ms >> BigInt(8 * (5 - i))) & 0xffn);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** When a guest session id made by `newGuestSessionId` was issued; undefined for any other id. */
export function guestSessionIssuedAt(sessionId: string): Date | undefined {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(sessionId)) return undefined;
  return new Date(parseInt(sessionId.slice(0, 8) + sessionId.slice(9, 13), 16));
}
