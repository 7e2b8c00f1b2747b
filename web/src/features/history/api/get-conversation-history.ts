import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api";

/** Spec §9: only the first 50 conversations are kept. */
export const HISTORY_LIMIT = 50;

/** A conversation of GET /api/conversations/history (spec §3). */
export interface ConversationSummary {
  id: string;
  title: string;
  firstMessage: string;
  createdAt: string | null;
  updatedAt: string | null;
  lastMessageAt: string | null;
  messageCount: number;
  userId: string;
}

/** GET /api/conversations/history: the signed-in user's conversations, newest first. */
export async function getConversationHistory(signal?: AbortSignal): Promise<ConversationSummary[]> {
  const list = await apiJson<ConversationSummary[]>("/api/conversations/history", { signal });
  return (list ?? []).slice(0, HISTORY_LIMIT);
}

export const conversationHistoryQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ["conversations", "history", userId] as const,
    queryFn: ({ signal }) => getConversationHistory(signal),
  });

/** The conversation list of a registered user; disabled for guests. */
export function useConversationHistory(userId: string | null | undefined, options: { refetchOnMount?: boolean | "always" } = {}) {
  return useQuery({ ...conversationHistoryQueryOptions(userId ?? ""), enabled: Boolean(userId), ...options });
}

/** The date a conversation sorts and groups by. */
export function conversationDate(item: ConversationSummary): string | null {
  return item.lastMessageAt ?? item.updatedAt ?? item.createdAt;
}

/** The label of a conversation: its title, else its first message. */
export function conversationTitle(item: ConversationSummary): string {
  return (item.title || item.firstMessage || "").trim();
}
