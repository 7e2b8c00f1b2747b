import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { link, mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import { dirname } from "node:path";

/** The file in DATA_DIR that holds the sealing secret when AUTH_KEYS_SECRET is not set. */
export const KEYS_SECRET_FILE_NAME = "auth-keys.secret";

export class KeysSecretMismatchError extends Error {
  constructor() {
    super("cannot unseal the signing keys in the record store: they were sealed with another AUTH_KEYS_SECRET (or DATA_DIR/auth-keys.secret); give every auth replica the same AUTH_KEYS_SECRET");
    this.name = "KeysSecretMismatchError";
  }
}

/**
 * Seals the private signing keys and the token secret before they reach the record store
 * (AES-256-GCM under a key derived from a secret kept outside it), so a copy of the database alone
 * yields nothing usable. `context` (e.g. the kid) is authenticated: a sealed value moved to another
 * place does not unseal.
 */
export class KeySealer {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync("sha256", secret, "qai-auth", "signing keys at rest", 32));
  }

  seal(plaintext: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv).setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64");
  }

  unseal(sealed: string, context: string): string {
    const bytes = Buffer.from(sealed, "base64");
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key, bytes.subarray(0, 12)).setAAD(Buffer.from(context));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
    } catch {
      throw new KeysSecretMismatchError();
    }
  }
}

/**
 * The sealing secret: AUTH_KEYS_SECRET when set (it must then be the same on every replica), else
 * the one in `file` (mode 0600), created on first start; `link()` fails when the file exists, so
 * two processes starting together keep one.
 */
export async function resolveKeysSecret(configured: string | undefined, file: string): Promise<string> {
  if (configured !== undefined) return configured;
  const existing = await readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  if (existing !== undefined) return checkedSecret(existing, file);
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.new`;
  await writeFile(temporary, `${randomBytes(32).toString("base64url")}\n`, { mode: 0o600 });
  await link(temporary, file).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "EEXIST") throw error;
  });
  await unlink(temporary);
  return checkedSecret(await readFile(file, "utf8"), file);
}

function checkedSecret(content: string, file: string): string {
  const secret = content.trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable secret (at least 32 characters expected)`);
  return secret;
}
