import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api";

/** DELETE /api/conversations/:id: removes the conversation with its messages (and what points at it). */
export function deleteConversation(id: string): Promise<unknown> {
  return apiJson(`/api/conversations/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConversation,
    onSettled: async () => {
      // Favorites and question history may point at the deleted conversation.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ["conversations"] }),
        queryClient.invalidateQueries({ queryKey: ["questions"] }),
        queryClient.invalidateQueries({ queryKey: ["favorites"] }),
        queryClient.invalidateQueries({ queryKey: ["messages"] }),
      ]);
    },
  });
}
