import { randomBytes, type JsonWebKey } from "node:crypto";
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from "jose";
import { JWT_ALG } from "./jwt";

/** An ES256 key pair; `kid` is the RFC 7638 thumbprint of its public key. */
export interface SigningKey {
  kid: string;
  privateJwk: JsonWebKey;
  createdAt: number;
  /** When a newer key took over; the key stays published until the tokens it signed have expired. */
  retiredAt?: number;
}

/** What every auth replica signs and verifies with. */
export interface KeySet {
  /** 1 for the first set, one more at each rotation. */
  generation: number;
  /** MACs refresh tokens, keys one-time-token hashes, seals TOTP secrets. Never rotated (that would sign everyone out). */
  tokenSecret: Buffer;
  /** Newest first; the first one signs. */
  keys: SigningKey[];
}

/**
 * How long a retired key stays published beyond the access-token lifetime: another replica may
 * still sign with it until it re-reads the key set (every few seconds), and replicas' clocks differ.
 */
export const RETIRED_KEY_GRACE_MS = 60_000;

export function isPublished(key: SigningKey, nowMs: number, jwtExpSeconds: number): boolean {
  return key.retiredAt === undefined || key.retiredAt + jwtExpSeconds * 1000 + RETIRED_KEY_GRACE_MS > nowMs;
}

/** A new P-256 key pair. */
export async function newSigningKey(nowMs: number): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(JWT_ALG, { extractable: true });
  return { kid: await calculateJwkThumbprint(await exportJWK(publicKey)), privateJwk: (await exportJWK(privateKey)) as JsonWebKey, createdAt: nowMs };
}

/** The first key set of a new installation: one key and a 32-byte token secret. */
export async function newKeySet(nowMs: number): Promise<KeySet> {
  return { generation: 1, tokenSecret: randomBytes(32), keys: [await newSigningKey(nowMs)] };
}

/**
 * The set after a rotation: `key` signs from now on, the others are retired (and stay published
 * until their tokens expire); keys retired longer than that are dropped.
 */
export function rotatedKeySet(current: KeySet, key: SigningKey, nowMs: number, jwtExpSeconds: number): KeySet {
  const retired = current.keys.map((old) => ({ ...old, retiredAt: old.retiredAt ?? nowMs })).filter((old) => isPublished(old, nowMs, jwtExpSeconds));
  return { generation: current.generation + 1, tokenSecret: current.tokenSecret, keys: [key, ...retired] };
}

