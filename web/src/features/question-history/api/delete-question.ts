import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api";

/** DELETE /api/history/questions/:id. */
export function deleteQuestion(id: string): Promise<unknown> {
  return apiJson(`/api/history/questions/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useDeleteQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuestion,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["questions"] }),
  });
}
