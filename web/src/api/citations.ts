/** A verified reference to one article of one law (proto qai.common.v1.Citation, JSON form). */
export interface Citation {
  /** "<law guid>#<article number>[suffix]". */
  articleId: string;
  lawName: string;
  lawNameEn: string;
  articleNumber: number | null;
  articleSuffix: string;
  articleTitle: string;
  status: "in_force" | "repealed" | null;
  /** The official page of the law (laws.boe.gov.sa); "" when unknown. */
  sourceUrl: string;
}

/** Keeps well-formed citation objects, one per article. */
export function toCitations(value: unknown): Citation[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const citations: Citation[] = [];
  for (const item of value) {
    if (!isRecord(item)) continue;
    const lawName = str(item.lawName);
    const lawNameEn = str(item.lawNameEn);
    if (!lawName && !lawNameEn) continue;
    const articleNumber = toArticleNumber(item.articleNumber);
    const articleSuffix = str(item.articleSuffix);
    const articleId = str(item.articleId) || `${lawName || lawNameEn}#${articleNumber ?? ""}${articleSuffix}`;
    if (seen.has(articleId)) continue;
    seen.add(articleId);
    citations.push({
      articleId,
      lawName,
      lawNameEn,
      articleNumber,
      articleSuffix,
      articleTitle: str(item.articleTitle),
      status: item.status === "in_force" || item.status === "repealed" ? item.status : null,
      sourceUrl: str(item.sourceUrl),
    });
  }
  return citations;
}

function toArticleNumber(value: unknown): number | null {
  if (typeof value === "number" && Number.isFinite(value) && value > 0) return value;
  if (typeof value === "string" && /^\d+$/.test(value.trim())) return Number(value.trim());
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function str(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}
