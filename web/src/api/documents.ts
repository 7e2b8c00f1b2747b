import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
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

/** A new legal document (spec §3/§5); the panel fills in the defaults before sending. */
export type NewLegalDocument = Omit<LegalDocument, "id" | "createdAt">;

/** POST /api/documents (admins only). */
export function useAddDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (document: NewLegalDocument) => apiJson<LegalDocument | null>("/api/documents", { method: "POST", json: { ...document } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

/** DELETE /api/documents/{id} (admins only). */
export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<{ deleted: boolean; id: string }>(`/api/documents/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}
