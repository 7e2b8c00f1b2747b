import { z } from "zod";
import { env, runStandalone, serviceEnv } from "@qai/platform";
import { chatEnvSchema, openAiOptions, startChatService } from "./index";

const schema = z.object({
  ...serviceEnv,
  CONVERSATION_ADDR: env.address(),
  KNOWLEDGE_ADDR: env.address(),
  ...chatEnvSchema.shape,
});

void runStandalone("chat", schema, (config, logger) =>
  startChatService({
    logger,
    bindAddress: `0.0.0.0:${config.GRPC_PORT}`,
    conversationAddress: config.CONVERSATION_ADDR,
    knowledgeAddress: config.KNOWLEDGE_ADDR,
    openai: openAiOptions(config),
  }),
);
