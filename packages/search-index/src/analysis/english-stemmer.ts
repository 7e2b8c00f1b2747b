/**
 * A small English suffix stripper, enough to match glossary entries and English law names across
 * inflections: "terminated" / "terminates" / "termination" → "terminat", "wages" → "wag" ← "wage".
 */

const RULES: ReadonlyArray<readonly [suffix: string, replacement: string]> = [
  ["ations", "at"],
  ["ation", "at"],
  ["ities", "ity"],
  ["ies", "y"],
  ["sses", "ss"],
  ["ments", ""],
  ["ment", ""],
  ["ings", ""],
  ["ing", ""],
  ["ed", ""],
  ["es", ""],
  ["s", ""],
];

const MIN_STEM = 3;
const INVARIANT_ENDINGS = ["ss", "us", "is"];

export function stemEnglish(word: string): string {
  if (INVARIANT_ENDINGS.some((ending) => word.endsWith(ending))) return word;
  const rule = RULES.find(([suffix]) => word.endsWith(suffix) && word.length - suffix.length >= MIN_STEM);
  const stem = rule ? undoubleConsonant(word.slice(0, -rule[0].length) + rule[1], rule[0]) : word;
  return stem.length > MIN_STEM && stem.endsWith("e") ? stem.slice(0, -1) : stem;
}

/** "stopped" → "stopp" → "stop"; only after -ing/-ed. */
function undoubleConsonant(stem: string, suffix: string): string {
  if (suffix !== "ing" && suffix !== "ed") return stem;
  const last = stem[stem.length - 1];
  return last !== undefined && last === stem[stem.length - 2] && !"lsz".includes(last) ? stem.slice(0, -1) : stem;
}
