/**
 * Arabic ordinal article numbers on normalised words: "السابعه والسبعون" → 77,
 * "الحاديه عشره" → 11, "الثامنه عشره بعد المايتين" → 218, "الخمسمايه" → 500.
 */

const UNITS: ReadonlyArray<readonly [number, readonly string[]]> = [
  [1, ["الاول", "الاولي", "الحادي", "الحاديه"]],
  [2, ["الثاني", "الثانيه"]],
  [3, ["الثالث", "الثالثه"]],
  [4, ["الرابع", "الرابعه"]],
  [5, ["الخامس", "الخامسه"]],
  [6, ["السادس", "السادسه"]],
  [7, ["السابع", "السابعه"]],
  [8, ["الثامن", "الثامنه"]],
  [9, ["التاسع", "التاسعه"]],
  [10, ["العاشر", "العاشره"]],
];
const TEN_WORDS = new Set(["عشر", "عشره"]);
const TENS = ["عشر", "ثلاث", "اربع", "خمس", "ست", "سبع", "ثمان", "تسع"];
const HUNDREDS = ["", "", "ثلاث", "اربع", "خمس", "ست", "سبع", "ثمان", "تسع"];

function table(entries: Iterable<readonly [number, readonly string[]]>): ReadonlyMap<string, number> {
  const map = new Map<string, number>();
  for (const [value, words] of entries) for (const word of words) map.set(word, value);
  return map;
}

const UNIT_VALUES = table(UNITS);
const TENS_VALUES = table(TENS.map((root, i) => [(i + 2) * 10, [`ال${root}ون`, `ال${root}ين`]] as const));
const HUNDRED_VALUES = table([
  [100, ["المايه", "الميه"]],
  [200, ["المايتان", "المايتين", "الميتان", "الميتين"]],
  ...HUNDREDS.slice(2).map((root, i) => [(i + 3) * 100, [`ال${root}مايه`, `ال${root}ميه`, `ال${root}يمايه`]] as const),
]);

export interface ParsedNumber {
  value: number;
  /** Words consumed. */
  length: number;
}

/** Reads an ordinal starting at `words[start]`; undefined when there is none. */
export function parseArabicOrdinal(words: readonly string[], start: number): ParsedNumber | undefined {
  let i = start;
  let value = 0;
  const unit = UNIT_VALUES.get(words[i] ?? "");
  if (unit !== undefined) {
    value = unit;
    i += 1;
    if (unit < 10 && TEN_WORDS.has(words[i] ?? "")) {
      value += 10;
      i += 1;
    }
  }
  if (value > 0 && words[i] === "و") i += 1; // "الحادية و الستون"
  const tens = TENS_VALUES.get(withoutAnd(words[i]));
  if (tens !== undefined && value < 10) {
    value += tens;
    i += 1;
  }
  const hundredsWord = value === 0 ? words[i] : words[i] === "بعد" ? words[i + 1] : undefined;
  const hundreds = HUNDRED_VALUES.get(hundredsWord ?? "");
  if (hundreds !== undefined) {
    value += hundreds;
    i += value === hundreds ? 1 : 2;
  }
  return value === 0 ? undefined : { value, length: i - start };
}

/** "والعشرون" → "العشرون"; the و is optional (sources sometimes drop it). */
function withoutAnd(word: string | undefined): string {
  return word?.startsWith("وال") ? word.slice(1) : (word ?? "");
}
