/**
 * The knowledge-base manager's calls (spec §7 "Admin calls"): search, upload validation, per-file
 * add, atomic replace, BOE URL update, clear, one-law update and the JSON exports. Admins only; the
 * bearer token identifies the caller. `language` asks the server for its messages in that language.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch, apiJson } from "./client";
import { adminKnowledgeKeys } from "./keys";

export type UploadMode = "add" | "replace";

/** One article of a knowledge search (spec §3). */
export interface KnowledgeArticle {
  id: string;
  lawName: string;
  articleNumber: number;
  lawNumber: string | null;
  lawDate: string | null;
  articleTitle: string;
  articleContent: string;
}

export interface UploadValidation {
  canProceed: boolean;
  message: string;
  currentArticleCount: number;
  newArticleCount: number;
  existingLawNames?: string[];
}

export interface UploadResult {
  message: string;
  lawName?: string;
  newCount: number;
  duplicateCount: number;
}

export interface ReplaceResult {
  message: string;
  filesProcessed: number;
  totalArticles: number;
}

export interface UpdateUrlsResult {
  message: string;
  updatedCount: number;
  totalLawsChecked: number;
}

export interface DeleteAllResult {
  message: string;
  deletedLaws: number;
  deletedArticles: number;
}

export interface UpdateLawResult {
  message: string;
  lawName: string;
  articleCount: number;
}

/** A downloaded JSON export: its text and the file name the server gave it. */
export interface JsonExport {
  text: string;
  fileName: string | null;
}

const lang = (language: string) => ({ "Accept-Language": language === "en" ? "en" : "ar" });

/** The file name of a Content-Disposition header (RFC 6266 `filename*` first). */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed encoding falls back to the plain name.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || null;
}

async function jsonExport(path: string, language: string): Promise<JsonExport> {
  const response = await apiFetch(path, { headers: lang(language) });
  return { text: await response.text(), fileName: dispositionFileName(response.headers.get("Content-Disposition")) };
}

export function searchKnowledge(query: string, language: string): Promise<KnowledgeArticle[]> {
  return apiJson<KnowledgeArticle[]>("/api/admin/knowledge/search", { query: { query }, headers: lang(language) });
}

export function validateUpload(
  body: { uploadMode: UploadMode; totalNewArticles: number; fileCount: number; lawNames: string[] },
  language: string,
): Promise<UploadValidation> {
  return apiJson<UploadValidation>("/api/admin/knowledge/validate-upload", { method: "POST", json: body, headers: lang(language) });
}

/** One law file in add mode (spec §7: one call per file; 409 means the law already exists). */
export function uploadLawFile(
  file: Record<string, unknown>,
  meta: { isPartOfBatch: boolean; currentFileIndex: number; totalFiles: number; fileName: string },
  language: string,
): Promise<UploadResult> {
  return apiJson<UploadResult>("/api/admin/knowledge/upload", {
    method: "POST",
    json: { ...file, uploadMode: "add", ...meta },
    headers: lang(language),
  });
}

/** Replaces the whole knowledge base with these law files in one atomic step. */
export function replaceKnowledge(files: Array<Record<string, unknown>>, language: string): Promise<ReplaceResult> {
  return apiJson<ReplaceResult>("/api/admin/knowledge/replace", { method: "POST", json: { files, uploadMode: "replace" }, headers: lang(language) });
}

export function updateBoeUrls(language: string): Promise<UpdateUrlsResult> {
  return apiJson<UpdateUrlsResult>("/api/admin/knowledge/update-urls", { method: "POST", headers: lang(language) });
}

export function deleteAllKnowledge(language: string): Promise<DeleteAllResult> {
  return apiJson<DeleteAllResult>("/api/admin/knowledge/delete-all", { method: "DELETE", headers: lang(language) });
}

export function updateLaw(lawNameToUpdate: string, fileData: unknown, fileName: string, language: string): Promise<UpdateLawResult> {
  return apiJson<UpdateLawResult>("/api/admin/knowledge/update-law", {
    method: "POST",
    json: { lawNameToUpdate, fileData, fileName },
    headers: lang(language),
  });
}

/** Every law as one JSON array (the law-file format), downloaded as a dated file. */
export function exportAllKnowledge(language: string): Promise<JsonExport> {
  return jsonExport("/api/admin/knowledge/export/all", language);
}

/** One law's JSON (law-file format). */
export function exportLaw(lawName: string, language: string): Promise<JsonExport> {
  return jsonExport(`/api/admin/knowledge/export/law/${encodeURIComponent(lawName)}`, language);
}

/** Spec §5: the search runs only for queries of at least 3 characters. */
export const MIN_KNOWLEDGE_QUERY = 3;

export function useKnowledgeSearch(query: string, language: string) {
  return useQuery({
    queryKey: adminKnowledgeKeys.search(query),
    queryFn: () => searchKnowledge(query, language),
    enabled: [...query].length >= MIN_KNOWLEDGE_QUERY,
  });
}

export const lawJsonQueryOptions = (lawName: string, language: string) =>
  queryOptions({ queryKey: adminKnowledgeKeys.lawJson(lawName), queryFn: () => exportLaw(lawName, language) });

export function useLawJson(lawName: string | null, language: string) {
  return useQuery({ ...lawJsonQueryOptions(lawName ?? "", language), enabled: lawName !== null });
}
