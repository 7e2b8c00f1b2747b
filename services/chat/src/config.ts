import { z } from "zod";
import type { OpenAiProviderOptions } from "./providers/openai/provider";

/** chat's own variables (the `openai` provider), shared by its process and the all-in-one product. */
export const chatEnvSchema = z.object({
  /** Any OpenAI-compatible endpoint; the provider is unavailable while both the key and the URL are empty. */
  OPENAI_API_KEY: z.string().default(""),
  OPENAI_BASE_URL: z.string().default(""),
  OPENAI_MODEL: z.string().default(""),
  OPENAI_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  OPENAI_FIRST_TOKEN_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).default(120_000),
});

export type ChatConfig = z.infer<typeof chatEnvSchema>;

/** The `openai` provider's options from chat's variables. */
export function openAiOptions(config: ChatConfig): OpenAiProviderOptions {
  return {
    apiKey: config.OPENAI_API_KEY,
    baseUrl: config.OPENAI_BASE_URL,
    model: config.OPENAI_MODEL,
    timeouts: { connectMs: config.OPENAI_CONNECT_TIMEOUT_MS, firstTokenMs: config.OPENAI_FIRST_TOKEN_TIMEOUT_MS, overallMs: config.OPENAI_TIMEOUT_MS },
  };
}
