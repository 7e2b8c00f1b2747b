import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/** Constant-time equality of two strings (false at once when their lengths differ, which is not secret). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A 6-digit one-time code, as GoTrue mails. */
export function newOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/** The token of a confirmation link: lower-case hex SHA-224 of e-mail + OTP (GoTrue's "token hash"). */
export function emailTokenHash(email: string, otp: string): string {
  return createHash("sha224").update(email + otp).digest("hex");
}

/**
 * Keyed hashing and sealing with the server's token secret: one-time tokens are stored only as
 * keyed hashes, TOTP secrets are stored sealed (AES-256-GCM), so a copy of the database alone
 * yields nothing usable.
 */
export class TokenSecret {
  private readonly macKey: Buffer;
  private readonly sealKey: Buffer;

  constructor(secret: Buffer) {
    this.macKey = createHmac("sha256", secret).update("qai-auth mac").digest();
    this.sealKey = createHmac("sha256", secret).update("qai-auth seal").digest();
  }

  /** HMAC-SHA256 of `value` under a purpose label, base64url. */
  hash(purpose: string, value: string | Buffer): string {
    return this.mac(purpose, value).toString("base64url");
  }

  mac(purpose: string, value: string | Buffer): Buffer {
    return createHmac("sha256", this.macKey).update(`${purpose}\0`).update(value).digest();
  }

  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.sealKey, iv);
    const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64");
  }

  unseal(sealed: string): string {
    const bytes = Buffer.from(sealed, "base64");
    const decipher = createDecipheriv("aes-256-gcm", this.sealKey, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
  }
}
