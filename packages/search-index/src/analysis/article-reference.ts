import { parseArabicOrdinal, type ParsedNumber } from "./ordinals";
import { tokenize } from "./normalize";

/** A cited article number found in a query: "المادة 77", "المادة السابعة والسبعون", "article 77". */
export interface ArticleReference {
  articleNumber: number;
  /** The words [start, end) that make up the reference; the number itself starts at numberStart. */
  start: number;
  numberStart: number;
  end: number;
}

const ARTICLE_WORDS = new Set(["ماده", "الماده", "والماده", "بالماده", "للماده", "article", "art", "section"]);
const NUMBER_MARKERS = new Set(["رقم", "no", "number", "num"]);

/** `words` are normalised (see `tokenize`). */
export function findArticleReference(words: readonly string[]): ArticleReference | undefined {
  for (let start = 0; start < words.length; start++) {
    if (!ARTICLE_WORDS.has(words[start] ?? "")) continue;
    const numberAt = NUMBER_MARKERS.has(words[start + 1] ?? "") ? start + 2 : start + 1;
    const parsed = parseNumber(words, numberAt);
    if (parsed) return { articleNumber: parsed.value, start, numberStart: numberAt, end: numberAt + parsed.length };
  }
  return undefined;
}

function parseNumber(words: readonly string[], at: number): ParsedNumber | undefined {
  const word = words[at] ?? "";
  if (/^\d{1,4}$/.test(word)) return { value: Number(word), length: 1 };
  return parseArabicOrdinal(words, at);
}

/** "المادة (80)", "المادة الثمانين", "المادة (الثانية)", optionally followed by "من هذا النظام". */
const IN_TEXT_REFERENCE = /(?:المادة|المادتين|للمادة|بالمادة)\s+(?:\(?\s*[\d٠-٩]+\s*\)?|\(?ال\S+(?:\s+و\S+)?(?:\s+بعد\s+\S+)?)/gu;
/** What follows a reference to another law's article: "… من نظام العمل", "… من اللائحة". */
const OTHER_LAW = /^[\s)]*من\s+(?:نظام|اللائحة|لائحة)/u;

/** Numbers of the articles of the same law that `text` (an article's content) refers to, in order, once each. */
export function referencedArticleNumbers(text: string): number[] {
  const numbers: number[] = [];
  for (const match of text.matchAll(IN_TEXT_REFERENCE)) {
    if (OTHER_LAW.test(text.slice(match.index + match[0].length, match.index + match[0].length + 40))) continue;
    const reference = findArticleReference(tokenize(match[0]));
    if (reference && !numbers.includes(reference.articleNumber)) numbers.push(reference.articleNumber);
  }
  return numbers;
}
