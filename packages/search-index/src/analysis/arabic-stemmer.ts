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
  let pronoun = false;
  for (const suffix of SUFFIXES) {
    if (stem.endsWith(suffix) && stem.length - suffix.length >= MIN_STEM) {
      stem = stem.slice(0, -suffix.length);
      pronoun ||= suffix === "ها" || suffix === "ه";
    }
  }
  // The ة a pronoun turned into ت goes the way ة goes ("مدتها" → "مد", as "مدة" → "مد"); not the plural ات.
  if (pronoun && stem.endsWith("ت") && !stem.endsWith("ات") && stem.length - 1 >= MIN_STEM) stem = stem.slice(0, -1);
  return stem;
}

const PRONOUN_SUFFIXES = ["هما", "هم", "هن", "كم"];
const VERB_PREFIXES = ["ي", "ت"];

/**
 * The conflation key of a light stem: a more aggressive stem (pronoun suffixes, the ت of ة before a
 * pronoun, nisba ي, tanween ا, a leftover ل/ب, imperfect-verb and participle prefixes) that groups
 * the index terms of one word family (مخالف/يخالف/تخالف/مخالفت, صيدلاني/صيدلان, لمد/مد). Query terms
 * are expanded, down-weighted, to the other index terms of their group.
 */
export function conflationKey(stem: string): string {
  let key = stem;
  for (const suffix of PRONOUN_SUFFIXES) {
    if (key.endsWith(suffix) && key.length - suffix.length >= 3) key = key.slice(0, -suffix.length);
  }
  if (key.endsWith("ا") && key.length >= 4) key = key.slice(0, -1);
  if (key.endsWith("ي") && key.length >= 4) key = key.slice(0, -1);
  if (key.endsWith("ت") && key.length >= 5) key = key.slice(0, -1);
  if ((key.startsWith("ل") || key.startsWith("ب")) && key.length >= 3 && !key.startsWith("لل")) key = key.slice(1);
  if (VERB_PREFIXES.some((prefix) => key.startsWith(prefix)) && key.length >= 4) key = key.slice(1);
  else if (key.startsWith("م") && key.length >= 5) key = key.slice(1);
  return key;
}
