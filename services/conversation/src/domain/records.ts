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

export const TITLE_LENGTH = 100;

export function titleOf(question: string): string {
  const flat = question.replace(/\s+/g, " ").trim();
  return flat.length > TITLE_LENGTH ? `${flat.slice(0, TITLE_LENGTH)}…` : flat;
}
