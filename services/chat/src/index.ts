import { ChatService, ConversationService, KnowledgeService } from "@qai/contracts";
import { GrpcServer, createServiceClient, serveGrpc, type Logger, type RunningService } from "@qai/platform";
import { analyzeArabic, analyzeQuery } from "@qai/search-index";
import { chatHandlers } from "./grpc/handlers";
import { OpenAiProvider, type OpenAiProviderOptions } from "./providers/openai/provider";
import type { AnswerProvider } from "./providers/provider";
import { QaiLocalProvider } from "./providers/qai-local/provider";
import { ProviderRegistry } from "./providers/registry";

export { chatEnvSchema, openAiOptions, type ChatConfig } from "./config";
export { OpenAiProvider, DEFAULT_OPENAI_MODEL, DEFAULT_OPENAI_TIMEOUTS, type OpenAiProviderOptions, type OpenAiTimeouts } from "./providers/openai/provider";
export { QaiLocalProvider } from "./providers/qai-local/provider";
export { arabicInEnglish } from "./providers/qai-local/english";
export { DEFAULT_PROVIDER, ProviderRegistry } from "./providers/registry";
export type { AnswerProvider, GenerationEvent, GenerationRequest, ProviderStatus, SourceArticle, Turn } from "./providers/provider";

export interface ChatServiceOptions {
  logger: Logger;
  bindAddress: string;
  conversationAddress: string;
  knowledgeAddress: string;
  /** The `openai` provider (OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL, timeouts); unavailable when unset. */
  openai?: OpenAiProviderOptions;
  /** More providers (tests, benchmarks); one with the id of a built-in replaces it. */
  providers?: AnswerProvider[];
}

/** The built-in providers (qai-local, openai) with `extra` added or replacing them by id. */
export function createProviders(options: Pick<ChatServiceOptions, "openai" | "providers">): ProviderRegistry {
  const builtIn: AnswerProvider[] = [
    new QaiLocalProvider({
      analyzer: {
        questionTerms: (question, language) => analyzeQuery(question, language).clauses.flat(),
        textTerms: analyzeArabic,
      },
    }),
    new OpenAiProvider(options.openai ?? {}),
  ];
  const byId = new Map(builtIn.map((provider) => [provider.id, provider]));
  for (const provider of options.providers ?? []) byId.set(provider.id, provider);
  return new ProviderRegistry([...byId.values()]);
}

/** Answers questions: retrieve → generate → verify citations → stream. Stateless. */
export async function startChatService(options: ChatServiceOptions): Promise<RunningService> {
  const conversation = createServiceClient(ConversationService, options.conversationAddress);
  const knowledge = createServiceClient(KnowledgeService, options.knowledgeAddress);
  const providers = createProviders(options);
  const server = new GrpcServer(options.logger).add(ChatService, chatHandlers({ conversation, knowledge, providers, logger: options.logger }));
  return serveGrpc("chat", server, options.bindAddress, async () => {
    conversation.close();
    knowledge.close();
  });
}
