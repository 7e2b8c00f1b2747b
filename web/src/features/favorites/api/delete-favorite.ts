import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api";

/** DELETE /api/favorites/:id. */
export function deleteFavorite(id: string): Promise<unknown> {
  return apiJson(`/api/favorites/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useDeleteFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFavorite,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["favorites"] }),
  });
}
