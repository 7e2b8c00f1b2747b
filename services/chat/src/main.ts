import { z } from "zod";
import { env, runStandalone, serviceEnv } from "@qai/platform";
import { startChatService } from "./index";

const schema = z.object({
  ...serviceEnv,
  CONVERSATION_ADDR: env.address(),
  KNOWLEDGE_ADDR: env.address(),
  OPENAI_API_KEY: z.string().default(""),
  OPENAI_BASE_URL: z.string().default(""),
  OPENAI_MODEL: z.string().default(""),
  OPENAI_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  OPENAI_FIRST_TOKEN_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).default(120_000),
});

void runStandalone("chat", schema, (config, logger) =>
  startChatService({
    logger,
    bindAddress: `0.0.0.0:${config.GRPC_PORT}`,
    conversationAddress: config.CONVERSATION_ADDR,
    knowledgeAddress: config.KNOWLEDGE_ADDR,
    openai: {
      apiKey: config.OPENAI_API_KEY,
      baseUrl: config.OPENAI_BASE_URL,
      model: config.OPENAI_MODEL,
      timeouts: { connectMs: config.OPENAI_CONNECT_TIMEOUT_MS, firstTokenMs: config.OPENAI_FIRST_TOKEN_TIMEOUT_MS, overallMs: config.OPENAI_TIMEOUT_MS },
    },
  }),
);
