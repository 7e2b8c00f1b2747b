import { resolve } from "node:path";
import { z } from "zod";
import { env, loadConfig } from "@qai/platform";

/** The repository root (this file runs from services/all-in-one/{src,dist}). */
export const REPO_ROOT = resolve(__dirname, "../../..");

export const allInOneSchema = z.object({
  PORT: env.port(8080),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./.data"),
  LOG_LEVEL: env.logLevel(),
  /** Signs the guest cookie; generated and kept in DATA_DIR when not given. */
  COOKIE_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SECURE_COOKIES: env.boolean(false),
  /** Law files imported on first start (when the knowledge base is empty). */
  KNOWLEDGE_SEED_DIR: z.string().default(resolve(REPO_ROOT, "data/laws")),
  WEB_DIST: z.string().default(resolve(REPO_ROOT, "web/dist")),
  QAI_LOCAL_CHUNK_DELAY_MS: z.coerce.number().int().min(0).max(1000).default(12),
});

export type AllInOneConfig = z.infer<typeof allInOneSchema>;

export function loadAllInOneConfig(environment: NodeJS.ProcessEnv = process.env): AllInOneConfig {
  return loadConfig(allInOneSchema, environment);
}
