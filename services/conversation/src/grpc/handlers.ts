import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { FavoriteType, type ConversationService, type ConversationSchema, type FavoriteSchema, type MessageSchema, type QuestionHistoryItemSchema } from "@qai/contracts";
import { AppError, type HandlersOf } from "@qai/platform";
import type { Conversations, MessageView } from "../app/conversations";
import type { Favorites } from "../app/favorites";
import type { Feedback } from "../app/feedback";
import type { QuestionHistory } from "../app/questions";
import { citationsFromJson } from "../app/citations";
import { fromReaction, toReaction } from "../app/feedback";
import { ownerFromKey, requireOwner } from "../domain/owner";
import type { ConversationRecord, FavoriteKind, FavoriteRecord, QuestionRecord } from "../domain/records";

export interface ConversationApp {
  conversations: Conversations;
  questions: QuestionHistory;
  favorites: Favorites;
  feedback: Feedback;
}

const MAX_ID_LENGTH = 200;

export function conversationHandlers({ conversations, questions, favorites, feedback }: ConversationApp): HandlersOf<typeof ConversationService> {
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
      return { messages: (await conversations.listMessages(requireOwner(owner), requireId(conversationId, "conversation_id"))).map(toMessage) };
    },
    async listConversations({ owner, limit }) {
      return { conversations: (await conversations.listConversations(requireOwner(owner), limit)).map(toConversation) };
    },
    async deleteConversation({ owner, conversationId }) {
      return conversations.deleteConversation(requireOwner(owner), requireId(conversationId, "conversation_id"));
    },
    async getMessage({ owner, messageId }) {
      return { message: toMessage(await conversations.getMessage(requireOwner(owner), requireId(messageId, "message_id"))) };
    },
    async listOwnerMessages({ owner, limit }) {
      return { messages: (await conversations.listOwnerMessages(requireOwner(owner), limit)).map(toMessage) };
    },
    async listQuestions({ owner, limit, search }) {
      return { questions: (await questions.list(requireOwner(owner), limit, search)).map(toQuestion) };
    },
    async deleteQuestion({ owner, questionId }) {
      await questions.delete(requireOwner(owner), requireId(questionId, "question_id"));
      return {};
    },
    async listFavorites({ owner }) {
      return { favorites: (await favorites.list(requireOwner(owner))).map(toFavorite) };
    },
    async addFavorite({ owner, type, referenceId, title, content, category }) {
      const kind = FAVORITE_KINDS.get(type);
      if (!kind) throw new AppError("invalid_argument", "type must be MESSAGE, CONVERSATION or OTHER");
      if (referenceId.length > MAX_ID_LENGTH) throw new AppError("invalid_argument", "reference_id is too long");
      const added = await favorites.add({ owner: requireOwner(owner), type: kind, referenceId, title, content, category });
      return { favorite: toFavorite(added.favorite), created: added.created };
    },
    async deleteFavorite({ owner, favoriteId }) {
      await favorites.delete(requireOwner(owner), requireId(favoriteId, "favorite_id"));
      return {};
    },
    async giveFeedback({ owner, messageId, reaction }) {
      const kind = fromReaction(reaction);
      if (!kind) throw new AppError("invalid_argument", "reaction must be LIKE or DISLIKE");
      const result = await feedback.give(requireOwner(owner), requireId(messageId, "message_id"), kind);
      return { messageId: result.messageId, reaction: toReaction(result.reaction), previous: toReaction(result.previous) };
    },
  };
}

const FAVORITE_KINDS = new Map<FavoriteType, FavoriteKind>([
  [FavoriteType.MESSAGE, "message"],
  [FavoriteType.CONVERSATION, "conversation"],
  [FavoriteType.OTHER, "other"],
]);

function requireId(id: string, field: string): string {
  if (!id) throw new AppError("invalid_argument", `${field} is required`);
  if (id.length > MAX_ID_LENGTH) throw new AppError("invalid_argument", `${field} is too long`);
  return id;
}

function toMessage(record: MessageView): MessageInitShape<typeof MessageSchema> {
  return {
    id: record.id,
    conversationId: record.conversationId,
    owner: ownerFromKey(record.ownerKey),
    isUser: record.isUser,
    content: record.content,
    citations: citationsFromJson(record.citations),
    createdAt: timestampFromDate(new Date(record.createdAt)),
    reaction: toReaction(record.reaction),
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
    messageCount: record.messageCount,
  };
}

function toQuestion(record: QuestionRecord): MessageInitShape<typeof QuestionHistoryItemSchema> {
  return {
    id: record.id,
    owner: ownerFromKey(record.ownerKey),
    conversationId: record.conversationId,
    questionMessageId: record.questionMessageId,
    answerMessageId: record.answerMessageId,
    question: record.question,
    answer: record.answer,
    category: record.category,
    createdAt: timestampFromDate(new Date(record.createdAt)),
  };
}

function toFavorite(record: FavoriteRecord): MessageInitShape<typeof FavoriteSchema> {
  const type = [...FAVORITE_KINDS].find(([, kind]) => kind === record.type)?.[0] ?? FavoriteType.OTHER;
  return {
    id: record.id,
    owner: ownerFromKey(record.ownerKey),
    type,
    referenceId: record.referenceId,
    title: record.title,
    content: record.content,
    category: record.category,
    conversationId: record.conversationId,
    createdAt: timestampFromDate(new Date(record.createdAt)),
  };
}
