/**
 * A light Arabic stemmer in the spirit of Light10 (Larkey et al.), on normalised words (ة is already ه):
 * strip a leading و, then one definite-article prefix or else one preposition ب/ل, then walk the
 * suffix list once. Variants measured on the dev questions are in the package README.
 */

/** Light10's guard: a stem keeps at least two letters. */
const MIN_STEM = 2;
/** ب/ل are stripped only from words of 5+ letters ("لنظام" → "نظام", but "بند", "لجنه" stay). */
const MIN_AFTER_PREPOSITION = 4;
const ARTICLE_PREFIXES = ["وال", "بال", "كال", "فال", "لل", "ال"];
const PREPOSITIONS = ["ب", "ل"];
/** Light10's list without ي: stripping the nisba ي ("مالي" → "مال") cost recall. */
const SUFFIXES = ["ها", "ان", "ات", "ون", "ين", "يه", "ه"];

function stripPrefix(word: string, prefix: string, minRest: number): string {
  return word.startsWith(prefix) && word.length - prefix.length >= minRest ? word.slice(prefix.length) : word;
}

function stripPrefixes(word: string): string {
  const stem = stripPrefix(word, "و", 3);
  for (const prefix of ARTICLE_PREFIXES) {
    const stripped = stripPrefix(stem, prefix, MIN_STEM);
    if (stripped !== stem) return stripped;
  }
  const preposition = PREPOSITIONS.find((letter) => stem.startsWith(letter));
  return preposition ? stripPrefix(stem, preposition, MIN_AFTER_PREPOSITION) : stem;
}

export function stemArabic(word: string): string {
  let stem = stripPrefixes(word);
  for (const suffix of SUFFIXES) {
    if (stem.endsWith(suffix) && stem.length - suffix.length >= MIN_STEM) stem = stem.slice(0, -suffix.length);
  }
  return stem;
}
