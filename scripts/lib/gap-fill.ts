/**
 * Fills articles missing from a BOE law (ansvar-boe) with the same articles from a complete
 * Markdown copy (saudi-laws-md). Articles present in the BOE data are never replaced.
 */
import { parseArabicOrdinal } from "./article-heading";
import { toAsciiDigits } from "./arabic-text";
import { articleKey, type LawArticle } from "./law-file";

export const BIS = "مكرر";

export interface FillResult {
  articles: LawArticle[];
  /** Keys ("1", "79مكرر") of the articles taken from the Markdown copy. */
  filled: string[];
  /** Keys of BOE records renumbered as "<n>مكرر" (see relabelMisplacedBis). */
  relabelled: string[];
}

const ADDITION_NOTE = /^[-\s*]*(?:تم\s+)?(?:إضافة|اضافة|أُضيفت|أضيفت)\s+مادة/;
const BIS_REFERENCE = /\(\s*(?:المادة\s+)?([^()]{1,80}?)\s*مكرر(?:ا|\u064B)*\s*\)/;
const NOTE_HEAD_LENGTH = 300;

/**
 * The article number a BOE record announces as a new bis article when its content *starts* with
 * an addition note such as "إضافة مادة ... يكون ترتيبها ( الحادية والثلاثين بعد المائة مكرر )".
 */
export function announcedBisNumber(content: string): number | undefined {
  const head = content.slice(0, NOTE_HEAD_LENGTH);
  if (!ADDITION_NOTE.test(head)) return undefined;
  const reference = BIS_REFERENCE.exec(head)?.[1]?.trim();
  if (!reference) return undefined;
  const digits = toAsciiDigits(reference);
  return /^\d+$/.test(digits) ? Number(digits) : parseArabicOrdinal(reference);
}

/**
 * Some BOE records carry the heading of article N but the content of the later-added article
 * "N مكرر" (the portal page shows both; the upstream scraper kept one heading). When the
 * Markdown copy has both N and N مكرر and the BOE data has no N مكرر, the record is renumbered
 * N مكرر (with the Markdown heading) so that N itself can be filled.
 */
function relabelMisplacedBis(articles: LawArticle[], complete: Map<string, LawArticle>): string[] {
  const keys = new Set(articles.map(articleKey));
  const relabelled: string[] = [];
  for (const [index, article] of articles.entries()) {
    if (article.articleSuffix !== "") continue;
    const bisKey = `${article.articleNumber}${BIS}`;
    const bisHeading = complete.get(bisKey);
    if (!bisHeading || keys.has(bisKey) || !complete.has(articleKey(article))) continue;
    if (announcedBisNumber(article.articleContent) !== article.articleNumber) continue;
    articles[index] = { ...article, articleSuffix: BIS, articleTitle: bisHeading.articleTitle };
    keys.add(bisKey);
    relabelled.push(bisKey);
  }
  return relabelled;
}

/** Orders keys as the law does: by number, the plain article before its "مكرر" variants. */
function compareKeys(a: LawArticle, b: LawArticle): number {
  if (a.articleNumber !== b.articleNumber) return a.articleNumber - b.articleNumber;
  if (a.articleSuffix === b.articleSuffix) return 0;
  if (a.articleSuffix === "") return -1;
  if (b.articleSuffix === "") return 1;
  return a.articleSuffix < b.articleSuffix ? -1 : 1;
}

/** Inserts right after the first occurrence of the greatest smaller key (or at the start). */
function insertInOrder(articles: LawArticle[], article: LawArticle): void {
  const seen = new Set<string>();
  let after = -1;
  let best: LawArticle | undefined;
  for (const [index, candidate] of articles.entries()) {
    const key = articleKey(candidate);
    if (seen.has(key)) continue;
    seen.add(key);
    if (compareKeys(candidate, article) < 0 && (!best || compareKeys(candidate, best) > 0)) {
      best = candidate;
      after = index;
    }
  }
  articles.splice(after + 1, 0, article);
}

/** First occurrence of every key of the Markdown copy. */
function indexByKey(articles: LawArticle[]): Map<string, LawArticle> {
  const byKey = new Map<string, LawArticle>();
  for (const article of articles) if (!byKey.has(articleKey(article))) byKey.set(articleKey(article), article);
  return byKey;
}

export function fillMissingArticles(boeArticles: LawArticle[], mdArticles: LawArticle[]): FillResult {
  const articles = boeArticles.map((article) => ({ ...article }));
  const complete = indexByKey(mdArticles);
  const relabelled = relabelMisplacedBis(articles, complete);
  const present = new Set(articles.map(articleKey));
  const missing = [...complete.values()].filter(
    (article) => !present.has(articleKey(article)) && article.articleContent !== "",
  );
  for (const article of missing) insertInOrder(articles, article);
  return { articles, filled: missing.map(articleKey), relabelled };
}
