/**
 * The employment sector of a question. Saudi employment law has two regimes: the Labor Law for workers of
 * private employers (العامل) and the civil-service laws for government employees (الموظف). Everyday questions
 * use "موظف" for both, so the synonym list joins موظف to عامل — but not when the question says which one it means:
 * - one that names the public sector ("موظف حكومي", "موظفي الدولة", an employee of an authority or a ministry: "توظيف
 *   موظف في الهيئة", "a government employee") keeps موظف to itself,
 *   so the Labor Law's articles on workers do not outrank the civil-service ones (the Labor Law does not apply to
 *   government employees);
 * - one that says "العامل", the Labor Law's own word, does not reach موظف, so the staff rules of a body or an
 *   occupation (imams and muezzins, a regional authority) are not offered as an alternative to the Labor Law;
 * - pay is read in the sector's word (`inSectorWording`): العامل's أجر, the civil service's راتب.
 */
import { stemArabic } from "./arabic-stemmer";
import { normalizeArabic } from "./normalize";

const ARABIC_PUBLIC_SECTOR = [
  /موظف\S*\s+(?:ال)?(?:حكومي|حكوميه|عام|عامه|عمومي|دوله|حكومه)(?:\s|$)/u,
  /(?:جهه|جهات|قطاع|دائره|وزاره)\s+(?:ال)?حكومي/u,
  /(?:الخدمه|الوظيفه)\s+(?:ال)?(?:مدنيه|عامه|حكوميه)/u,
  /القطاع\s+(?:ال)?عام(?:\s|$)/u,
  /(?:موظف|توظيف)\S*(?:(?:\s+\S+){0,3}\s+(?:في|لدي))?\s+(?:ال)?(?:هييه|وزاره)(?:\s|$)/u,
];

const ENGLISH_PUBLIC_SECTOR = [
  /\b(?:government|civil|public|state)\s+(?:employees?|servants?|sector|officials?|workers?|jobs?|agency|body|entity|ministry)\b/i,
  /\bcivil\s+service\b/i,
  /\bwork(?:s|ing|ed)?\s+(?:for|in|at)\s+(?:a\s+|the\s+)?(?:government|ministry)\b/i,
];

const terms = (...words: string[]): ReadonlySet<string> => new Set(words.map((word) => stemArabic(normalizeArabic(word))));
/** Employment words of the private sector (the Labor Law's) and of the civil service, as index terms. */
const PRIVATE_EMPLOYMENT = terms("عامل", "عمال", "أجير");
const CIVIL_SERVICE = terms("موظف", "موظفين");

/**
 * Whether `related` (a synonym of a word of `clause`) crosses into the other sector than the one the question
 * speaks of; `publicSector` is `namesPublicSector(question)`.
 */
export function crossesSector(related: string, clause: readonly string[], publicSector: boolean): boolean {
  if (publicSector) return PRIVATE_EMPLOYMENT.has(related);
  return CIVIL_SERVICE.has(related) && clause.some((term) => PRIVATE_EMPLOYMENT.has(term));
}

/** Whether the question says it is about government employment. */
export function namesPublicSector(question: string): boolean {
  const arabic = normalizeArabic(question);
  return ARABIC_PUBLIC_SECTOR.some((pattern) => pattern.test(arabic)) || ENGLISH_PUBLIC_SECTOR.some((pattern) => pattern.test(question));
}

/** Pay in each sector's wording: the Labor Law's أجر, the civil service's راتب. */
const PRIVATE_PAY = stemArabic("اجر");
const PUBLIC_PAY = stemArabic("راتب");

/**
 * The clauses in the wording of the sector the question speaks of: a question that says "العامل" asks about the
 * Labor Law's "أجر" when it says "راتب" (the civil-service laws' word, which then stays a synonym), and one that
 * names the public sector about "الراتب" when it says "أجر".
 */
export function inSectorWording(clauses: readonly string[][], publicSector: boolean): string[][] {
  const privateSector = !publicSector && clauses.some((clause) => clause.some((term) => PRIVATE_EMPLOYMENT.has(term)));
  if (!privateSector && !publicSector) return [...clauses];
  const [from, to] = publicSector ? [PRIVATE_PAY, PUBLIC_PAY] : [PUBLIC_PAY, PRIVATE_PAY];
  return clauses.map((clause) => (clause.includes(from) && !clause.includes(to) ? [to, ...clause.filter((term) => term !== from)] : [...clause]));
}
