import { randomUUID } from "node:crypto";
import { create, toBinary, type MessageInitShape } from "@bufbuild/protobuf";
import { timestampNow } from "@bufbuild/protobuf/wkt";
import { ChatExchangeSchema, TOPICS, type Citation, type Language, type Owner } from "@qai/contracts";
import { AppError, currentRequestContext } from "@qai/platform";
import type { Outbox } from "@qai/event-bus";
import type { RecordStore, Transaction } from "@qai/record-store";
import { ownerKey } from "../domain/owner";
import { titleOf, type ConversationRecord, type MessageRecord } from "../domain/records";
import { citationsToJson } from "./citations";

const MAX_CONTEXT_MESSAGES = 20;

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
}

/** Conversations and their messages; a stored answer publishes chat.exchange.v1 through the outbox. */
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
        ? await this.ownConversation(tx, request.conversationId, key)
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
      const conversation = await this.ownConversation(tx, request.conversationId, key);
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
      await this.outbox.enqueue(tx, exchangeEvent(request, question, stored));
      return stored;
    });
    this.onCommit();
    return answer;
  }

  async listMessages(owner: Owner, conversationId: string): Promise<MessageRecord[]> {
    const conversation = await this.ownConversation(this.store, conversationId, ownerKey(owner));
    return allMessages(this.store, conversation.id);
  }

  async listConversations(owner: Owner, limit: number): Promise<ConversationRecord[]> {
    const page = await conversations(this.store).find({
      where: { ownerKey: ownerKey(owner) },
      orderBy: { field: "lastMessageAt", direction: "desc" },
      limit: Math.min(Math.max(limit || 50, 1), 200),
    });
    return page.items;
  }

  /** The conversation, if it exists and belongs to `key` (someone else's looks like a missing one). */
  private async ownConversation(tx: Transaction, id: string, key: string): Promise<ConversationRecord> {
    const conversation = await conversations(tx).get(id);
    if (!conversation || conversation.ownerKey !== key) {
      throw new AppError("not_found", `conversation ${id} not found`, {
        userMessage: { ar: "المحادثة غير موجودة.", en: "Conversation not found." },
      });
    }
    return conversation;
  }
}

function newConversation(key: string, question: string, createdAt: string): ConversationRecord {
  return { id: randomUUID(), ownerKey: key, title: titleOf(question), firstMessage: question, createdAt, lastMessageAt: createdAt, messageCount: 0 };
}

function message(conversation: ConversationRecord, key: string, isUser: boolean, content: string, createdAt: string): MessageRecord {
  return { id: randomUUID(), conversationId: conversation.id, ownerKey: key, isUser, content, citations: [], createdAt, position: conversation.messageCount };
}

async function recentMessages(tx: Transaction, conversation: ConversationRecord, count: number): Promise<MessageRecord[]> {
  if (count <= 0 || conversation.messageCount === 0) return [];
  const page = await messages(tx).find({ where: { conversationId: conversation.id }, orderBy: { field: "position", direction: "desc" }, limit: count });
  return page.items.reverse();
}

async function allMessages(tx: Transaction, conversationId: string): Promise<MessageRecord[]> {
  const all: MessageRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await messages(tx).find({ where: { conversationId }, orderBy: { field: "position", direction: "asc" }, limit: 500, cursor });
    all.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
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
  };
  const requestId = currentRequestContext()?.requestId;
  const headers: Record<string, string> = requestId ? { requestId } : {};
  return {
    topic: TOPICS.chatExchange,
    key: request.conversationId,
    type: ChatExchangeSchema.typeName,
    payload: toBinary(ChatExchangeSchema, create(ChatExchangeSchema, event)),
    headers,
  };
}

/** Removes every conversation and message of `key` (account deletion). */
export async function deleteOwnerData(tx: Transaction, key: string): Promise<void> {
  await messages(tx).deleteMany({ ownerKey: key });
  await conversations(tx).deleteMany({ ownerKey: key });
}

const conversations = (c: Transaction) => c.collection<ConversationRecord>("conversations", { indexes: ["ownerKey", "lastMessageAt"] });
const messages = (c: Transaction) => c.collection<MessageRecord>("messages", { indexes: ["conversationId", "position", "ownerKey"] });
