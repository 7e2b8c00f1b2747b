/**
 * "Your figure": when a question states a quantity ("after 8 years", "خدمتي ست سنوات") and the deciding
 * rule sets different outcomes for ranges of it ("ثلث المكافأة بعد خدمة لا تقل عن سنتين …، ويستحق ثلثيها إذا
 * زادت مدة خدمته على خمس سنوات ولم تبلغ عشر سنوات، …"), the part of the rule whose range holds the
 * question's quantity is the answer to that question, and the composer names it.
 */
import { normalizeArabic } from "@qai/search-index";
import { quantityAt } from "./figures";

/** A quantity in one unit ("year", "month", "day", "week", "hour", "riyal"). */
export interface Quantity {
  value: number;
  unit: string;
}

/** The bounds a part of a rule sets on a quantity of one unit. */
interface Range {
  min: number;
  minIncluded: boolean;
  max: number;
  maxIncluded: boolean;
}

const ENGLISH_UNIT = /\b(\d+(?:\.\d+)?)\s*(day|week|month|year|hour)s?\b/iu;
const ENGLISH_NUMBERS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"];
const ENGLISH_WORD_UNIT = new RegExp(`\\b(${ENGLISH_NUMBERS.join("|")})\\s+(day|week|month|year|hour)s?\\b`, "iu");

/** The first quantity with a unit the question states, if any. */
export function questionQuantity(question: string): Quantity | undefined {
  const digits = ENGLISH_UNIT.exec(question);
  if (digits) return { value: Number(digits[1]), unit: digits[2]!.toLowerCase() };
  const word = ENGLISH_WORD_UNIT.exec(question);
  if (word) return { value: ENGLISH_NUMBERS.indexOf(word[1]!.toLowerCase()), unit: word[2]!.toLowerCase() };
  const words = normalizeArabic(question.replace(/[٠-٩]/gu, (d) => String(d.charCodeAt(0) - 0x0660))).split(" ");
  for (let i = 0; i < words.length; i++) {
    const quantity = quantityAt(words, i);
    if (quantity) return { value: quantity.value, unit: quantity.unit };
  }
  return undefined;
}

/** Words before a figure that bound it from below or above ("لا تقل عن", "زادت مدة خدمته على", "لم تبلغ"). */
const BOUNDS: ReadonlyArray<readonly [RegExp, keyof Range, boolean]> = [
  [/(لا|الا) (تقل|يقل)( \S+){0,2} عن$/u, "min", true],
  [/(اقل من|لم (تبلغ|يبلغ)( \S+){0,2}|قبل)$/u, "max", false],
  [/(لا|الا|لم) (تزيد|يزيد|تتجاوز|يتجاوز)( \S+){0,2} (علي|عن)$/u, "max", true],
  [/((زادت|زاد|جاوزت|جاوز|تجاوزت|تجاوز)( \S+){0,3} (علي|عن)|اكثر من)$/u, "min", false],
  [/(بلغت|بلغ)( \S+){0,3}$/u, "min", true],
  [/(امضي|قضي)( \S+){0,4}$/u, "min", true],
];

/** The range a part of a rule sets on quantities of `unit`, or undefined when it sets none. */
function rangeOf(part: string, unit: string): Range | undefined {
  const words = normalizeArabic(part).split(" ");
  const range: Range = { min: -Infinity, minIncluded: false, max: Infinity, maxIncluded: false };
  let bounded = false;
  for (let i = 0; i < words.length; i++) {
    const quantity = quantityAt(words, i);
    if (!quantity) continue;
    const before = words.slice(Math.max(0, i - 5), i).join(" ");
    i = quantity.end - 1;
    if (quantity.unit !== unit) continue;
    for (const [pattern, side, included] of BOUNDS) {
      if (!pattern.test(before)) continue;
      if (side === "min") Object.assign(range, { min: quantity.value, minIncluded: included });
      else Object.assign(range, { max: quantity.value, maxIncluded: included });
      bounded = true;
      break;
    }
  }
  return bounded ? range : undefined;
}

function holds(range: Range, value: number): boolean {
  const aboveMin = range.minIncluded ? value >= range.min : value > range.min;
  const belowMax = range.maxIncluded ? value <= range.max : value < range.max;
  return aboveMin && belowMax;
}

/** "ولا تزيد على خمس سنوات" after "… لا تقل مدتها عن سنتين": the other bound of the part before it. */
const CONTINUATION = /^و\s?(لا|لم)\s/u;

interface RangedPart {
  part: string;
  range: Range;
}

/** The rule's parts (split at its commas) that bound the quantity's unit, a continuing bound joined to its part. */
function rangedParts(rule: string, unit: string): RangedPart[] {
  const ranged: RangedPart[] = [];
  let previous: RangedPart | undefined;
  for (const part of rule.split(/[،,؛;]\s*/u).map((text) => text.trim().replace(/\.$/u, "")).filter(Boolean)) {
    const range = rangeOf(part, unit);
    const last = ranged[ranged.length - 1];
    if (range && last && last === previous && CONTINUATION.test(normalizeArabic(part)) && oneSided(last.range) && oneSided(range)) {
      last.part = `${last.part}، ${part}`;
      last.range = {
        min: Math.max(last.range.min, range.min),
        minIncluded: last.range.min >= range.min ? last.range.minIncluded : range.minIncluded,
        max: Math.min(last.range.max, range.max),
        maxIncluded: last.range.max <= range.max ? last.range.maxIncluded : range.maxIncluded,
      };
      continue;
    }
    previous = range ? { part, range } : undefined;
    if (previous) ranged.push(previous);
  }
  return ranged;
}

function oneSided(range: Range): boolean {
  return range.min === -Infinity || range.max === Infinity;
}

/** Whether `a` bounds the quantity more closely than `b`: a narrower range, else a higher floor or a lower ceiling. */
function narrower(a: Range, b: Range): boolean {
  const widthA = a.max - a.min;
  const widthB = b.max - b.min;
  if (widthA !== widthB) return widthA < widthB;
  return a.min > b.min || a.max < b.max;
}

/**
 * The part of `rule` whose range holds `quantity`: the narrowest such part, and only when another part's
 * range does not hold it (the rule tells the cases apart). Undefined otherwise.
 */
export function partFor(rule: string, quantity: Quantity): string | undefined {
  const ranged = rangedParts(rule, quantity.unit);
  const holding = ranged.filter(({ range }) => holds(range, quantity.value));
  if (holding.length === 0 || holding.length === ranged.length) return undefined;
  return holding.reduce((best, candidate) => (narrower(candidate.range, best.range) ? candidate : best)).part;
}
