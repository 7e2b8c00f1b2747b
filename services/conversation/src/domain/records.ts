import type { JsonObject } from "@bufbuild/protobuf";

export interface ConversationRecord {
  id: string;
  ownerKey: string;
  /** The first question, shortened. */
  title: string;
  firstMessage: string;
  createdAt: string;
  lastMessageAt: string;
  messageCount: number;
}

export interface MessageRecord {
  id: string;
  conversationId: string;
  ownerKey: string;
  isUser: boolean;
  content: string;
  /** Verified citations, as protobuf JSON (qai.common.v1.Citation). */
  citations: JsonObject[];
  provider?: string;
  createdAt: string;
  /** 0, 1, 2… within the conversation. */
  position: number;
}

/** One answered question, for the question history (spec §3 Question history item). */
export interface QuestionRecord {
  id: string;
  ownerKey: string;
  conversationId: string;
  questionMessageId: string;
  answerMessageId: string;
  question: string;
  answer: string;
  /** The first cited law's name, or "". */
  category: string;
  createdAt: string;
}

export type FavoriteKind = "message" | "conversation" | "other";

export interface FavoriteRecord {
  id: string;
  ownerKey: string;
  type: FavoriteKind;
  referenceId: string;
  title: string;
  content: string;
  category: string;
  /** The conversation of a message or conversation favorite ("" for other), so deleting it cascades. */
  conversationId: string;
  createdAt: string;
}

export type ReactionKind = "like" | "dislike";

/** One owner's reaction to one answer; the id is derived from both, so there is at most one. */
export interface ReactionRecord {
  id: string;
  ownerKey: string;
  messageId: string;
  conversationId: string;
  reaction: ReactionKind;
  updatedAt: string;
}

export const TITLE_LENGTH = 100;

export function titleOf(question: string): string {
  const flat = question.replace(/\s+/g, " ").trim();
  return flat.length > TITLE_LENGTH ? `${flat.slice(0, TITLE_LENGTH)}…` : flat;
}

/** Spec §9: a favorite's title is the first 100 characters of its content (whole code points, whitespace folded). */
export function favoriteTitleOf(content: string): string {
  return Array.from(content.replace(/\s+/g, " ").trim()).slice(0, TITLE_LENGTH).join("");
}

export function reactionId(ownerKey: string, messageId: string): string {
  return `${messageId}|${ownerKey}`;
}
