import { ChatExchangeSchema, Language, TOPICS, type ChatExchange } from "@qai/contracts";
import { questionKey } from "@qai/search-index";
import type { Transaction } from "@qai/record-store";
import { addSample } from "../../domain/histogram";
import { riyadhDay } from "../../domain/time";
import type { DayFiguresRecord, ExchangeRecord, LanguageCode, OwnerKind } from "../../domain/records";
import { conversations, exchanges, gapGroups, questionGroups } from "../collections";
import { defineKind, ownerUserId, redactOwner } from "../event-kind";
import { countUserQuestion } from "../user-directory";
import { citedIn, countCitations } from "./citations";
import { countAsked, updateDay, updateTotals } from "./counters";

/** chat.exchange.v1: every figure about questions, answers, citations and providers. */
export const exchangeEvents = defineKind({
  topic: TOPICS.chatExchange,
  schema: ChatExchangeSchema,
  occurredAt: (exchange) => exchange.occurredAt,
  userOf: (exchange) => ownerUserId(exchange.owner),
  redact: (exchange, forgetUser) => redactOwner(exchange.owner, forgetUser),
  project: async (tx, exchange, { occurredAt }) => {
    if (!exchange.answerMessageId) return;
    const known = await exchanges(tx).get(exchange.answerMessageId);
    // Counted already (the same exchange under another event id).
    if (known && !known.pending) return;
    const record = exchangeRecord(exchange, occurredAt, known);
    await exchanges(tx).put(record);
    const newConversation = !!exchange.conversationId && !(await conversations(tx).get(exchange.conversationId));
    if (newConversation) await conversations(tx).insert({ id: exchange.conversationId });
    await updateTotals(tx, (totals) => {
      totals.questions += 1;
      if (newConversation) totals.conversations += 1;
    });
    await updateDay(tx, record.day!, (day) => countInDay(day, exchange, record));
    if (record.userId) await countUserQuestion(tx, record.userId, occurredAt);
    await countQuestion(tx, exchange, occurredAt);
    await countCitations(tx, exchange.citations, record);
  },
});

function exchangeRecord(exchange: ChatExchange, occurredAt: string, pending: ExchangeRecord | undefined): ExchangeRecord {
  const cited = citedIn(exchange.citations);
  const owner = ownerKind(exchange);
  const userId = ownerUserId(exchange.owner);
  const language = LANGUAGES[exchange.language];
  return {
    id: exchange.answerMessageId,
    conversationId: exchange.conversationId,
    ...(owner ? { owner } : {}),
    ...(userId ? { userId } : {}),
    day: riyadhDay(occurredAt),
    ...(language ? { language } : {}),
    provider: exchange.provider,
    articleIds: cited.articles.map((citation) => citation.articleId),
    lawIds: cited.lawIds,
    likes: pending?.likes ?? 0,
    dislikes: pending?.dislikes ?? 0,
  };
}

const LANGUAGES: Partial<Record<Language, LanguageCode>> = { [Language.AR]: "ar", [Language.EN]: "en" };

function ownerKind({ owner }: ChatExchange): OwnerKind | undefined {
  return owner?.kind.case === "userId" ? "user" : owner?.kind.case === "guestSessionId" ? "guest" : undefined;
}

/** A gap: retrieval found nothing relevant (and the answer cites nothing). */
function isGap(exchange: ChatExchange): boolean {
  return exchange.sourcesFound === 0 && exchange.citations.length === 0;
}

function countInDay(day: DayFiguresRecord, exchange: ChatExchange, record: ExchangeRecord): void {
  day.questions += 1;
  if (record.language === "ar") day.arabic += 1;
  if (record.language === "en") day.english += 1;
  if (record.owner === "guest") day.guests += 1;
  if (record.owner === "user") day.registered += 1;
  day.likes += record.likes;
  day.dislikes += record.dislikes;
  if (isGap(exchange)) day.gaps += 1;
  const fallback = exchange.fallbackFrom !== "";
  if (fallback) day.fallbacks += 1;
  const provider = (day.providers[exchange.provider || "unknown"] ??= { answers: 0, fallbacks: 0 });
  provider.answers += 1;
  if (fallback) provider.fallbacks += 1;
  if (exchange.answerMs > 0) addSample(day.answerMs, exchange.answerMs);
}

async function countQuestion(tx: Transaction, exchange: ChatExchange, at: string): Promise<void> {
  const key = questionKey(exchange.question);
  if (!key) return;
  const asked = { question: exchange.question.trim(), answer: exchange.answer, at };
  await countAsked(questionGroups(tx), key, asked);
  if (isGap(exchange)) await countAsked(gapGroups(tx), key, asked);
}
