/**
 * The public sector named in a question. Saudi employment law has two regimes: the Labor Law for workers of
 * private employers (العامل) and the civil-service laws for government employees (الموظف). Everyday questions
 * use "موظف" for both, so the synonym list joins موظف to عامل; a question that says which sector it is about
 * ("موظف حكومي", "موظفي الدولة", "a government employee") keeps موظف to itself, so the Labor Law's articles on
 * workers do not outrank the civil-service ones (the Labor Law does not apply to government employees).
 */
import { stemArabic } from "./arabic-stemmer";
import { normalizeArabic } from "./normalize";

const ARABIC_PUBLIC_SECTOR = [
  /موظف\S*\s+(?:ال)?(?:حكومي|حكوميه|عام|عامه|عمومي|دوله|حكومه)(?:\s|$)/u,
  /(?:جهه|جهات|قطاع|دائره|وزاره)\s+(?:ال)?حكومي/u,
  /(?:الخدمه|الوظيفه)\s+(?:ال)?(?:مدنيه|عامه|حكوميه)/u,
  /القطاع\s+(?:ال)?عام(?:\s|$)/u,
];

const ENGLISH_PUBLIC_SECTOR = [
  /\b(?:government|civil|public|state)\s+(?:employees?|servants?|sector|officials?|workers?|jobs?|agency|body|entity|ministry)\b/i,
  /\bcivil\s+service\b/i,
  /\bwork(?:s|ing|ed)?\s+(?:for|in|at)\s+(?:a\s+|the\s+)?(?:government|ministry)\b/i,
];

/** Employment words of the private sector (the Labor Law's), as index terms. */
export const PRIVATE_EMPLOYMENT_TERMS: ReadonlySet<string> = new Set(["عامل", "عمال", "أجير"].map((word) => stemArabic(normalizeArabic(word))));

/** Whether the question says it is about government employment. */
export function namesPublicSector(question: string): boolean {
  const arabic = normalizeArabic(question);
  return ARABIC_PUBLIC_SECTOR.some((pattern) => pattern.test(arabic)) || ENGLISH_PUBLIC_SECTOR.some((pattern) => pattern.test(question));
}
