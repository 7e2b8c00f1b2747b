import { LawStatus, type Citation } from "@qai/contracts";

/** A citation as the web client receives it. */
export function citationJson(citation: Citation) {
  return {
    articleId: citation.articleId,
    lawId: citation.lawId,
    lawName: citation.lawName,
    lawNameEn: citation.lawNameEn || null,
    articleNumber: citation.articleNumber,
    articleSuffix: citation.articleSuffix,
    articleTitle: citation.articleTitle,
    status: citation.status === LawStatus.REPEALED ? "repealed" : "in_force",
    sourceUrl: citation.sourceUrl,
  };
}

/** The spec's Message.citation: each citation as "<law>، المادة <n>", joined by "; ", or null. */
export function citationText(citations: readonly Citation[]): string | null {
  if (citations.length === 0) return null;
  return citations.map((c) => `${c.lawName}، المادة ${c.articleNumber}${c.articleSuffix ? ` ${c.articleSuffix}` : ""}`).join("; ");
}
