import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "./client";
import { documentKeys } from "./keys";

/** A legal document (spec §3). */
export interface LegalDocument {
  id: string;
  title: string;
  category: string;
  content: string;
  citation: string;
  excerpt: string;
  source: string;
  lastUpdated: string;
  createdAt: string | null;
}

/** What Search Laws looks for, in the legal documents and the knowledge base's articles alike. */
export interface DocumentSearch {
  query: string;
  /** "all" or one of the categories. */
  category: string;
}

/** GET /api/documents?query=&category=: public search of the legal documents. */
export function searchDocuments({ query, category }: DocumentSearch, signal?: AbortSignal): Promise<LegalDocument[]> {
  return apiJson<LegalDocument[]>("/api/documents", { query: { query: query.trim(), category: category === "all" ? undefined : category }, signal }).then((list) => list ?? []);
}

const documentsQueryOptions = (search: DocumentSearch) =>
  queryOptions({
    queryKey: documentKeys.search(search.query.trim(), search.category),
    queryFn: ({ signal }) => searchDocuments(search, signal),
  });

/** Runs once a search was submitted (`null` until then). */
export function useDocumentSearch(search: DocumentSearch | null) {
  return useQuery({ ...documentsQueryOptions(search ?? { query: "", category: "all" }), enabled: search !== null, placeholderData: keepPreviousData });
}
