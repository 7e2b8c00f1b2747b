/**
 * Figures in article text: a number (digits or Arabic words, "واحد وعشرين") with its unit of time,
 * money or share. Questions asking "how long / how much" are answered by the clause stating one, and
 * English answers state the figures in English.
 */
import { normalizeArabic } from "@qai/search-index";

const ASKS = /(^| )[فو]?(كم|مده|متي(?! (?:يحق|يجوز|يمكن|يستطيع|يقدر)(?: |$))|مهله|نسبه|مقدار|اقصي|ادني|خلال|how long|how much|how many|how soon|maximum|minimum|percentage|deadline|within|when(?! (?:can|may|does|do)\b)|period|duration)( |$)/u;

const VALUES: Readonly<Record<string, number>> = {
  واحد: 1, احد: 1, اثنين: 2, اثنان: 2, ثلاث: 3, ثلاثه: 3, اربع: 4, اربعه: 4, خمس: 5, خمسه: 5, ست: 6, سته: 6, سبع: 7, سبعه: 7,
  ثمان: 8, ثماني: 8, ثمانيه: 8, تسع: 9, تسعه: 9, عشر: 10, عشره: 10, عشرين: 20, عشرون: 20, ثلاثين: 30, ثلاثون: 30, اربعين: 40,
  اربعون: 40, خمسين: 50, خمسون: 50, ستين: 60, ستون: 60, سبعين: 70, سبعون: 70, ثمانين: 80, ثمانون: 80, تسعين: 90, تسعون: 90,
  مايه: 100, ميه: 100, مايتين: 200, مايتان: 200, ميتين: 200, ميتان: 200, مايتي: 200, ميتي: 200, الف: 1000, الفين: 2000,
  // ثلاثمائة … تسعمائة, as normalised ("خمسميه") or written without the hamza ("خمسمايه").
  ...Object.fromEntries(
    ["ثلاث", "اربع", "خمس", "ست", "سبع", "ثمان", "تسع"].flatMap((root, at) => [`${root}ميه`, `${root}مايه`].map((word) => [word, (at + 3) * 100])),
  ),
};

/** Unit words → [English singular, plural]; dual forms carry their own count. */
const UNITS: ReadonlyArray<readonly [RegExp, string, string, number?]> = [
  [/^(يوما|يوم|ايام)$/u, "day", "days"],
  [/^يومين$/u, "day", "days", 2],
  [/^(اسبوع|اسابيع|اسبوعا)$/u, "week", "weeks"],
  [/^(شهر|شهرا|اشهر|شهور)$/u, "month", "months"],
  [/^شهرين$/u, "month", "months", 2],
  [/^(سنه|سنوات|سنين|عام|اعوام|عاما)$/u, "year", "years"],
  [/^(سنتين|عامين)$/u, "year", "years", 2],
  [/^(ساعه|ساعات)$/u, "hour", "hours"],
  [/^ساعتين$/u, "hour", "hours", 2],
  [/^(ريال|ريالا)$/u, "riyal", "riyals"],
];

/** Shares of an amount ("ثلثي المكافأة", "بثلاثة أرباع الأجر"), after normalisation; a preceding number word counts them. */
const FRACTIONS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^و?ب?(ال)?(ثلثي|ثلثا)(ها|ه)?$/u, "two thirds"],
  [/^و?ب?(ال)?ثلث(ها|ه)?$/u, "one third"],
  [/^و?ب?(ال)?نصف(ها|ه)?$/u, "half"],
  [/^و?ب?(ال)?ربع(ها|ه)?$/u, "one quarter"],
];

/** What a share is of, when the next word says: "three quarters of the pay", "one third of the award". */
const SHARE_OF: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(ال)?اجر$/u, "of the pay"],
  [/^(ال)?مكافاه$/u, "of the award"],
  [/^(ال)?تعويض$/u, "of the compensation"],
];

