import { parseArabicOrdinal, type ParsedNumber } from "./ordinals";

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
