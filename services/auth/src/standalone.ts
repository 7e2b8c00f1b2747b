import { z } from "zod";
import { adapterEnv } from "@qai/event-bus";
import { serviceEnv } from "@qai/platform";
import { authEnvSchema } from "./config";

/**
 * What the standalone server and the rotate-signing-key CLI share: DATA_DIR, RECORD_STORE_URL and
 * the key settings. On a shared store (MongoDB) AUTH_KEYS_SECRET is required: replicas have
 * their own DATA_DIR, and each would otherwise make its own sealing secret.
 */
export const keyStoreEnv = {
  DATA_DIR: serviceEnv.DATA_DIR,
  RECORD_STORE_URL: adapterEnv.RECORD_STORE_URL,
  AUTH_JWT_EXP: authEnvSchema.shape.AUTH_JWT_EXP,
  AUTH_KEYS_SECRET: authEnvSchema.shape.AUTH_KEYS_SECRET,
};

export function requireSharedKeysSecret(config: { RECORD_STORE_URL: string; AUTH_KEYS_SECRET?: string | undefined }, context: z.RefinementCtx): void {
  if (config.RECORD_STORE_URL.startsWith("sqlite") || config.AUTH_KEYS_SECRET !== undefined) return;
  context.addIssue({ code: "custom", path: ["AUTH_KEYS_SECRET"], message: "every auth replica on a shared record store must seal its keys with the same secret (at least 32 characters)" });
}
