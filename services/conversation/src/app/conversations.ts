import { randomUUID } from "node:crypto";
import { create, toBinary, type MessageInitShape } from "@bufbuild/protobuf";
import { timestampNow } from "@bufbuild/protobuf/wkt";
import { ChatExchangeSchema, Language, TOPICS, type Citation, type Owner } from "@qai/contracts";
import { AppError, currentRequestContext } from "@qai/platform";
import type { Outbox } from "@qai/event-bus";
import type { Collections, RecordStore, Transaction } from "@qai/record-store";
import { ownerKey } from "../domain/owner";
import { reactionId, titleOf, type ConversationRecord, type MessageRecord, type QuestionRecord, type ReactionKind } from "../domain/records";
import { citationsToJson } from "./citations";
import { clampLimit, conversations, favorites, findAll, messages, questions, reactions } from "./collections";
import { conversationNotFound, messageNotFound } from "./errors";

const MAX_CONTEXT_MESSAGES = 20;
/** Spec §9: the conversation history keeps the first (newest) 50. */
export const HISTORY_LIMIT = 50;

export interface StartExchange {
  owner: Owner;
  conversationId?: string;
  question: string;
  contextMessages: number;
}

export interface CompleteExchange {
  owner: Owner;
  conversationId: string;
  questionMessageId: string;
  answer: string;
  citations: Citation[];
  provider: string;
  language: Language;
  /** For chat.exchange.v1 only: relevant articles retrieval found (0: a knowledge gap). */
  sourcesFound: number;
  /** For chat.exchange.v1 only: the provider asked for that did not answer; empty if none. */
  fallbackFrom: string;
  /** For chat.exchange.v1 only: from receiving the question to storing the answer. */
  answerMs: number;
}

/** A message with the reading owner's reaction to it. */
export type MessageView = MessageRecord & { reaction?: ReactionKind };

/**
 * Conversations and their messages. A stored answer also becomes a question-history entry and
 * publishes chat.exchange.v1 through the outbox, all in one transaction.
 */
export class Conversations {
  constructor(
    private readonly store: RecordStore,
    private readonly outbox: Outbox,
    private readonly onCommit: () => void = () => undefined,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async startExchange(request: StartExchange): Promise<{ conversation: ConversationRecord; question: MessageRecord; context: MessageRecord[] }> {
    const key = ownerKey(request.owner);
    const createdAt = this.now().toISOString();
    return this.store.transaction(async (tx) => {
      const conversation = request.conversationId
        ? await ownConversation(tx, request.conversationId, key)
        : newConversation(key, request.question, createdAt);
      const context = await recentMessages(tx, conversation, Math.min(request.contextMessages, MAX_CONTEXT_MESSAGES));
      const question = message(conversation, key, true, request.question, createdAt);
      await messages(tx).insert(question);
      await conversations(tx).put({ ...conversation, lastMessageAt: createdAt, messageCount: conversation.messageCount + 1 });
      return { conversation, question, context };
    });
  }

  async completeExchange(request: CompleteExchange): Promise<MessageRecord> {
    const key = ownerKey(request.owner);
    const createdAt = this.now().toISOString();
    const answer = await this.store.transaction(async (tx) => {
      const conversation = await ownConversation(tx, request.conversationId, key);
      const question = await messages(tx).get(request.questionMessageId);
      if (!question || question.conversationId !== conversation.id || !question.isUser) {
        throw new AppError("failed_precondition", `question ${request.questionMessageId} is not in conversation ${conversation.id}`);
      }
      const stored: MessageRecord = {
        ...message(conversation, key, false, request.answer, createdAt),
        citations: citationsToJson(request.citations),
        provider: request.provider,
      };
      await messages(tx).insert(stored);
      await conversations(tx).put({ ...conversation, lastMessageAt: createdAt, messageCount: conversation.messageCount + 1 });
      await questions(tx).insert(questionEntry(question, stored, categoryOf(request.citations, request.language), createdAt));
      await this.outbox.enqueue(tx, exchangeEvent(request, question, stored));
      return stored;
    });
    this.onCommit();
    return answer;
  }

  /** A conversation's messages, oldest first, with the owner's reactions. */
  async listMessages(owner: Owner, conversationId: string): Promise<MessageView[]> {
    const key = ownerKey(owner);
    const conversation = await ownConversation(this.store, conversationId, key);
    const all = await findAll((cursor) =>
      messages(this.store).find({ where: { conversationId: conversation.id }, orderBy: { field: "position", direction: "asc" }, limit: 500, cursor }),
    );
    const given = await findAll((cursor) => reactions(this.store).find({ where: { ownerKey: key, conversationId: conversation.id }, limit: 1000, cursor }));
    const byMessage = new Map(given.map((r) => [r.messageId, r.reaction]));
    return all.map((m) => withReaction(m, byMessage.get(m.id)));
  }

  /** The owner's conversations, newest activity first (at most `limit`, default and ceiling 50). */
  async listConversations(owner: Owner, limit: number): Promise<ConversationRecord[]> {
    const page = await conversations(this.store).find({
      where: { ownerKey: ownerKey(owner) },
      orderBy: { field: "lastMessageAt", direction: "desc" },
      limit: clampLimit(limit, HISTORY_LIMIT, HISTORY_LIMIT),
    });
    return page.items;
  }

  /** One of the owner's messages. */
  async getMessage(owner: Owner, messageId: string): Promise<MessageView> {
    const key = ownerKey(owner);
    const found = await ownMessage(this.store, messageId, key);
    return withReaction(found, (await reactions(this.store).get(reactionId(key, found.id)))?.reaction);
  }

  /** The owner's messages across conversations, newest first. */
  async listOwnerMessages(owner: Owner, limit: number): Promise<MessageView[]> {
    const key = ownerKey(owner);
    const page = await messages(this.store).find({ where: { ownerKey: key }, orderBy: { field: "createdAt", direction: "desc" }, limit: clampLimit(limit, 100, 500) });
    // Questions and answers can share a millisecond: within one, the later position is newer.
    const items = page.items.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || (a.conversationId === b.conversationId ? b.position - a.position : 0));
    const given = await reactions(this.store).getMany(items.map((m) => reactionId(key, m.id)));
    const byMessage = new Map(given.map((r) => [r.messageId, r.reaction]));
    return items.map((m) => withReaction(m, byMessage.get(m.id)));
  }

