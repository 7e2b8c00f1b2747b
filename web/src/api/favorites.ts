import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "./client";
import { favoriteKeys } from "./keys";

/** A favorite (spec §3), plus the conversation a message or conversation favorite opens. */
export interface Favorite {
  id: string;
  type: "message" | "conversation" | "other";
  referenceId: string;
  title: string;
  content: string;
  category: string | null;
  conversationId: string | null;
  createdAt: string | null;
}

/** GET /api/favorites: the signed-in user's favorites. */
export function getFavorites(signal?: AbortSignal): Promise<Favorite[]> {
  return apiJson<Favorite[] | undefined>("/api/favorites", { signal }).then((list) => (Array.isArray(list) ? list : []));
}

const favoritesQueryOptions = (userId: string) =>
  queryOptions({ queryKey: favoriteKeys.list(userId), queryFn: ({ signal }) => getFavorites(signal) });

/** The favorites of a registered user; disabled for guests. */
export function useFavorites(userId: string | null | undefined, options: { refetchOnMount?: boolean | "always" } = {}) {
  return useQuery({ ...favoritesQueryOptions(userId ?? ""), enabled: Boolean(userId), ...options });
}

/** POST /api/favorites: saves an answer (title: its first 100 characters, spec §3). */
export function addMessageFavorite(messageId: string, content: string): Promise<Favorite> {
  return apiJson<Favorite>("/api/favorites", {
    method: "POST",
    json: { type: "message", referenceId: messageId, title: content.slice(0, 100), content },
  });
}

/** DELETE /api/favorites/:id */
export async function deleteFavorite(id: string): Promise<void> {
  await apiJson<unknown>(`/api/favorites/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useDeleteFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFavorite,
    onSettled: () => queryClient.invalidateQueries({ queryKey: favoriteKeys.all }),
  });
}
