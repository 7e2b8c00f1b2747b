import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api";

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
  return apiJson<Favorite[]>("/api/favorites", { signal }).then((list) => list ?? []);
}

export const favoritesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ["favorites", userId] as const,
    queryFn: ({ signal }) => getFavorites(signal),
  });

export function useFavorites(userId: string | null | undefined) {
  return useQuery({ ...favoritesQueryOptions(userId ?? ""), enabled: Boolean(userId), refetchOnMount: "always" });
}
