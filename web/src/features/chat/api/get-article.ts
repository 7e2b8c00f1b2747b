import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api";

/** GET /api/knowledge/articles/:id: one article of the knowledge base, with its full text. */
export interface Article {
  id: string;
  lawName: string;
  lawNameEn: string | null;
  lawNumber: string | null;
  lawDate: string | null;
  articleNumber: number;
  articleSuffix: string;
  articleTitle: string;
  articleContent: string;
  status: "in_force" | "repealed";
  sourceUrl: string;
}

export function getArticle(id: string, signal?: AbortSignal): Promise<Article> {
  return apiJson<Article>(`/api/knowledge/articles/${encodeURIComponent(id)}`, { signal });
}

export const articleQueryOptions = (id: string) =>
  queryOptions({ queryKey: ["knowledge", "article", id] as const, queryFn: ({ signal }) => getArticle(id, signal), staleTime: 5 * 60_000, retry: false });

export function useArticle(id: string | null) {
  return useQuery({ ...articleQueryOptions(id ?? ""), enabled: id !== null });
}