  /**
   * Deletes one of the owner's conversations with everything that hangs on it: its messages, the
   * reactions to them, their question-history entries and the favorites pointing at it or them.
   */
  async deleteConversation(owner: Owner, conversationId: string): Promise<{ deletedMessages: number }> {
    const key = ownerKey(owner);
    return this.store.transaction(async (tx) => {
      const conversation = await ownConversation(tx, conversationId, key);
      const deletedMessages = await messages(tx).deleteMany({ conversationId: conversation.id });
      await reactions(tx).deleteMany({ conversationId: conversation.id });
      await questions(tx).deleteMany({ conversationId: conversation.id });
      await favorites(tx).deleteMany({ ownerKey: key, conversationId: conversation.id });
      await conversations(tx).delete(conversation.id);
      return { deletedMessages };
    });
  }
}

/** The conversation, if it exists and belongs to `key` (someone else's looks like a missing one). */
export async function ownConversation(tx: Collections, id: string, key: string): Promise<ConversationRecord> {
  const conversation = await conversations(tx).get(id);
  if (!conversation || conversation.ownerKey !== key) throw conversationNotFound(id);
  return conversation;
}

/** The message, if it exists and belongs to `key`. */
export async function ownMessage(tx: Collections, id: string, key: string): Promise<MessageRecord> {
  const found = await messages(tx).get(id);
  if (!found || found.ownerKey !== key) throw messageNotFound(id);
  return found;
}

/**
 * The question-history category: the name of the first cited law, in English for an English
 * answer when the law has an English name; "" when the answer cites nothing.
 */
export function categoryOf(citations: readonly Citation[], language: Language): string {
  const first = citations[0];
  if (!first) return "";
  return language === Language.EN && first.lawNameEn ? first.lawNameEn : first.lawName;
}

function withReaction(record: MessageRecord, reaction: ReactionKind | undefined): MessageView {
  return reaction ? { ...record, reaction } : record;
}

function newConversation(key: string, question: string, createdAt: string): ConversationRecord {
  return { id: randomUUID(), ownerKey: key, title: titleOf(question), firstMessage: question, createdAt, lastMessageAt: createdAt, messageCount: 0 };
}

function message(conversation: ConversationRecord, key: string, isUser: boolean, content: string, createdAt: string): MessageRecord {
  return { id: randomUUID(), conversationId: conversation.id, ownerKey: key, isUser, content, citations: [], createdAt, position: conversation.messageCount };
}

function questionEntry(question: MessageRecord, answer: MessageRecord, category: string, createdAt: string): QuestionRecord {
  return {
    id: randomUUID(),
    ownerKey: question.ownerKey,
    conversationId: question.conversationId,
    questionMessageId: question.id,
    answerMessageId: answer.id,
    question: question.content,
    answer: answer.content,
    category,
    createdAt,
  };
}

async function recentMessages(tx: Transaction, conversation: ConversationRecord, count: number): Promise<MessageRecord[]> {
  if (count <= 0 || conversation.messageCount === 0) return [];
  const page = await messages(tx).find({ where: { conversationId: conversation.id }, orderBy: { field: "position", direction: "desc" }, limit: count });
  return page.items.reverse();
}

function exchangeEvent(request: CompleteExchange, question: MessageRecord, answer: MessageRecord) {
  const event: MessageInitShape<typeof ChatExchangeSchema> = {
    conversationId: request.conversationId,
    owner: request.owner,
    questionMessageId: question.id,
    answerMessageId: answer.id,
    question: question.content,
    answer: answer.content,
    citations: request.citations,
    language: request.language,
    provider: request.provider,
    occurredAt: timestampNow(),
    sourcesFound: request.sourcesFound,
    fallbackFrom: request.fallbackFrom,
    answerMs: request.answerMs,
  };
  return {
    topic: TOPICS.chatExchange,
    key: request.conversationId,
    type: ChatExchangeSchema.typeName,
    payload: toBinary(ChatExchangeSchema, create(ChatExchangeSchema, event)),
    headers: requestHeaders(),
  };
}

/** The current request id, carried on events for tracing. */
export function requestHeaders(): Record<string, string> {
  const requestId = currentRequestContext()?.requestId;
  return requestId ? { requestId } : {};
}
