import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api";

export interface Favorite {
  id: string;
  type: "message" | "conversation" | "other";
  referenceId: string;
  title: string;
  content: string;
}

/** Shared with the favorites page, which reads the same cache key. */
export const FAVORITES_QUERY_KEY = ["favorites"] as const;

/** GET /api/favorites (registered users only). */
export function getFavorites(signal?: AbortSignal): Promise<Favorite[]> {
  return apiJson<Favorite[] | undefined>("/api/favorites", { signal }).then((list) => (Array.isArray(list) ? list : []));
}

export const favoritesQueryOptions = () =>
  queryOptions({ queryKey: FAVORITES_QUERY_KEY, queryFn: ({ signal }) => getFavorites(signal) });

export function useFavorites(enabled: boolean) {
  return useQuery({ ...favoritesQueryOptions(), enabled });
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
