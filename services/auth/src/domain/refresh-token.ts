import type { TokenSecret } from "./secrets";
import { safeEqual } from "./secrets";

/**
 * Refresh tokens follow GoTrue's v2 design: a token names its session and a counter and carries a
 * MAC under the server's token secret, so nothing token-shaped is stored; the session keeps only
 * its current counter. `base64url(session id (16 bytes) ‖ counter (8 bytes) ‖ MAC (24 bytes))`.
 */
const MAC_BYTES = 24;
const TOKEN_BYTES = 16 + 8 + MAC_BYTES;
/** GoTrue refuses anything shorter with `validation_failed`. */
export const REFRESH_TOKEN_MIN_LENGTH = 12;

export function encodeRefreshToken(secret: TokenSecret, sessionId: string, counter: number): string {
  const body = Buffer.alloc(24);
  Buffer.from(sessionId.replaceAll("-", ""), "hex").copy(body, 0);
  body.writeBigUInt64BE(BigInt(counter), 16);
  return Buffer.concat([body, mac(secret, body)]).toString("base64url");
}

/** The session and counter a token names, or undefined when it was not issued by this server. */
export function decodeRefreshToken(secret: TokenSecret, token: string): { sessionId: string; counter: number } | undefined {
  if (!/^[\w-]+$/.test(token)) return undefined;
  const bytes = Buffer.from(token, "base64url");
  if (bytes.length !== TOKEN_BYTES) return undefined;
  const body = bytes.subarray(0, 24);
  if (!safeEqual(bytes.subarray(24).toString("base64url"), mac(secret, body).toString("base64url"))) return undefined;
  const hex = body.subarray(0, 16).toString("hex");
  const sessionId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { sessionId, counter: Number(body.readBigUInt64BE(16)) };
}

function mac(secret: TokenSecret, body: Buffer): Buffer {
  return secret.mac("refresh-token", body).subarray(0, MAC_BYTES);
}

export type RefreshDecision =
  /** The current token: rotate (counter + 1). */
  | "rotate"
  /** The parent of the current token, or a concurrent refresh inside the reuse window: hand out the current token again. */
  | "reissue"
  /** An older token outside the reuse window: the family is compromised, end the session. */
  | "reused"
  /** A counter ahead of the session's: not a token this server handed out. */
  | "foreign";

export function decideRefresh(sessionCounter: number, tokenCounter: number, lastRefreshedAtMs: number | undefined, nowMs: number, reuseIntervalMs: number): RefreshDecision {
  if (tokenCounter === sessionCounter) return "rotate";
  if (tokenCounter > sessionCounter) return "foreign";
  if (sessionCounter - tokenCounter === 1) return "reissue";
  if (lastRefreshedAtMs !== undefined && nowMs - lastRefreshedAtMs <= reuseIntervalMs) return "reissue";
  return "reused";
}
