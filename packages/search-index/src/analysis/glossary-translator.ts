import { GLOSSARY } from "./glossary";
import { stemEnglish } from "./english-stemmer";
import { normalizeArabic } from "./normalize";
import { isEnglishStopWord } from "./stopwords";

/** One English phrase found in the glossary: the words it covers and its Arabic rendering. */
export interface GlossaryMatch {
  /** Words consumed from the input. */
  length: number;
  /** Normalised Arabic words; each entry lists the alternatives for one word position. */
  arabic: string[][];
}

interface Lookup {
  exact: ReadonlyMap<string, string>;
  stemmed: ReadonlyMap<string, string>;
  longest: number;
}

function stemPhrase(words: readonly string[]): string {
  return words.map(stemEnglish).join(" ");
}

function buildLookup(): Lookup {
  const exact = new Map<string, string>();
  const stemmed = new Map<string, string>();
  let longest = 1;
  for (const [english, arabic] of GLOSSARY) {
    const words = english.split(" ");
    longest = Math.max(longest, words.length);
    exact.set(english, arabic);
    const key = stemPhrase(words);
    if (!stemmed.has(key)) stemmed.set(key, arabic);
  }
  return { exact, stemmed, longest };
}

const LOOKUP = buildLookup();

function lookup(words: readonly string[]): string | undefined {
  const [first] = words;
  if (words.length === 1 && first !== undefined && isEnglishStopWord(first)) return undefined;
  return LOOKUP.exact.get(words.join(" ")) ?? LOOKUP.stemmed.get(stemPhrase(words));
}

/** The longest glossary phrase starting at `words[start]` (lower-case English words). */
export function matchGlossary(words: readonly string[], start: number): GlossaryMatch | undefined {
  for (let length = Math.min(LOOKUP.longest, words.length - start); length >= 1; length--) {
    const arabic = lookup(words.slice(start, start + length));
    if (arabic !== undefined) return { length, arabic: arabic.split(" ").map((word) => word.split("/").map(normalizeArabic)) };
  }
  return undefined;
}
