/** Small Arabic text helpers shared by the law converter. */

const DIACRITICS = /[\u064B-\u065F\u0670\u0640]/g; // tashkeel, superscript alef, tatweel
const ARABIC_INDIC_ZERO = 0x0660;
const EXTENDED_INDIC_ZERO = 0x06f0;

/** Replaces Arabic-Indic (٠-٩) and extended (۰-۹) digits with ASCII digits. */
export function toAsciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => {
    const code = digit.charCodeAt(0);
    const base = code >= EXTENDED_INDIC_ZERO ? EXTENDED_INDIC_ZERO : ARABIC_INDIC_ZERO;
    return String(code - base);
  });
}

/**
 * Folds spelling variants so that words can be compared: drops diacritics and tatweel,
 * unifies alef forms (أ إ آ ٱ → ا), alef maqsura (ى → ي), taa marbuta (ة → ه), hamza on
 * yaa (ئ → ي) and converts digits to ASCII. Only for matching, never for output.
 */
export function foldArabic(text: string): string {
  return toAsciiDigits(text)
    .replace(DIACRITICS, "")
    .replace(/[أإآٱ]/g, "ا")
    .replace(/ى/g, "ي")
    .replace(/ة/g, "ه")
    .replace(/ئ/g, "ي");
}

/** Collapses runs of spaces and tabs and trims every line; keeps line breaks. */
export function tidyLines(text: string): string {
  return text
    .split("\n")
    .map((line) => line.replace(/[ \t\u00A0]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
