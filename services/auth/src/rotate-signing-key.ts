import { join } from "node:path";
import { z } from "zod";
import { loadConfig, serviceEnv } from "@qai/platform";
import { KEY_FILE_NAME, authEnvSchema, rotateKeyFile } from "./index";

/**
 * `node services/auth/dist/rotate-signing-key.js` (same DATA_DIR and AUTH_JWT_EXP as the server):
 * a new signing key takes over; the previous one stays published until its tokens expire. A
 * running server picks the change up within a second.
 */
async function main(): Promise<void> {
  const config = loadConfig(z.object({ DATA_DIR: serviceEnv.DATA_DIR, AUTH_JWT_EXP: authEnvSchema.shape.AUTH_JWT_EXP }));
  const kid = await rotateKeyFile(join(config.DATA_DIR, KEY_FILE_NAME), config.AUTH_JWT_EXP, Date.now());
  process.stdout.write(`new signing key: ${kid}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
});
