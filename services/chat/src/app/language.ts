export type Language = "ar" | "en";

const ARABIC_LETTER = /[\u0600-\u06FF]/g;
const LATIN_LETTER = /[A-Za-z]/g;

/**
 * The language to answer in: the question's own script when it is clear (mostly Arabic or mostly
 * Latin letters), else the language the client asked for.
 */
export function answerLanguage(question: string, requested: Language): Language {
  const arabic = question.match(ARABIC_LETTER)?.length ?? 0;
  const latin = question.match(LATIN_LETTER)?.length ?? 0;
  if (arabic > latin * 2) return "ar";
  if (latin > arabic * 2) return "en";
  return requested;
}
