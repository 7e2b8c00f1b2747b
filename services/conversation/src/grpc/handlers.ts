import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { ConversationService, ConversationSchema, MessageSchema } from "@qai/contracts";
import { AppError, type HandlersOf } from "@qai/platform";
import type { Conversations } from "../app/conversations";
import { citationsFromJson } from "../app/citations";
import { ownerFromKey, requireOwner } from "../domain/owner";
import type { ConversationRecord, MessageRecord } from "../domain/records";

export function conversationHandlers(conversations: Conversations): HandlersOf<typeof ConversationService> {
  return {
    async startExchange({ owner, conversationId, question, contextMessages }) {
      if (!question.trim()) throw new AppError("invalid_argument", "question is empty");
      const started = await conversations.startExchange({ owner: requireOwner(owner), conversationId: conversationId || undefined, question, contextMessages });
      return { conversationId: started.conversation.id, question: toMessage(started.question), context: started.context.map(toMessage) };
    },
    async completeExchange(request) {
      const answer = await conversations.completeExchange({ ...request, owner: requireOwner(request.owner) });
      return { answer: toMessage(answer) };
    },
    async listMessages({ owner, conversationId }) {
      return { messages: (await conversations.listMessages(requireOwner(owner), conversationId)).map(toMessage) };
    },
    async listConversations({ owner, limit }) {
      return { conversations: (await conversations.listConversations(requireOwner(owner), limit)).map(toConversation) };
    },
  };
}

function toMessage(record: MessageRecord): MessageInitShape<typeof MessageSchema> {
  return {
    id: record.id,
    conversationId: record.conversationId,
    owner: ownerFromKey(record.ownerKey),
    isUser: record.isUser,
    content: record.content,
    citations: citationsFromJson(record.citations),
    createdAt: timestampFromDate(new Date(record.createdAt)),
  };
}

function toConversation(record: ConversationRecord): MessageInitShape<typeof ConversationSchema> {
  return {
    id: record.id,
    owner: ownerFromKey(record.ownerKey),
    title: record.title,
    firstMessage: record.firstMessage,
    createdAt: timestampFromDate(new Date(record.createdAt)),
    lastMessageAt: timestampFromDate(new Date(record.lastMessageAt)),
  };
}