/** "three quarters of the pay" for "ثلاثه ارباع الاجر", "two thirds" for "ثلثيها": a share the words at `i` state, and where it ends. */
function fractionAt(words: readonly string[], i: number): { text: string; end: number } | undefined {
  const count = valueOf(words[i]!.replace(/^و?ب/u, ""));
  let share: { text: string; end: number } | undefined;
  if (count !== undefined && count > 1 && count < 10 && /^(ال)?ارباع(ها|ه)?$/u.test(words[i + 1] ?? "")) share = { text: `${["", "", "two", "three"][count] ?? count} quarters`, end: i + 2 };
  else for (const [pattern, text] of FRACTIONS) if (!share && pattern.test(words[i]!)) share = { text, end: i + 1 };
  if (!share) return undefined;
  if (/^اجر$/u.test(words[share.end] ?? "") && /^شهر$/u.test(words[share.end + 1] ?? "")) return { text: `${share.text} of a month's pay`, end: share.end + 2 };
  const of = SHARE_OF.find(([pattern]) => pattern.test(words[share.end] ?? ""));
  return of ? { text: `${share.text} ${of[1]}`, end: share.end + 1 } : share;
}

function unitOf(word: string): { one: string; many: string; dual?: number } | undefined {
  const bare = word.replace(/^(ال|بال|لل)/u, "");
  for (const [pattern, one, many, dual] of UNITS) if (pattern.test(bare)) return { one, many, ...(dual && { dual }) };
  return undefined;
}

function valueOf(word: string): number | undefined {
  if (/^\d+$/u.test(word)) return Number(word);
  const bare = word.replace(/^و?(ال)?/u, "");
  return VALUES[bare] ?? VALUES[word];
}

/** "واحد وعشرين" → 21, "خمسه عشر" → 15, "مايه وعشرين" → 120: the value of number words starting at `i`. */
function numberAt(words: readonly string[], i: number): { value: number; end: number } | undefined {
  let total = 0;
  let end = i;
  while (end < words.length) {
    const value = valueOf(words[end]!);
    if (value === undefined) break;
    if (value === 1000 && total > 0) total *= 1000;
    else if (value === 10 && total > 0 && total < 10 && !words[end]!.startsWith("و")) total += 10; // خمسة عشر
    else total += value;
    end += 1;
  }
  return end > i ? { value: total, end } : undefined;
}

/** A figure with its unit at word `i` ("خمس سنوات", "سنتين", "8 اشهر"): its value, unit ("year") and the word after it. */
export function quantityAt(words: readonly string[], i: number): { value: number; unit: string; end: number } | undefined {
  const dual = unitOf(words[i]!);
  if (dual?.dual) return { value: dual.dual, unit: dual.one, end: i + 1 };
  const number = numberAt(words, i);
  const unit = number && unitOf(words[number.end] ?? "");
  return number && unit ? { value: number.value, unit: unit.one, end: number.end + 1 } : undefined;
}

/**
 * The figures a text states, in English ("21 days", "2 months", "50,000 riyals", "5%", "two thirds"), in order,
 * without repeats.
 */
export function englishFigures(text: string): string[] {
  const words = normalizeArabic(text.replace(/%/g, " بالمايه ")).split(" ");
  const figures: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const dual = unitOf(words[i]!);
    if (dual?.dual && valueOf(words[i - 1] ?? "") === undefined) {
      figures.push(`${dual.dual} ${dual.many}`);
      continue;
    }
    const fraction = fractionAt(words, i);
    if (fraction) {
      figures.push(fraction.text);
      i = fraction.end - 1;
      continue;
    }
    const number = numberAt(words, i);
    if (!number) continue;
    const unit = unitOf(words[number.end] ?? "") ?? unitOf(words[number.end + 1] ?? "");
    const percentWords = percentAt(words, number.end);
    if (percentWords > 0) figures.push(`${number.value}%`);
    else if (unit) figures.push(`${number.value.toLocaleString("en-US")} ${number.value === 1 ? unit.one : unit.many}`);
    i = number.end + percentWords - 1;
  }
  return [...new Set(figures)];
}

/** The words of a percent sign at `i`: "(5%)", "خمسة بالمائة" (1), "ستين في المائة" (2; مائة and مئة normalise alike), or 0. */
function percentAt(words: readonly string[], i: number): number {
  if (/^(بالمايه|بالميه|%)$/u.test(words[i] ?? "")) return 1;
  return words[i] === "في" && /^(المايه|الميه)$/u.test(words[i + 1] ?? "") ? 2 : 0;
}

export function asksForFigure(question: string): boolean {
  return ASKS.test(normalizeArabic(question));
}

export function statesFigure(text: string): boolean {
  return englishFigures(text).length > 0;
}
