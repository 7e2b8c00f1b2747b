/** The knowledge base's law file format (data/laws/<NNN>-<guid>.json) and its article-id rule. */

export type LawStatus = "in_force" | "repealed";

export interface LawArticle {
  articleNumber: number;
  /** "" or "مكرر" (bis). */
  articleSuffix: string;
  articleTitle: string;
  articleContent: string;
}

/** One law file. Field order here is the field order written to disk. */
export interface LawFile {
  lawName: string;
  /** The official English title when the BOE source has one, else one we wrote (see english-titles.ts). */
  lawNameEn: string;
  /** true: `lawNameEn` is the source's official title; false: written by us, unofficial. */
  lawNameEnOfficial: boolean;
  lawNumber: string | null;
  lawDate: string | null;
  guid: string;
  status: LawStatus;
  sourceUrl: string;
  issuedDate: string | null;
  articles: LawArticle[];
}

export function boeLawUrl(guid: string): string {
  return `https://laws.boe.gov.sa/BoeLaws/Laws/LawDetails/${guid}/1`;
}

/** The key that must be unique inside a law before repeat numbering: number + suffix. */
export function articleKey(article: Pick<LawArticle, "articleNumber" | "articleSuffix">): string {
  return `${article.articleNumber}${article.articleSuffix}`;
}

/**
 * Article ids, in file order: `${guid}#${articleNumber}${articleSuffix}`; when the same
 * number+suffix occurs again in the same law, the k-th occurrence (k = 2, 3, ...) gets "@k"
 * appended. The first occurrence never carries "@1". Matches the benchmark's doc_id.
 */
export function articleIds(law: Pick<LawFile, "guid" | "articles">): string[] {
  const seen = new Map<string, number>();
  return law.articles.map((article) => {
    const key = articleKey(article);
    const occurrence = (seen.get(key) ?? 0) + 1;
    seen.set(key, occurrence);
    const base = `${law.guid}#${key}`;
    return occurrence === 1 ? base : `${base}@${occurrence}`;
  });
}

/** Serialises a law file with fields in the documented order. */
export function serializeLawFile(law: LawFile, pretty: boolean): string {
  const ordered: LawFile = {
    lawName: law.lawName,
    lawNameEn: law.lawNameEn,
    lawNameEnOfficial: law.lawNameEnOfficial,
    lawNumber: law.lawNumber,
    lawDate: law.lawDate,
    guid: law.guid,
    status: law.status,
    sourceUrl: law.sourceUrl,
    issuedDate: law.issuedDate,
    articles: law.articles.map((article) => ({
      articleNumber: article.articleNumber,
      articleSuffix: article.articleSuffix,
      articleTitle: article.articleTitle,
      articleContent: article.articleContent,
    })),
  };
  return `${JSON.stringify(ordered, null, pretty ? 2 : undefined)}\n`;
}
