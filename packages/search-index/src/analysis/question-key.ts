import { isArabicWord, tokenize } from "./normalize";
import { isArabicStopWord, isEnglishStopWord } from "./stopwords";

/**
 * The key that groups questions asked in different wordings: the normalised words (spelling variants,
 * diacritics, case and punctuation folded) without Arabic and English stop words, joined by spaces.
 * A question of stop words only keeps them all, so it does not join every other such question.
 */
export function questionKey(text: string): string {
  const words = tokenize(text);
  const content = words.filter((word) => !(isArabicWord(word) ? isArabicStopWord(word) : isEnglishStopWord(word)));
  return (content.length > 0 ? content : words).join(" ");
}
