import { createHash } from "node:crypto";
import type { LawFile } from "./law-file";

export type LawStatus = "in_force" | "repealed";

export interface LawRecord {
  /** The BOE GUID of the law (or a stable hash of its name when a file has none). */
  id: string;
  /** The BOE GUID when the file had one. */
  guid?: string;
  lawName: string;
  lawNameEn?: string;
  /** true: `lawNameEn` is the source's official title; false: written by the product; absent: unknown. */
  lawNameEnOfficial?: boolean;
  lawNumber?: string;
  lawDate?: string;
  status: LawStatus;
  sourceUrl: string;
  issuedDate?: string;
  articleCount: number;
  importedAt: string;
}

export interface ArticleRecord {
  /** "<law id>#<article number><suffix>", plus "@k" for the k-th repeat of a number in one law. */
  id: string;
  lawId: string;
  lawName: string;
  lawNameEn?: string;
  lawNumber?: string;
  lawDate?: string;
  status: LawStatus;
  sourceUrl: string;
  articleNumber: number;
  articleSuffix: string;
  articleTitle: string;
  articleContent: string;
  /** Order of the article in its law. */
  position: number;
}

/** The official BOE page of a law. */
export function officialUrl(guid: string): string {
  return `https://laws.boe.gov.sa/BoeLaws/Laws/LawDetails/${guid}/1`;
}

export function lawIdOf(file: LawFile): string {
  return file.guid ?? `law-${createHash("sha256").update(file.lawName).digest("hex").slice(0, 32)}`;
}

/** A law file as the records to store. */
export function recordsOf(file: LawFile, importedAt: string): { law: LawRecord; articles: ArticleRecord[] } {
  const id = lawIdOf(file);
  const law: LawRecord = {
    id,
    guid: file.guid,
    lawName: file.lawName,
    lawNameEn: file.lawNameEn,
    lawNameEnOfficial: file.lawNameEnOfficial,
    lawNumber: file.lawNumber,
    lawDate: file.lawDate,
    status: file.status,
    sourceUrl: file.sourceUrl ?? (file.guid ? officialUrl(file.guid) : ""),
    issuedDate: file.issuedDate,
    articleCount: file.articles.length,
    importedAt,
  };
  const seen = new Map<string, number>();
  const articles = file.articles.map((article, position): ArticleRecord => {
    const base = `${id}#${article.articleNumber}${article.articleSuffix}`;
    const repeat = (seen.get(base) ?? 0) + 1;
    seen.set(base, repeat);
    return {
      id: repeat === 1 ? base : `${base}@${repeat}`,
      lawId: id,
      lawName: law.lawName,
      lawNameEn: law.lawNameEn,
      lawNumber: law.lawNumber,
      lawDate: law.lawDate,
      status: law.status,
      sourceUrl: law.sourceUrl,
      articleNumber: article.articleNumber,
      articleSuffix: article.articleSuffix,
      articleTitle: article.articleTitle,
      articleContent: article.articleContent,
      position,
    };
  });
  return { law, articles };
}

/** A stored law and its articles (in order) back in the law-file format of spec §3. */
export function lawFileOf(law: LawRecord, articles: readonly ArticleRecord[]) {
  return {
    lawName: law.lawName,
    lawNameEn: law.lawNameEn ?? null,
    lawNameEnOfficial: law.lawNameEnOfficial ?? null,
    lawNumber: law.lawNumber ?? null,
    lawDate: law.lawDate ?? null,
    guid: law.guid ?? null,
    status: law.status,
    sourceUrl: law.sourceUrl || null,
    issuedDate: law.issuedDate ?? null,
    articles: [...articles]
      .sort((a, b) => a.position - b.position)
      .map((article) => ({
        articleNumber: article.articleNumber,
        articleSuffix: article.articleSuffix,
        articleTitle: article.articleTitle,
        articleContent: article.articleContent,
      })),
  };
}
