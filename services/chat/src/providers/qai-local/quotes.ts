/** Articles up to this length are quoted whole; longer ones by their decisive sentences. */
const WHOLE_ARTICLE_CHARS = 600;
const MAX_QUOTE_CHARS = 700;

/** Splits article text into sentences (Arabic and Latin punctuation, line breaks, list dashes). */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?؟؛])\s+|\n+|\s+-\s+(?=\S)/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
}

/**
 * The decisive part of an article for a question: the whole text if short, otherwise the
 * sentences sharing the most question terms, kept in their original order.
 */
export function decisiveQuote(content: string, questionTerms: ReadonlySet<string>, termsOf: (text: string) => string[]): string {
  const flat = content.replace(/\s+/g, " ").trim();
  if (flat.length <= WHOLE_ARTICLE_CHARS) return flat;
  const sentences = sentencesOf(content);
  const ranked = sentences
    .map((sentence, index) => ({ sentence, index, score: termsOf(sentence).filter((term) => questionTerms.has(term)).length }))
    .sort((a, b) => b.score - a.score || a.index - b.index);
  const chosen: typeof ranked = [];
  let length = 0;
  for (const candidate of ranked) {
    if (chosen.length > 0 && (candidate.score === 0 || length + candidate.sentence.length > MAX_QUOTE_CHARS)) break;
    chosen.push(candidate);
    length += candidate.sentence.length;
  }
  const quote = chosen
    .sort((a, b) => a.index - b.index)
    .map((c) => c.sentence)
    .join(" … ");
  return quote.length > MAX_QUOTE_CHARS ? `${quote.slice(0, MAX_QUOTE_CHARS).trimEnd()}…` : quote;
}
