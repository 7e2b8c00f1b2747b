import type { JsonWebKey } from "node:crypto";
import { readFile } from "node:fs/promises";
import { z } from "zod";
import type { KeySet } from "../domain/key-set";

/** Where earlier versions kept the key set (DATA_DIR, mode 0600); now only read once, to import it. */
export const LEGACY_KEY_FILE_NAME = "auth-keys.json";

const legacyKeyFile = z.object({
  tokenSecret: z.base64(),
  keys: z
    .array(
      z.object({
        kid: z.string().min(1),
        privateJwk: z.looseObject({ kty: z.literal("EC"), crv: z.literal("P-256"), d: z.string().min(1) }),
        createdAt: z.number(),
        retiredAt: z.number().optional(),
      }),
    )
    .min(1),
});

/**
 * The key set of an earlier version's `auth-keys.json` as generation 1, so that sessions and TOTP
 * factors survive the move to the record store; undefined when there is no such file.
 */
export async function readLegacyKeyFile(file: string): Promise<KeySet | undefined> {
  const text = await readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  if (text === undefined) return undefined;
  const parsed = legacyKeyFile.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${file} is not a key file: ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`);
  return {
    generation: 1,
    tokenSecret: Buffer.from(parsed.data.tokenSecret, "base64"),
    keys: parsed.data.keys.map((key) => ({
      kid: key.kid,
      privateJwk: key.privateJwk as JsonWebKey,
      createdAt: key.createdAt,
      ...(key.retiredAt !== undefined && { retiredAt: key.retiredAt }),
    })),
  };
}
