import { createPrivateKey, createPublicKey, randomBytes, type JsonWebKey, type KeyObject } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { access, link, mkdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from "jose";
import { JWT_ALG } from "../domain/jwt";
import type { Clock } from "./clock";

/** The key file in DATA_DIR (mode 0600): the ES256 signing keys and the token secret. */
interface KeyFile {
  /** Base64; MACs refresh tokens, keys one-time-token hashes, seals TOTP secrets. */
  tokenSecret: string;
  /** Newest first; the first one signs. */
  keys: StoredKey[];
}

interface StoredKey {
  kid: string;
  privateJwk: JsonWebKey;
  createdAt: number;
  /** When a newer key took over; the key stays published until tokens it signed have expired. */
  retiredAt?: number;
}

export interface PublicJwk extends JsonWebKey {
  kid: string;
  alg: string;
  use: "sig";
  key_ops: ["verify"];
}

interface LoadedKey {
  stored: StoredKey;
  privateKey: KeyObject;
  publicKey: KeyObject;
  jwk: PublicJwk;
}

const RELOAD_CHECK_MS = 1000;

/**
 * The signing keys, persisted in one file. A rotation (from this process or the
 * `rotate-signing-key` CLI, which rewrites the file) is picked up within a second.
 */
export class SigningKeys {
  private keys: LoadedKey[] = [];
  private secret = Buffer.alloc(0);
  private loadedMtimeMs = 0;
  private checkedAt = 0;

  private constructor(
    private readonly file: string,
    private readonly jwtExpSeconds: number,
    private readonly clock: Clock,
  ) {}

  /** Opens the key file, creating it (new key pair and secret) on first start. */
  static async open(file: string, jwtExpSeconds: number, clock: Clock): Promise<SigningKeys> {
    const keys = new SigningKeys(file, jwtExpSeconds, clock);
    await createKeyFileIfMissing(file, clock());
    keys.load(await readFile(file, "utf8"), statSync(file).mtimeMs);
    return keys;
  }

  get tokenSecret(): Buffer {
    return this.secret;
  }

  /** The key that signs new tokens. */
  signer(): { kid: string; privateKey: KeyObject } {
    this.reloadIfChanged();
    const current = this.keys[0]!;
    return { kid: current.stored.kid, privateKey: current.privateKey };
  }

  /** A published public key by id (the current one, or a retired one whose tokens may still be live). */
  publicKey(kid: string): KeyObject | undefined {
    return this.published().find((key) => key.stored.kid === kid)?.publicKey;
  }

  jwks(): { keys: PublicJwk[] } {
    return { keys: this.published().map((key) => key.jwk) };
  }

  /** Makes a new key current; the previous one stays published for JWT_EXP seconds. Returns the new kid. */
  async rotate(): Promise<string> {
    const kid = await rotateKeyFile(this.file, this.jwtExpSeconds, this.clock());
    this.load(await readFile(this.file, "utf8"), statSync(this.file).mtimeMs);
    return kid;
  }

  private published(): LoadedKey[] {
    this.reloadIfChanged();
    const now = this.clock();
    return this.keys.filter((key) => isPublished(key.stored, now, this.jwtExpSeconds));
  }

  private reloadIfChanged(): void {
    const now = Date.now();
    if (now - this.checkedAt < RELOAD_CHECK_MS) return;
    this.checkedAt = now;
    const mtimeMs = statSync(this.file).mtimeMs;
    if (mtimeMs !== this.loadedMtimeMs) {
      // Sync read: at most once per rotation, and the file is tiny.
      this.load(readFileSync(this.file, "utf8"), mtimeMs);
    }
  }

  private load(text: string, mtimeMs: number): void {
    const file = JSON.parse(text) as KeyFile;
    if (file.keys.length === 0) throw new Error(`${this.file} holds no signing key`);
    this.secret = Buffer.from(file.tokenSecret, "base64");
    this.keys = file.keys.map(loadKey);
    this.loadedMtimeMs = mtimeMs;
  }
}

function isPublished(key: StoredKey, nowMs: number, jwtExpSeconds: number): boolean {
  return key.retiredAt === undefined || key.retiredAt + jwtExpSeconds * 1000 > nowMs;
}

function loadKey(stored: StoredKey): LoadedKey {
  const privateKey = createPrivateKey({ key: stored.privateJwk, format: "jwk" });
  const publicKey = createPublicKey(privateKey);
  const { kty, crv, x, y } = publicKey.export({ format: "jwk" });
  return { stored, privateKey, publicKey, jwk: { kty, crv, x, y, kid: stored.kid, alg: JWT_ALG, use: "sig", key_ops: ["verify"] } };
}

/** A new P-256 key pair; its id is the RFC 7638 thumbprint of the public key. */
async function newKey(nowMs: number): Promise<StoredKey> {
  const { privateKey, publicKey } = await generateKeyPair(JWT_ALG, { extractable: true });
  return { kid: await calculateJwkThumbprint(await exportJWK(publicKey)), privateJwk: (await exportJWK(privateKey)) as JsonWebKey, createdAt: nowMs };
}

async function createKeyFileIfMissing(file: string, nowMs: number): Promise<void> {
  if (await access(file).then(() => true, () => false)) return;
  await mkdir(dirname(file), { recursive: true });
  const content: KeyFile = { tokenSecret: randomBytes(32).toString("base64"), keys: [await newKey(nowMs)] };
  const temporary = `${file}.${process.pid}.new`;
  await writeFile(temporary, JSON.stringify(content, null, 2), { mode: 0o600 });
  // link() fails when the file exists, so two processes starting together keep one key file.
  await link(temporary, file).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "EEXIST") throw error;
  });
  await unlink(temporary);
}

/**
 * Rotates the signing key in `file`: a new key signs from now on, the previous one is retired but
 * stays published until the tokens it signed expire; keys retired longer than that are dropped.
 */
export async function rotateKeyFile(file: string, jwtExpSeconds: number, nowMs: number): Promise<string> {
  const content = JSON.parse(await readFile(file, "utf8")) as KeyFile;
  const retired = content.keys.map((key) => ({ ...key, retiredAt: key.retiredAt ?? nowMs })).filter((key) => isPublished(key, nowMs, jwtExpSeconds));
  const key = await newKey(nowMs);
  const temporary = `${file}.${process.pid}.new`;
  await writeFile(temporary, JSON.stringify({ ...content, keys: [key, ...retired] }, null, 2), { mode: 0o600 });
  await rename(temporary, file);
  return key.kid;
}
