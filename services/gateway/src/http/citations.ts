import { LawStatus, type Citation } from "@qai/contracts";

/** What a citation and a knowledge-base article (`Article`) both say about the article they name. */
type ArticleReference = Pick<Citation, "lawId" | "lawName" | "lawNameEn" | "articleNumber" | "articleSuffix" | "articleTitle" | "status" | "sourceUrl">;

/**
 * The article fields the web client receives the same way wherever they appear: in a citation, the
 * citation panel's article (routes/articles.ts) and a Search Laws card (routes/knowledge-search.ts).
 */
export function articleReferenceJson(reference: ArticleReference) {
  return {
    lawId: reference.lawId,
    lawName: reference.lawName,
    lawNameEn: reference.lawNameEn || null,
    articleNumber: reference.articleNumber,
    articleSuffix: reference.articleSuffix,
    articleTitle: reference.articleTitle,
    status: reference.status === LawStatus.REPEALED ? "repealed" : "in_force",
    sourceUrl: reference.sourceUrl,
  };
}

/** A citation as the web client receives it. */
export function citationJson(citation: Citation) {
  return { articleId: citation.articleId, ...articleReferenceJson(citation) };
}

/** The spec's Message.citation: each citation as "<law>، المادة <n>", joined by "; ", or null. */
export function citationText(citations: readonly Citation[]): string | null {
  if (citations.length === 0) return null;
  return citations.map((c) => `${c.lawName}، المادة ${c.articleNumber}${c.articleSuffix ? ` ${c.articleSuffix}` : ""}`).join("; ");
}
