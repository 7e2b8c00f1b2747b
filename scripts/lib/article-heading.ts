/**
 * Parses Saudi statute article headings ("المادة الحادية والعشرون بعد المائة مكرر : ...") into an
 * article number and suffix. The number comes from the Arabic ordinal words (or from digits when
 * the heading is numeric, e.g. "المادة (14) مكرراً"), never from any other field.
 */
import { foldArabic } from "./arabic-text";

export interface ArticleHeading {
  /** Article number parsed from the ordinal, e.g. 121. */
  number: number;
  /** "" or "مكرر" (or "مكرر ثانياً" etc. when the heading says so). */
  suffix: string;
}

type OrdinalWord =
  | { kind: "unit"; value: number }
  | { kind: "teen" }
  | { kind: "tens"; value: number }
  | { kind: "hundreds"; value: number }
  | { kind: "hundredsMultiplier"; value: number };

const WORDS: ReadonlyArray<readonly [string, OrdinalWord]> = [
  ...unitWords(),
  ["عشر", { kind: "teen" }],
  ["عشرة", { kind: "teen" }],
  ...tensWords(),
  ...hundredsWords(),
];

function unitWords(): Array<[string, OrdinalWord]> {
  const stems: Array<[string[], number]> = [
    [["أول", "أولى", "حادي", "حادية"], 1],
    [["ثاني", "ثانية"], 2],
    // Cardinal spellings (ثلاثة, أربعة ...) occur as typos in a few BOE headings.
    [["ثالث", "ثالثة", "ثلاثة"], 3],
    [["رابع", "رابعة", "أربعة"], 4],
    [["خامس", "خامسة", "خمسة"], 5],
    [["سادس", "سادسة", "ستة"], 6],
    [["سابع", "سابعة", "سبعة"], 7],
    [["ثامن", "ثامنة", "ثمانية"], 8],
    [["تاسع", "تاسعة", "تسعة"], 9],
    [["عاشر", "عاشرة"], 10],
  ];
  return stems.flatMap(([forms, value]) => forms.map((form): [string, OrdinalWord] => [form, { kind: "unit", value }]));
}

function tensWords(): Array<[string, OrdinalWord]> {
  const stems: Array<[string, number]> = [
    ["عشر", 20],
    ["ثلاث", 30],
    ["أربع", 40],
    ["خمس", 50],
    ["ست", 60],
    ["سبع", 70],
    ["ثمان", 80],
    ["تسع", 90],
  ];
  // Nominative "-ون" and genitive/accusative "-ين" forms: العشرون / العشرين.
  return stems.flatMap(([stem, value]): Array<[string, OrdinalWord]> => [
    [`${stem}ون`, { kind: "tens", value }],
    [`${stem}ين`, { kind: "tens", value }],
  ]);
}

function hundredsWords(): Array<[string, OrdinalWord]> {
  const words: Array<[string, OrdinalWord]> = [];
  const hundred = ["مائة", "مئة"];
  const twoHundred = ["مائتان", "مائتين", "مئتان", "مئتين"];
  hundred.forEach((form) => words.push([form, { kind: "hundreds", value: 100 }]));
  twoHundred.forEach((form) => words.push([form, { kind: "hundreds", value: 200 }]));
  const multipliers: Array<[string[], number]> = [
    [["ثلاث"], 3],
    [["أربع"], 4],
    [["خمس"], 5],
    [["ست"], 6],
    [["سبع"], 7],
    [["ثمان", "ثماني"], 8],
    [["تسع"], 9],
  ];
  for (const [forms, value] of multipliers) {
    for (const form of forms) {
      // Joined spelling "ثلاثمائة" and split spelling "ثلاث مائة".
      hundred.forEach((h) => words.push([`${form}${h}`, { kind: "hundreds", value: value * 100 }]));
      words.push([form, { kind: "hundredsMultiplier", value }]);
    }
  }
  return words;
}

const WORD_TABLE: ReadonlyMap<string, OrdinalWord> = new Map(WORDS.map(([word, meaning]) => [foldArabic(word), meaning]));

const BIS_WORDS = new Set(["مكرر", "مكررا"].map(foldArabic));
const BIS_ORDER_WORDS: ReadonlyMap<string, string> = new Map(
  ["ثانياً", "ثالثاً", "رابعاً", "خامساً", "سادساً", "سابعاً", "ثامناً", "تاسعاً", "عاشراً"].map((word) => [
    foldArabic(word).replace(/ا$/, ""),
    word,
  ]),
);
const HEADING_PREFIX = /^\s*(?:ال)?ماده\s*(?:رقم\s*)?/;

/** Splits folded text into word tokens and single-character separator tokens. */
function tokenize(folded: string): string[] {
  return folded.match(/[^\s:：.\-–—،,()[\]]+|[:：.\-–—،,()[\]]/g) ?? [];
}

