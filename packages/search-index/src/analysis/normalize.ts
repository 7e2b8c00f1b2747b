/**
 * Arabic orthographic normalisation: the spelling variants one word is written with fold onto one form
 * (أ/إ/آ/ٱ → ا, ى → ي, ة → ه, ؤ → و, ئ → ي but ئو → وو, مائة → مئة, ء dropped but after a word-final alef), tashkeel and tatweel
 * disappear, Arabic-Indic and Persian digits become ASCII, Latin is lower-cased and punctuation becomes a space.
 */

const FOLD: Readonly<Record<string, string>> = {
  "\u0623": "\u0627", // أ
  "\u0625": "\u0627", // إ
  "\u0622": "\u0627", // آ
  "\u0671": "\u0627", // ٱ
  "\u0649": "\u064A", // ى
  "\u06CC": "\u064A", // Persian ی
  "\u06A9": "\u0643", // Persian ک
  "\u0629": "\u0647", // ة
  "\u0624": "\u0648", // ؤ
  "\u0626": "\u064A", // ئ
};

/** Tashkeel, superscript alef, Quranic marks and tatweel. */
const REMOVED = /[\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g;
/**
 * The lone hamza, except after an alef at the end of a word: "إنهاء", "انتهاء" keep it, or the stemmer
 * reads their "ها"/"تها" as a pronoun suffix and leaves "ان", the stem of "الآن" (the notice-period
 * question then ranked the article on a missed notice above the one setting it).
 */
const LONE_HAMZA = /(?<!\u0627)\u0621|\u0621(?=\p{L})/gu;
/**
 * The hamza on a ya before a waw, the older spelling of the hamza on a waw: "مسئولية"/"مسؤولية", "شئون"/"شؤون"
 * (older laws write the first, newer ones and questions the second).
 */
const HAMZA_BEFORE_WAW = /\u0626(?=\u0648)/g;
/** "مائة" (the laws) and "مئة" (newer writing) are one number, as are their duals and compounds (مائتين، ثلاثمائة). */
const HUNDRED_ALEF = /\u0645\u0627\u0626(?=[\u0629\u062A\u0647])/g;
const FOLDED = /[\u0623\u0625\u0622\u0671\u0649\u06CC\u06A9\u0629\u0624\u0626]/g;
const EASTERN_DIGIT = /[\u0660-\u0669\u06F0-\u06F9]/g;
/** Anything that is neither a letter nor a digit (Arabic punctuation ، ؛ ؟ « » included). */
const NON_WORD = /[^\p{L}\p{N}]+/gu;

function asciiDigit(digit: string): string {
  const code = digit.charCodeAt(0);
  return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
}

export function normalizeArabic(text: string): string {
  return text
    .replace(REMOVED, "")
    .replace(LONE_HAMZA, "")
    .replace(HAMZA_BEFORE_WAW, "\u0624")
    .replace(HUNDRED_ALEF, "\u0645\u0626")
    .replace(FOLDED, (char) => FOLD[char] ?? char)
    .replace(EASTERN_DIGIT, asciiDigit)
    .toLowerCase()
    .replace(NON_WORD, " ")
    .trim();
}

/** Normalised words of `text`. */
export function tokenize(text: string): string[] {
  const normalized = normalizeArabic(text);
  return normalized === "" ? [] : normalized.split(" ");
}

const ARABIC_LETTER = /[\u0600-\u06FF]/;

export function isArabicWord(word: string): boolean {
  return ARABIC_LETTER.test(word);
}
