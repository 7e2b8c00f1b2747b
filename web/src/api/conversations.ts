import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "./client";
import { conversationKeys, favoriteKeys, messageKeys, questionKeys } from "./keys";

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

const conversationHistoryQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: conversationKeys.history(userId),
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

/** DELETE /api/conversations/:id: removes the conversation with its messages (and what points at it). */
export function deleteConversation(id: string): Promise<unknown> {
  return apiJson(`/api/conversations/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConversation,
    onSettled: async (_result, _error, id) => {
      // Favorites and question history may point at the deleted conversation.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: conversationKeys.all }),
        queryClient.invalidateQueries({ queryKey: questionKeys.all }),
        queryClient.invalidateQueries({ queryKey: favoriteKeys.all }),
        queryClient.invalidateQueries({ queryKey: messageKeys.conversation(id) }),
      ]);
    },
  });
}
