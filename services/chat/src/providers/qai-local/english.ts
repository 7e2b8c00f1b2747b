const ARABIC_LETTER = /[\u0600-\u06FF]/u;

/**
 * Lines of an English answer that are English text (not a quoted block of the official Arabic) yet
 * contain Arabic letters: an English answer must have none.
 */
export function arabicInEnglish(answer: string): string[] {
  return answer.split("\n").filter((line) => !line.trimStart().startsWith(">") && ARABIC_LETTER.test(line));
}
