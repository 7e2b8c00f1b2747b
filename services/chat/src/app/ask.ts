import type { MessageInitShape } from "@bufbuild/protobuf";
import { Language as ProtoLanguage, type AskRequest, type AskResponseSchema, type ConversationService, type KnowledgeService } from "@qai/contracts";
import { AppError, type ClientOf, type Logger } from "@qai/platform";
import type { ProviderRegistry } from "../providers/registry";
import type { Turn } from "../providers/provider";
import { verifyCitations } from "./citations";
import { answerLanguage, type Language } from "./language";
import { retrieveSources } from "./retrieval";

export const MAX_QUESTION_LENGTH = 4000;
/** Earlier messages passed to retrieval and the provider as conversation context. */
const CONTEXT_MESSAGES = 6;

export interface AskDependencies {
  conversation: ClientOf<typeof ConversationService>;
  knowledge: ClientOf<typeof KnowledgeService>;
  providers: ProviderRegistry;
  logger: Logger;
}

type AskEvent = MessageInitShape<typeof AskResponseSchema>;

/**
 * One question, answered: store the question → retrieve → generate (streamed) → verify citations →
 * store the answer. If `signal` aborts (the client went away), generation stops at once and the
 * partial answer is not stored; the question stays in the conversation.
 */
export async function* answerQuestion(request: AskRequest, signal: AbortSignal, deps: AskDependencies): AsyncGenerator<AskEvent> {
  const question = request.question.trim();
  if (!question) throw new AppError("invalid_argument", "question is empty");
  if (question.length > MAX_QUESTION_LENGTH) throw new AppError("invalid_argument", `question is longer than ${MAX_QUESTION_LENGTH} characters`);
  const language = answerLanguage(question, request.language === ProtoLanguage.EN ? "en" : "ar");
  const call = { signal };

  const started = await deps.conversation.startExchange(
    { owner: request.owner, conversationId: request.conversationId, question, language: toProto(language), contextMessages: CONTEXT_MESSAGES },
    call,
  );
  const conversationId = started.conversationId;
  const questionMessageId = started.question?.id ?? "";
  yield { event: { case: "userMessage", value: { conversationId, messageId: questionMessageId } } };

  const history: Turn[] = started.context.map((message) => ({ isUser: message.isUser, content: message.content }));
  const sources = await retrieveSources(deps.knowledge, question, language, history, call);
  const { provider, fellBack } = deps.providers.pick(request.provider);
  if (fellBack && request.provider) deps.logger.info({ requested: request.provider, used: provider.id }, "provider unavailable, fell back");

  let answer = "";
  const cited: string[] = [];
  for await (const event of provider.generate({ question, language, sources, history }, signal)) {
    if (event.type === "citation") {
      cited.push(event.articleId);
      continue;
    }
    answer += event.text;
    yield { event: { case: "chunk", value: { content: event.text } } };
  }
  if (signal.aborted) return;
  if (!answer.trim()) throw new AppError("unavailable", `${provider.id} returned an empty answer`);

  const citations = await verifyCitations(deps.knowledge, cited, deps.logger, call);
  const { answer: stored } = await deps.conversation.completeExchange(
    { owner: request.owner, conversationId, questionMessageId, answer, citations, provider: provider.id, language: toProto(language) },
    call,
  );
  yield { event: { case: "complete", value: { content: answer, conversationId, messageId: stored?.id ?? "", citations, provider: provider.id } } };
}

function toProto(language: Language): ProtoLanguage {
  return language === "en" ? ProtoLanguage.EN : ProtoLanguage.AR;
}
