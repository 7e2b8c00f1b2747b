import { normalizeArabic } from "./normalize";

/** "هل يعد/تعتبر …" (does X count as Y), "ما المقصود ب…", "ما تعريف …", "ما معنى …" (normalised). */
const ARABIC = [/(?:^|\s)هل\s+(?:\S+\s+){0,12}(?:يعد|تعد|يعتبر|تعتبر|يعدان|يعتبران)(?:\s|$)/u, /(?:^|\s)(?:المقصود|(?:ال)?تعريف|(?:ال)?معني|(?:ال)?مفهوم)(?:\s|$)/u, /(?:^|\s)يقصد\s+ب/u];
const ENGLISH = [/\b(?:considered|count(?:s|ed)? as|regarded as|treated as|definition|defined|define|what does \S+(?: \S+)? mean|meaning of|what is meant)\b/i];

/**
 * Whether the question asks what a legal term covers: whether conduct counts as an offence ("هل تعد الرسائل …
 * تحرشاً؟"), or what a word means in a law ("ما المقصود بالهيئة؟"). A law answers those in its definitions.
 */
export function asksDefinition(question: string): boolean {
  const arabic = normalizeArabic(question);
  return ARABIC.some((pattern) => pattern.test(arabic)) || ENGLISH.some((pattern) => pattern.test(question));
}
