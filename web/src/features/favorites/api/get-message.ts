import { apiJson } from "../../../lib/api";

/** GET /api/messages/:id: one message of the caller; a favorite reads its conversationId. */
export function getMessageConversationId(messageId: string): Promise<string | null> {
  return apiJson<{ conversationId?: string | null }>(`/api/messages/${encodeURIComponent(messageId)}`).then((message) => message?.conversationId || null);
}
