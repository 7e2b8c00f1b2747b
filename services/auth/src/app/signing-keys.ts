import { createPrivateKey, createPublicKey, type JsonWebKey, type KeyObject } from "node:crypto";
import type { Logger } from "@qai/platform";
import { JWT_ALG } from "../domain/jwt";
import { isPublished, newKeySet, newSigningKey, rotatedKeySet, type KeySet, type SigningKey } from "../domain/key-set";
import { readLegacyKeyFile } from "../keys/legacy-key-file";
import type { SigningKeyStore } from "../keys/port";
import type { Clock } from "./clock";

export interface PublicJwk extends JsonWebKey {
  kid: string;
  alg: string;
  use: "sig";
  key_ops: ["verify"];
}

interface LoadedKey {
  stored: SigningKey;
  privateKey: KeyObject;
  publicKey: KeyObject;
  jwk: PublicJwk;
}

/** How often a replica re-reads the key set, so that a rotation made elsewhere reaches it. */
export const KEY_SET_REFRESH_MS = 5000;
/** A token naming an unknown kid re-reads the key set at once, at most this often. */
const UNKNOWN_KID_REFRESH_MS = 1000;

export interface SigningKeysOptions {
  jwtExpSeconds: number;
  clock: Clock;
  logger: Logger;
  /** An earlier version's `auth-keys.json`, imported when the store has no key set yet. */
  legacyFile?: string;
  /** Default KEY_SET_REFRESH_MS; 0 turns the periodic re-read off (one-shot tools). */
  refreshMs?: number;
}

/**
 * The key set this replica signs and verifies with, read from the shared store: re-read every few
 * seconds and when a token names a kid it does not know, so a rotation by any replica (or the
 * `rotate-signing-key` CLI) reaches every other.
 */
export class SigningKeys {
  private current!: KeySet;
  private keys: LoadedKey[] = [];
  private secret: Buffer = Buffer.alloc(0);
  private refreshing: Promise<void> | undefined;
  private refreshedAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  private constructor(
    private readonly store: SigningKeyStore,
    private readonly options: SigningKeysOptions,
  ) {}

  /** Loads the key set, creating it on first start: imported from `legacyFile` if there is one, else new. */
  static async open(store: SigningKeyStore, options: SigningKeysOptions): Promise<SigningKeys> {
    const keys = new SigningKeys(store, options);
    let set = await store.load();
    if (!set) {
      const imported = options.legacyFile === undefined ? undefined : await readLegacyKeyFile(options.legacyFile);
      set = await store.createFirst(imported ?? (await newKeySet(options.clock())));
      if (imported) options.logger.info({ file: options.legacyFile }, "signing keys imported into the record store; the file is no longer read or written");
    }
    keys.adopt(set);
    const refreshMs = options.refreshMs ?? KEY_SET_REFRESH_MS;
    if (refreshMs > 0) keys.timer = setInterval(() => void keys.refresh(), refreshMs).unref();
    return keys;
  }

  get tokenSecret(): Buffer {
    return this.secret;
  }

  /** The key that signs new tokens. */
  signer(): { kid: string; privateKey: KeyObject } {
    const current = this.keys[0]!;
    return { kid: current.stored.kid, privateKey: current.privateKey };
  }

  /**
   * A published public key by id (the current one, or a retired one whose tokens may still be live).
   * An unknown kid may come from a rotation made elsewhere: the set is re-read first (rate-limited).
   */
  async publicKey(kid: string): Promise<KeyObject | undefined> {
    const known = this.published().find((key) => key.stored.kid === kid);
    if (known || Date.now() - this.refreshedAt < UNKNOWN_KID_REFRESH_MS) return known?.publicKey;
    await this.refresh();
    return this.published().find((key) => key.stored.kid === kid)?.publicKey;
  }

  jwks(): { keys: PublicJwk[] } {
    return { keys: this.published().map((key) => key.jwk) };
  }

  /** Makes a new key current; the previous ones stay published until their tokens expire. Returns the new kid. */
  async rotate(): Promise<string> {
    const { clock, jwtExpSeconds } = this.options;
    const key = await newSigningKey(clock());
    this.adopt(await this.store.rotate((newest) => rotatedKeySet(newest, key, clock(), jwtExpSeconds)));
    return key.kid;
  }

  /** Stops the periodic re-read. */
  close(): void {
    this.closed = true;
    clearInterval(this.timer);
  }

  /** Re-reads the key set (one read at a time); a failure is logged and the current set kept. */
  refresh(): Promise<void> {
    this.refreshing ??= this.store
      .load()
      .then((set) => {
        if (set) this.adopt(set);
      })
      .catch((error: unknown) => {
        // A read cut short by shutdown (the store closes after this) is no fault.
        if (!this.closed) this.options.logger.error({ err: error }, "cannot re-read the signing keys; keeping the current ones");
      })
      .finally(() => {
        this.refreshedAt = Date.now();
        this.refreshing = undefined;
      });
    return this.refreshing;
  }

  private published(): LoadedKey[] {
    const now = this.options.clock();
    return this.keys.filter((key) => isPublished(key.stored, now, this.options.jwtExpSeconds));
  }

  /** Takes `set` unless it is older than the one held (a slow read must not undo a rotation). */
  private adopt(set: KeySet): void {
    if (this.keys.length > 0 && set.generation <= this.current.generation) return;
    if (set.keys.length === 0) throw new Error(`key set ${set.generation} holds no signing key`);
    this.keys = set.keys.map(loadKey);
    this.secret = set.tokenSecret;
    this.current = set;
  }
}

function loadKey(stored: SigningKey): LoadedKey {
  const privateKey = createPrivateKey({ key: stored.privateJwk, format: "jwk" });
  const publicKey = createPublicKey(privateKey);
  const { kty, crv, x, y } = publicKey.export({ format: "jwk" });
  return { stored, privateKey, publicKey, jwk: { kty, crv, x, y, kid: stored.kid, alg: JWT_ALG, use: "sig", key_ops: ["verify"] } };
}
