import { ChatService, ConversationService, KnowledgeService } from "@qai/contracts";
import { GrpcServer, createServiceClient, serveGrpc, type Logger, type RunningService } from "@qai/platform";
import { analyzeArabic, analyzeQuery } from "@qai/search-index";
import { chatHandlers } from "./grpc/handlers";
import { QaiLocalProvider } from "./providers/qai-local/provider";
import { ProviderRegistry } from "./providers/registry";

export { MAX_QUESTION_LENGTH } from "./app/ask";

export interface ChatServiceOptions {
  logger: Logger;
  bindAddress: string;
  conversationAddress: string;
  knowledgeAddress: string;
  /** Pause between the offline provider's streamed pieces (ms). */
  localChunkDelayMs: number;
}

/** Answers questions: retrieve → generate → verify citations → stream. Stateless. */
export async function startChatService(options: ChatServiceOptions): Promise<RunningService> {
  const conversation = createServiceClient(ConversationService, options.conversationAddress);
  const knowledge = createServiceClient(KnowledgeService, options.knowledgeAddress);
  const providers = new ProviderRegistry([
    new QaiLocalProvider({
      chunkDelayMs: options.localChunkDelayMs,
      analyzer: {
        questionTerms: (question, language) => analyzeQuery(question, language).clauses.flat(),
        textTerms: analyzeArabic,
      },
    }),
  ]);
  const server = new GrpcServer(options.logger).add(ChatService, chatHandlers({ conversation, knowledge, providers, logger: options.logger }));
  return serveGrpc("chat", server, options.bindAddress, async () => {
    conversation.close();
    knowledge.close();
  });
}