/** Classifies one token as an ordinal word, accepting a leading "و" and "ال". */
export function classifyOrdinalWord(token: string | undefined): OrdinalWord | undefined {
  if (token === undefined) return undefined;
  const candidates = [token];
  if (token.startsWith("و") && token.length > 2) candidates.push(token.slice(1));
  for (const candidate of candidates) {
    const bare = candidate.startsWith("ال") ? candidate.slice(2) : candidate;
    const meaning = WORD_TABLE.get(bare);
    if (meaning) return meaning;
  }
  return undefined;
}

interface OrdinalMatch {
  value: number;
  next: number;
}

/** Reads "<hundreds>" at `at` (one word, or a multiplier + "مائة"). */
function readHundreds(tokens: string[], at: number): OrdinalMatch | undefined {
  const word = classifyOrdinalWord(tokens[at]);
  if (word?.kind === "hundreds") return { value: word.value, next: at + 1 };
  if (word?.kind === "hundredsMultiplier") {
    const following = classifyOrdinalWord(tokens[at + 1]);
    if (following?.kind === "hundreds" && following.value === 100) return { value: word.value * 100, next: at + 2 };
  }
  return undefined;
}

/** Reads an optional "بعد <hundreds>" tail. */
function readAfterHundreds(tokens: string[], at: number): OrdinalMatch {
  if (tokens[at] !== "بعد") return { value: 0, next: at };
  const hundreds = readHundreds(tokens, at + 1);
  return hundreds ?? { value: 0, next: at };
}

/** Reads "<unit> [عشرة | [و] <tens>]" starting at a unit word. */
function readUnitPhrase(tokens: string[], at: number, unit: number): OrdinalMatch {
  if (unit >= 10) return { value: unit, next: at + 1 };
  const next = classifyOrdinalWord(tokens[at + 1]);
  // "الحادية عشرة"; also the BOE typo "الحادية العاشرة" (= 11).
  const isTeen = next?.kind === "teen" || (next?.kind === "unit" && next.value === 10);
  if (isTeen) return { value: unit + 10, next: at + 2 };
  const tensAt = tokens[at + 1] === "و" ? at + 2 : at + 1;
  const tens = classifyOrdinalWord(tokens[tensAt]);
  if (tens?.kind === "tens") return { value: unit + tens.value, next: tensAt + 1 };
  return { value: unit, next: at + 1 };
}

/**
 * Parses an ordinal phrase such as "الحادية عشرة بعد المائتين" (211), "الخامسة والأربعون" (45),
 * "المائة" (100), "المئتان" (200), "الثلاثمائة" (300) from tokens[at]. Returns undefined when the
 * tokens do not start with an ordinal.
 */
export function readOrdinal(tokens: string[], at: number): OrdinalMatch | undefined {
  const first = classifyOrdinalWord(tokens[at]);
  if (!first) return undefined;
  if (first.kind === "hundreds" || first.kind === "hundredsMultiplier") return readHundreds(tokens, at);
  let head: OrdinalMatch;
  if (first.kind === "unit") head = readUnitPhrase(tokens, at, first.value);
  else if (first.kind === "tens") head = { value: first.value, next: at + 1 };
  else return undefined;
  const tail = readAfterHundreds(tokens, head.next);
  return { value: head.value + tail.value, next: tail.next };
}

/** Parses the Arabic ordinal words of a phrase (without "المادة"), e.g. "الثانية والعشرون". */
export function parseArabicOrdinal(phrase: string): number | undefined {
  const tokens = tokenize(foldArabic(phrase));
  const match = readOrdinal(tokens, 0);
  return match && match.next === tokens.length ? match.value : undefined;
}

function readNumber(tokens: string[], at: number): OrdinalMatch | undefined {
  let pos = at;
  while (tokens[pos] === "(") pos++;
  const token = tokens[pos];
  if (token === undefined || !/^\d+$/.test(token)) return readOrdinal(tokens, pos);
  return { value: Number(token), next: pos + 1 };
}

function readSuffix(tokens: string[], at: number): string {
  let pos = at;
  while (tokens[pos] === ")" || tokens[pos] === "(") pos++;
  const token = tokens[pos];
  if (token === undefined || !BIS_WORDS.has(token)) return "";
  const order = BIS_ORDER_WORDS.get((tokens[pos + 1] ?? "").replace(/ا$/, ""));
  return order ? `مكرر ${order}` : "مكرر";
}

/**
 * Parses an article heading. Accepts "المادة <ordinal words>", "المادة (12)", "المادة 12",
 * "المادة رقم (12)", each optionally followed by "مكرر"/"مكرراً" and by a subtitle.
 * Returns undefined when the heading has no recognisable article number.
 */
export function parseArticleHeading(title: string): ArticleHeading | undefined {
  const folded = foldArabic(title);
  const prefix = HEADING_PREFIX.exec(folded);
  if (!prefix) return undefined;
  const tokens = tokenize(folded.slice(prefix[0].length));
  const number = readNumber(tokens, 0);
  if (!number || number.value <= 0) return undefined;
  return { number: number.value, suffix: readSuffix(tokens, number.next) };
}

/** The heading as displayed: single-spaced, trimmed, without trailing colons. */
export function cleanArticleTitle(title: string): string {
  return title
    .replace(/[\s\u00A0]+/g, " ")
    .replace(/[\s:：]+$/u, "")
    .trim();
}
