import type { MessageInitShape } from "@bufbuild/protobuf";
import type { Citation } from "@qai/contracts";
import { Language as ProtoLanguage, MAX_QUESTION_LENGTH, type AskRequest, type AskResponseSchema, type ConversationService, type KnowledgeService } from "@qai/contracts";
import { AppError, toAppError, type ClientOf, type Logger } from "@qai/platform";
import type { ProviderRegistry } from "../providers/registry";
import type { AnswerProvider, GenerationRequest, LawRef, Turn } from "../providers/provider";
import { verifyCitations } from "./citations";
import { answerLanguage, type Language } from "./language";
import { retrieveSources } from "./retrieval";
import { batchText } from "./text-batches";

/** Earlier messages passed to retrieval and the provider as conversation context. */
const CONTEXT_MESSAGES = 6;

export interface AskDependencies {
  conversation: ClientOf<typeof ConversationService>;
  knowledge: ClientOf<typeof KnowledgeService>;
  providers: ProviderRegistry;
  logger: Logger;
  /** Milliseconds on a monotonic clock, for answer_ms (default performance.now). */
  now?: () => number;
}

type AskEvent = MessageInitShape<typeof AskResponseSchema>;

const monotonicNow = () => performance.now();

/**
 * One question, answered: store the question → retrieve → generate (streamed in batches: the first
 * piece at once, then ~64 characters or 50 ms per message) → verify citations → store the answer.
 * If `signal` aborts (the client went away), generation stops at once and the partial answer is not
 * stored; the question stays in the conversation.
 *
 * The requested provider answers when available; otherwise — or when it fails before writing any
 * text — the default (qai-local) answers, and the events say so (`fallbackFrom`, `fallbackReason`).
 */
export async function* answerQuestion(request: AskRequest, signal: AbortSignal, deps: AskDependencies): AsyncGenerator<AskEvent> {
  const now = deps.now ?? monotonicNow;
  const receivedAt = now();
  const question = request.question.trim();
  if (!question) throw new AppError("invalid_argument", "question is empty");
  if (question.length > MAX_QUESTION_LENGTH) throw new AppError("invalid_argument", `question is longer than ${MAX_QUESTION_LENGTH} characters`);
  const language = answerLanguage(question, request.language === ProtoLanguage.EN ? "en" : "ar");
  const call = { signal };
  const pick = deps.providers.pick(request.provider);
  let provider = pick.provider;
  let fallbackFrom = pick.fellBack ? pick.fallbackFrom : "";
  let fallbackReason = pick.fellBack ? pick.reason : "";
  if (pick.fellBack && request.provider) deps.logger.info({ requested: request.provider, used: provider.id, reason: fallbackReason }, "provider unavailable, fell back");

  const exchange = deps.conversation.startExchange(
    { owner: request.owner, conversationId: request.conversationId, question, language: toProto(language), contextMessages: CONTEXT_MESSAGES },
    call,
  );
  // The search runs while the question is stored (first content waits for the slower of the two, not both).
  const history = exchange.then((started) => started.context.map((message): Turn => ({ isUser: message.isUser, content: message.content, laws: lawsOf(message.citations) })));
  const retrieval = retrieveSources(deps.knowledge, question, language, history, call);
  retrieval.catch(() => undefined); // awaited below; a failed exchange must not leave it unhandled meanwhile
  const started = await exchange;
  const conversationId = started.conversationId;
  const questionMessageId = started.question?.id ?? "";
  yield { event: { case: "userMessage", value: { conversationId, messageId: questionMessageId, provider: provider.id, fallbackFrom, fallbackReason } } };

  const { sources, topicLaw } = await retrieval;
  const generation: GenerationRequest = { question, language, sources, history: await history, topicLaw };

  let draft: Draft = { answer: "", cited: [] };
  try {
    yield* generate(provider, generation, signal, draft);
  } catch (error) {
    // A provider that fails before writing anything is replaced by the default one.
    if (signal.aborted || draft.answer || provider === deps.providers.fallback) throw error;
    fallbackFrom = provider.id;
    fallbackReason = toAppError(error).message;
    deps.logger.warn({ err: error, provider: provider.id }, "provider failed before answering, fell back");
    provider = deps.providers.fallback;
    draft = { answer: "", cited: [] };
    yield* generate(provider, generation, signal, draft);
  }
  if (signal.aborted) return;
  const { answer, cited } = draft;
  if (!answer.trim()) throw new AppError("unavailable", `${provider.id} returned an empty answer`);

  const { citations, unverified } = await verifyCitations(deps.knowledge, cited, deps.logger, call);
  const { answer: stored } = await deps.conversation.completeExchange(
    {
      owner: request.owner,
      conversationId,
      questionMessageId,
      answer,
      citations,
      provider: provider.id,
      language: toProto(language),
      sourcesFound: sources.length,
      fallbackFrom,
      answerMs: Math.round(now() - receivedAt),
    },
    call,
  );
  yield {
    event: {
      case: "complete",
      value: { content: answer, conversationId, messageId: stored?.id ?? "", citations, provider: provider.id, fallbackFrom, fallbackReason, unverifiedCitations: unverified },
    },
  };
}

/** The answer so far: its text and the articles its citation markers named. */
interface Draft {
  answer: string;
  cited: string[];
}

/**
 * One provider's answer as chunk events, collected into `draft`. A module-level generator, not a closure
 * per question: V8 gives every generator function object its own prototype, so a per-question one cost
 * each open stream two hidden classes of its own.
 */
async function* generate(answerer: AnswerProvider, generation: GenerationRequest, signal: AbortSignal, draft: Draft): AsyncGenerator<AskEvent> {
  for await (const event of batchText(answerer.generate(generation, signal), signal)) {
    if (event.type === "citation") draft.cited.push(event.articleId);
    else if (event.text) {
      draft.answer += event.text;
      yield { event: { case: "chunk", value: { content: event.text } } };
    }
    // Stop pulling at once, even from a provider that does not watch the signal itself.
    if (signal.aborted) return;
  }
}

/** The distinct laws a stored answer cited, in citation order. */
function lawsOf(citations: readonly Citation[]): LawRef[] {
  const laws: LawRef[] = [];
  for (const citation of citations) {
    if (citation.lawId && !laws.some((law) => law.lawId === citation.lawId)) laws.push({ lawId: citation.lawId, lawName: citation.lawName, lawNameEn: citation.lawNameEn || undefined });
  }
  return laws;
}

function toProto(language: Language): ProtoLanguage {
  return language === "en" ? ProtoLanguage.EN : ProtoLanguage.AR;
}
