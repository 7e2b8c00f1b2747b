import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api";
import type { DocumentSearch } from "./search-documents";

/** One article of the knowledge base found by Search Laws (GET /api/knowledge/search). */
export interface ArticleResult {
  /** "<law guid>#<article number>[suffix]": the citation id the article panel opens. */
  id: string;
  lawId: string;
  lawName: string;
  lawNameEn: string | null;
  articleNumber: number;
  articleSuffix: string;
  articleTitle: string;
  excerpt: string;
  status: "in_force" | "repealed";
  /** The Search Laws category of its law, or null when it belongs to none. */
  category: string | null;
  sourceUrl: string;
}

export function searchArticles({ query, category }: DocumentSearch, language: string, signal?: AbortSignal): Promise<ArticleResult[]> {
  return apiJson<{ articles: ArticleResult[] }>("/api/knowledge/search", {
    query: { query: query.trim(), category: category === "all" ? undefined : category, language: language === "en" ? "en" : "ar" },
    signal,
  }).then((body) => body?.articles ?? []);
}

export const articlesQueryOptions = (search: DocumentSearch, language: string) =>
  queryOptions({
    queryKey: ["knowledge", "search", search.query.trim(), search.category, language] as const,
    queryFn: ({ signal }) => searchArticles(search, language, signal),
  });

/** Runs once a search was submitted (`null` until then). */
export function useArticleSearch(search: DocumentSearch | null, language: string) {
  return useQuery({ ...articlesQueryOptions(search ?? { query: "", category: "all" }, language), enabled: search !== null, placeholderData: keepPreviousData });
}
