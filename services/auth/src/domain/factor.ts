import { Secret, TOTP } from "otpauth";

export const MAX_FACTORS = 10;
/** Challenges, unverified factors without a challenge and PKCE flow states live this long. */
export const MFA_CHALLENGE_TTL_SECONDS = 300;
export const UNVERIFIED_FACTOR_TTL_SECONDS = 300;

export type FactorStatus = "unverified" | "verified";

export interface FactorRecord {
  id: string;
  userId: string;
  friendlyName: string;
  factorType: "totp";
  status: FactorStatus;
  /** The base32 TOTP secret, sealed with the server's token secret. */
  sealedSecret: string;
  /** The last TOTP time step accepted: a code is never accepted twice. */
  lastUsedStep?: number;
  lastChallengedAt?: string;
  createdAt: string;
  updatedAt: string;
}

export interface ChallengeRecord {
  id: string;
  factorId: string;
  userId: string;
  /** The caller's IP: verification must come from the same address. */
  ip: string;
  createdAt: string;
  verifiedAt?: string;
}

export interface FactorJson {
  id: string;
  friendly_name?: string;
  factor_type: string;
  status: FactorStatus;
  created_at: string;
  updated_at: string;
  last_challenged_at: string | null;
  phone: string;
}

export function factorJson(factor: FactorRecord): FactorJson {
  return {
    id: factor.id,
    ...(factor.friendlyName ? { friendly_name: factor.friendlyName } : {}),
    factor_type: factor.factorType,
    status: factor.status,
    created_at: factor.createdAt,
    updated_at: factor.updatedAt,
    last_challenged_at: factor.lastChallengedAt ?? null,
    phone: "",
  };
}

/** A new TOTP secret: 20 random bytes, 32 base32 characters. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth URI authenticator apps read from the QR code (SHA-1, 6 digits, 30 s). */
export function totpUri(issuer: string, accountName: string, secret: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(accountName)}`;
  const query = `algorithm=SHA1&digits=6&issuer=${encodeURIComponent(issuer)}&period=30&secret=${secret}`;
  return `otpauth://totp/${label}?${query}`;
}

/**
 * The time step a 6-digit `code` belongs to (±1 step of skew), or undefined when it is wrong or was
 * already used (step not after `lastUsedStep`).
 */
export function acceptedTotpStep(secret: string, code: string, nowMs: number, lastUsedStep = -1): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = TOTP.validate({ token: code, secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30, timestamp: nowMs, window: 1 });
  if (delta === null) return undefined;
  const step = Math.floor(nowMs / 30_000) + delta;
  return step > lastUsedStep ? step : undefined;
}
