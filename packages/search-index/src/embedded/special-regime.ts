import { analyzeArabic } from "../analysis/analyzer";
import { normalizeArabic } from "../analysis/normalize";

/**
 * Laws of a special regime inside a field a general law governs, each with the words that invoke it: the lease and
 * sale of a ship (the Maritime Commercial Law) inside lease and sale (Civil Transactions), carriage by air, the finance
 * lease, the State as a tenant, goods at customs, a sale concluded online, a public-private partnership, damage by a
 * nuclear installation (beside liability for any harm), the investigation and detention of a terrorism suspect (beside
 * criminal procedure), the carriage of pilgrims (beside carriage by air), a government's procurement (beside contracting
 * and sale). They are
 * general laws by their titles, but their articles use the field's words ("المؤجر", "المستأجر", "العيب الخفي") and
 * outscored the general law's on everyday questions about a flat or a car. A question that uses none of a regime's
 * words is answered from the general law first: the regime's articles are weighted ×`lawPrior.regime` (0.8).
 */
const REGIMES: ReadonlyArray<{ title: RegExp; words: string; ships?: true }> = [
  { title: /^النظام البحري التجاري/u, words: "سفينة السفن بحري البحرية البحر بحار ملاح", ships: true },
  { title: /^نظام الطيران المدني/u, words: "طائرة الطائرات طيران جوي الجوية مطار رحلة الرحلات العفش" },
  { title: /^نظام الايجار التمويلي/u, words: "التمويلي تمويل" },
  { title: /^نظام استيجار الدوله للعقار/u, words: "الدولة حكومية حكومي" },
  { title: /^نظام\s+قانون\s+الجمارك/u, words: "جمارك الجمركية جمركي" },
  { title: /^نظام التجاره الالكترونيه/u, words: "الإلكترونية الإلكتروني إلكترونيا الإنترنت الشبكة تطبيق موقع" },
  { title: /^نظام التخصيص/u, words: "التخصيص خصخصة الشراكة القطاعين" },
  { title: /^نظام المسووليه المدنيه عن الاضرار النوويه/u, words: "نووي نووية النووية إشعاع إشعاعي الإشعاعية مشع" },
  { title: /^نظام مكافحه جرايم الارهاب/u, words: "إرهاب الإرهاب إرهابي إرهابية الإرهابية" },
  { title: /^نظام نقل الحجاج/u, words: "حج الحج حجاج الحجاج حاج الحاج" },
  { title: /^نظام المنافسات\s+و\s*المشتريات الحكوميه/u, words: "الدولة حكومية حكومي الحكومية منافسة المنافسات المشتريات مشتريات" },
];

const INVOKING = REGIMES.map(({ title, words, ships }) => ({ title, ships, terms: new Set(analyzeArabic(words)) }));
/** The words invoking the maritime regime. */
const SHIP_INVOKING: ReadonlySet<string> = new Set(INVOKING.filter(({ ships }) => ships).flatMap(({ terms }) => [...terms]));

/** The index terms that invoke the special regime a law of this title organises, or undefined when it is none. */
export function regimeTerms(lawName: string): ReadonlySet<string> | undefined {
  const title = normalizeArabic(lawName.replace(/\u0640/g, "")).trim();
  return INVOKING.find((regime) => regime.title.test(title))?.terms;
}

/** A ship and its crew, as a question speaks of them (and as the maritime regime's articles do). */
const SHIP_WORDS = "سفينة السفن بحار ملاح ربان";
/**
 * The vessels an article speaks of: ships, and also the 1931 Commercial Court Law's "المركب" and its master
 * "القبودان" (its article on a master selling the ship had led a question on selling copied software), and the
 * aircraft. General laws keep chapters on ships (the Labor Law's seafarers, the 1931 law's sea trade), whose articles
 * use the field's words too ("للمستأجر تأجير السفينة من الباطن", "التأخير … الرحلة"): such an article is weighted like
 * a regime's when the question speaks of no ship. "مركب" asks of nothing (in a question it is a vehicle, مركبة), and a
 * flight is not a ship: "My flight was delayed…" had led with the Labor Law's seafarers on a delayed voyage, ahead of
 * the Civil Aviation Law's carrier liability, when the air regime's words counted as asking of a vessel.
 */
export const VESSEL_WORDS: readonly string[] = [...new Set(analyzeArabic(`${SHIP_WORDS} طائرة قبودان مركب`))];
const SHIP_TERMS: ReadonlySet<string> = new Set(analyzeArabic(SHIP_WORDS));

/**
 * Whether an article's content speaks of a vessel: it holds two of the vessel words ("البحار … السفينة"), given as
 * terms or as the codes of a generation's terms. One is a passing mention, as in the Labor Law's list of the workers
 * it does not cover ("عمال البحر الذين يعملون في سفن …").
 */
export function speaksOfVessel<T extends string | number>(content: ArrayLike<T>, vessel: readonly T[]): boolean {
  let first: T | undefined;
  for (let at = 0; at < content.length; at++) {
    const term = content[at]!;
    if (term === first || !vessel.includes(term)) continue;
    if (first !== undefined) return true;
    first = term;
  }
  return false;
}

/** Whether the question's terms (with their synonyms) speak of a ship or invoke the maritime regime. */
export function asksOfVessel(askedTerms: ReadonlySet<string>): boolean {
  for (const term of askedTerms) if (SHIP_TERMS.has(term) || SHIP_INVOKING.has(term)) return true;
  return false;
}
