import type { NewLegalDocument } from "../../../api/documents";
import { EXCERPT_LENGTH } from "./format";

export type DocumentForm = NewLegalDocument;

/** Spec §5: a legal document needs these, else "Missing fields". */
export const REQUIRED_FIELDS = ["title", "category", "content", "citation"] as const;

/**
 * Spec §5 defaults: a missing excerpt is the first 200 characters of the content plus an ellipsis, a
 * missing source is the citation, a missing lastUpdated is "Updated <year>" in the UI's language.
 */
export function withDocumentDefaults(form: DocumentForm, updatedDefault: string): NewLegalDocument {
  const content = form.content.trim();
  const citation = form.citation.trim();
  return {
    title: form.title.trim(),
    category: form.category,
    content,
    citation,
    excerpt: form.excerpt.trim() || `${content.slice(0, EXCERPT_LENGTH)}…`,
    source: form.source.trim() || citation,
    lastUpdated: form.lastUpdated.trim() || updatedDefault,
  };
}
