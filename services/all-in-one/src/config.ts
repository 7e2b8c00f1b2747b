import { resolve } from "node:path";
import { z } from "zod";
import { accountsEnvSchema } from "@qai/accounts";
import { authEnvSchema, type AuthConfig } from "@qai/auth";
import { chatEnvSchema } from "@qai/chat";
import { quotaEnvSchema } from "@qai/quota";
import { env, loadConfig } from "@qai/platform";

/** The repository root (this file runs from services/all-in-one/{src,dist}). */
export const REPO_ROOT = resolve(__dirname, "../../..");

export const allInOneSchema = z.object({
  PORT: env.port(8080),
  /** Loopback by default: `make start` is for this machine (the dev mailbox, no TLS); containers set HOST=0.0.0.0. */
  HOST: z.string().default("127.0.0.1"),
  DATA_DIR: z.string().default("./.data"),
  LOG_LEVEL: env.logLevel(),
  /** Signs the guest cookie; generated and kept in DATA_DIR when not given. */
  COOKIE_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SECURE_COOKIES: env.boolean(false),
  /** Law files imported on first start (when the knowledge base is empty). */
  KNOWLEDGE_SEED_DIR: z.string().default(resolve(REPO_ROOT, "data/laws")),
  WEB_DIST: z.string().default(resolve(REPO_ROOT, "web/dist")),
  ...accountsEnvSchema.shape,
  /** The `openai` provider: any OpenAI-compatible endpoint (unavailable while both key and URL are empty). */
  ...chatEnvSchema.shape,
  /** Question budgets: per guest session, per user and Saudi day, guest questions per IP and Saudi day (0: no cap). */
  ...quotaEnvSchema.shape,
  /** Answers streaming at once; beyond it an ask gets 503 with Retry-After, before any quota is charged. */
  MAX_CONCURRENT_ANSWERS: z.coerce.number().int().min(1).max(100_000).default(1000),
  /** New guest sessions per client IP address and 10 minutes (429 beyond it). */
  GUEST_SESSIONS_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(60),
});

export type AllInOneConfig = z.infer<typeof allInOneSchema> & { auth: AuthConfig };

/**
 * The product's variables plus the auth server's (AUTH_*, MAIL_*, SMTP_*). Embedded defaults: the
 * site URL is http://localhost:<PORT> and mail goes to the dev mailbox.
 */
export function loadAllInOneConfig(environment: NodeJS.ProcessEnv = process.env): AllInOneConfig {
  const product = loadConfig(allInOneSchema, environment);
  const auth = loadConfig(authEnvSchema, { AUTH_SITE_URL: `http://localhost:${product.PORT}`, MAIL_MODE: environment.SMTP_URL ? undefined : "dev", ...environment });
  return { ...product, auth };
}
