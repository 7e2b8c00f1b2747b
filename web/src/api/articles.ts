import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "./client";
import type { DocumentSearch } from "./documents";
import { articleKeys } from "./keys";

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

export function getArticle(id: string, signal?: AbortSignal): Promise<Article> {
  return apiJson<Article>(`/api/knowledge/articles/${encodeURIComponent(id)}`, { signal });
}

const articleQueryOptions = (id: string) =>
  queryOptions({ queryKey: articleKeys.detail(id), queryFn: ({ signal }) => getArticle(id, signal), staleTime: 5 * 60_000, retry: false });

export function useArticle(id: string | null) {
  return useQuery({ ...articleQueryOptions(id ?? ""), enabled: id !== null });
}

export function searchArticles({ query, category }: DocumentSearch, language: string, signal?: AbortSignal): Promise<ArticleResult[]> {
  return apiJson<{ articles: ArticleResult[] }>("/api/knowledge/search", {
    query: { query: query.trim(), category: category === "all" ? undefined : category, language: language === "en" ? "en" : "ar" },
    signal,
  }).then((body) => body?.articles ?? []);
}

const articleSearchQueryOptions = (search: DocumentSearch, language: string) =>
  queryOptions({
    queryKey: articleKeys.search(search.query.trim(), search.category, language),
    queryFn: ({ signal }) => searchArticles(search, language, signal),
  });

/** Runs once a search was submitted (`null` until then). */
export function useArticleSearch(search: DocumentSearch | null, language: string) {
  return useQuery({ ...articleSearchQueryOptions(search ?? { query: "", category: "all" }, language), enabled: search !== null, placeholderData: keepPreviousData });
}
