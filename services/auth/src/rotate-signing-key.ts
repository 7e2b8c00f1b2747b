import { z } from "zod";
import { openServiceStore } from "@qai/event-bus";
import { createLogger, loadConfig } from "@qai/platform";
import { openSigningKeys } from "./index";
import { keyStoreEnv, requireSharedKeysSecret } from "./standalone";

/**
 * `node services/auth/dist/rotate-signing-key.js` with the server's DATA_DIR, RECORD_STORE_URL,
 * AUTH_KEYS_SECRET and AUTH_JWT_EXP: a new signing key takes over in the shared key set; the
 * previous ones stay published until their tokens expire. Every running replica picks the change
 * up within seconds.
 */
async function main(): Promise<void> {
  const config = loadConfig(z.object(keyStoreEnv).superRefine(requireSharedKeysSecret));
  const store = await openServiceStore("auth", config);
  try {
    const keys = await openSigningKeys({ store, dataDir: config.DATA_DIR, config, logger: createLogger({ level: "warn" }), refreshMs: 0 });
    process.stdout.write(`new signing key: ${await keys.rotate()}\n`);
  } finally {
    await store.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
});
