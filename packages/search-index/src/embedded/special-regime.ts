import { analyzeArabic } from "../analysis/analyzer";
import { normalizeArabic } from "../analysis/normalize";

/**
 * Laws of a special regime inside a field a general law governs, each with the words that invoke it: the lease and
 * sale of a ship (the Maritime Commercial Law) inside lease and sale (Civil Transactions), carriage by air, the finance
 * lease, the State as a tenant, goods at customs, a sale concluded online, a public-private partnership. They are
 * general laws by their titles, but their articles use the field's words ("المؤجر", "المستأجر", "العيب الخفي") and
 * outscored the general law's on everyday questions about a flat or a car. A question that uses none of a regime's
 * words is answered from the general law first: the regime's articles are weighted ×`lawPrior.regime` (0.8).
 */
const REGIMES: ReadonlyArray<{ title: RegExp; words: string }> = [
  { title: /^النظام البحري التجاري/u, words: "سفينة السفن بحري البحرية البحر بحار ملاح" },
  { title: /^نظام الطيران المدني/u, words: "طائرة الطائرات طيران جوي الجوية مطار" },
  { title: /^نظام الايجار التمويلي/u, words: "التمويلي تمويل" },
  { title: /^نظام استيجار الدوله للعقار/u, words: "الدولة حكومية حكومي" },
  { title: /^نظام\s+قانون\s+الجمارك/u, words: "جمارك الجمركية جمركي" },
  { title: /^نظام التجاره الالكترونيه/u, words: "الإلكترونية الإلكتروني إلكترونيا الإنترنت الشبكة تطبيق موقع" },
  { title: /^نظام التخصيص/u, words: "التخصيص خصخصة الشراكة القطاعين" },
];

const INVOKING = REGIMES.map(({ title, words }) => ({ title, terms: new Set(analyzeArabic(words)) }));

/** The index terms that invoke the special regime a law of this title organises, or undefined when it is none. */
export function regimeTerms(lawName: string): ReadonlySet<string> | undefined {
  const title = normalizeArabic(lawName.replace(/\u0640/g, "")).trim();
  return INVOKING.find((regime) => regime.title.test(title))?.terms;
}
