import { queryOptions } from "@tanstack/react-query";
import { toCitations, type Citation } from "./citations";
import { apiJson } from "./client";
import { messageKeys } from "./keys";

export type Reaction = "like" | "dislike" | null;

/** A message of a conversation: stored on the server, or still on its way in the chat. */
export interface ChatMessage {
  /** The server's message id once known, else a local id. */
  id: string;
  role: "user" | "assistant";
  content: string;
  citations: Citation[];
  /** An answer whose stream stopped before its final event. */
  incomplete?: boolean;
  /** Kept on screen while the stored copy is re-fetched (final data was incomplete, spec §4). */
  temporary?: boolean;
  /** True once the server knows the message (reactions and favorites need its id). */
  persisted?: boolean;
  reaction?: Reaction;
}

interface MessageJson {
  id: string;
  content: string;
  isUser: boolean;
  citations?: unknown;
  reaction?: Reaction;
}

function toChatMessage(message: MessageJson): ChatMessage {
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
    queryKey: messageKeys.conversation(conversationId),
    queryFn: ({ signal }) => getMessages(conversationId, signal),
  });

/** GET /api/messages/:id: one message of the caller; a favorite reads its conversationId. */
export function getMessageConversationId(messageId: string): Promise<string | null> {
  return apiJson<{ conversationId?: string | null }>(`/api/messages/${encodeURIComponent(messageId)}`).then((message) => message?.conversationId || null);
}
