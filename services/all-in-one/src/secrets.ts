import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

/** A secret kept in DATA_DIR so it survives restarts (created on first start, readable by the owner only). */
export async function persistentSecret(dataDir: string, name: string): Promise<string> {
  const file = join(dataDir, `${name}.secret`);
  try {
    return (await readFile(file, "utf8")).trim();
  } catch {
    const secret = randomBytes(32).toString("base64url");
    await writeFile(file, secret, { mode: 0o600, flag: "wx" }).catch(async () => undefined);
    return (await readFile(file, "utf8")).trim();
  }
}
