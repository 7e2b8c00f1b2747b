import { z } from "zod";
import { env, runStandalone, serviceEnv } from "@qai/platform";
import { startChatService } from "./index";

const schema = z.object({
  ...serviceEnv,
  CONVERSATION_ADDR: env.address(),
  KNOWLEDGE_ADDR: env.address(),
  QAI_LOCAL_CHUNK_DELAY_MS: z.coerce.number().int().min(0).max(1000).default(12),
});

void runStandalone("chat", schema, (config, logger) =>
  startChatService({
    logger,
    bindAddress: `0.0.0.0:${config.GRPC_PORT}`,
    conversationAddress: config.CONVERSATION_ADDR,
    knowledgeAddress: config.KNOWLEDGE_ADDR,
    localChunkDelayMs: config.QAI_LOCAL_CHUNK_DELAY_MS,
  }),
);
