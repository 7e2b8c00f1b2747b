import { queryOptions } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api";
import { toCitations } from "../lib/sse";
import type { ChatMessage, Reaction } from "../types";

interface MessageJson {
  id: string;
  content: string;
  isUser: boolean;
  citations?: unknown;
  reaction?: Reaction;
}

export function toChatMessage(message: MessageJson): ChatMessage {
  return {
    id: message.id,
    role: message.isUser ? "user" : "assistant",
    content: message.content,
    citations: toCitations(message.citations),
    reaction: message.reaction ?? null,
    persisted: true,
  };
}

/** GET /api/messages?conversationId=: the stored messages of one conversation, oldest first. */
export function getMessages(conversationId: string, signal?: AbortSignal): Promise<ChatMessage[]> {
  return apiJson<MessageJson[] | undefined>("/api/messages", { query: { conversationId }, signal }).then((list) =>
    Array.isArray(list) ? list.map(toChatMessage) : [],
  );
}

export const messagesQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: ["chat", "messages", conversationId] as const,
    queryFn: ({ signal }) => getMessages(conversationId, signal),
  });
