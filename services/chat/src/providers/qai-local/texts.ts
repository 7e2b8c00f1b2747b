import type { Language } from "../../app/language";
import type { SourceArticle } from "../provider";
import type { Quantity } from "./ranges";

/** Law titles longer than this are shortened where a second instrument's name begins. */
const SHORT_NAME_CHARS = 45;

/**
 * A law's name for running text: the English title in English (never Arabic inside an English
 * sentence), and long Arabic titles cut before a joined instrument ("… واللائحة المالية …").
 */
export function lawName(source: Pick<SourceArticle, "lawName" | "lawNameEn">, language: Language): string {
  if (language === "en") return source.lawNameEn ? `the ${source.lawNameEn.replace(/^the\s+/i, "")}` : "the cited law";
  const name = source.lawName.replace(/\s+/g, " ").trim();
  if (name.length <= SHORT_NAME_CHARS) return name;
  const joined = name.slice(10).search(/ و(?:اللائحة|القواعد|الترتيبات|النظام)| \(/u);
  return joined > 0 ? name.slice(0, joined + 10).trim() : name;
}

export function articleName(source: Pick<SourceArticle, "articleNumber" | "articleSuffix">, language: Language): string {
  const suffix = source.articleSuffix ? ` ${source.articleSuffix}` : "";
  return language === "ar" ? `المادة ${source.articleNumber}${suffix}` : `Article ${source.articleNumber}${suffix ? " bis" : ""}`;
}

/** "المادة 109 من نظام العمل" / "Article 109 of the Labor Law". */
export function provisionName(source: SourceArticle, language: Language): string {
  return language === "ar" ? `${articleName(source, "ar")} من ${lawName(source, "ar")}` : `${articleName(source, "en")} of ${lawName(source, "en")}`;
}

/** Every phrase the offline composer writes, in both languages. */
export const TEXTS = {
  ar: {
    answerLabel: "الجواب:",
    lead: (source: SourceArticle, rule: string) => `بحسب ${provisionName(source, "ar")}: «${rule}»`,
    closest: (source: SourceArticle, rule: string) => `أقرب نص وجدته هو ${provisionName(source, "ar")}: «${rule}»`,
    applies: (quantity: Quantity, part: string) => `في حالتك (${arabicQuantity(quantity)}) ينطبق من هذا الحكم: «${part}»`,
    relatedHeading: "نصوص ذات صلة",
    repealedNote: "تنبيه: هذا النظام ملغى، ويُذكر هنا للاطلاع فقط.",
    amended: (note: string, paragraph?: string) => `النص المقتبس هو نص ${paragraph ? `الفقرة (${paragraph}) من المادة` : "المادة"} بعد تعديلها (${note}).`,
    split: (first: SourceArticle, other: SourceArticle) =>
      `قد يختلف الحكم بحسب وضعك: النص أعلاه من ${lawName(first, "ar")}، وتعالج ${provisionName(other, "ar")} المسألة نفسها (مقتبسة أدناه). أيّ الحالتين تنطبق عليك؟`,
    weak: "تنبيه: النصوص التي وجدتُها لا تغطي سؤالك كله. إن لم تكن هي المقصودة فاذكر النظام أو الجهة أو وضعك (عامل في القطاع الخاص، موظف حكومي، مستأجر…) لأبحث بدقة أكبر.",
    followUpHeading: "أسئلة متابعة مقترحة",
    followProvision: (source: Pick<SourceArticle, "articleNumber" | "articleSuffix">) => `ماذا تنص ${articleName(source, "ar")}؟`,
    followExceptions: (source: SourceArticle) => `ما الحالات المستثناة من حكم ${articleName(source, "ar")}؟`,
    notFound:
      "لم أجد في قاعدة المعرفة نصًا نظاميًا يجيب عن هذا السؤال، لذلك لن أقدّم إجابة قد تكون غير دقيقة. جرّب إعادة صياغة السؤال بذكر النظام أو الموضوع القانوني المقصود، أو راجع المصادر الرسمية أو محاميًا مرخّصًا.",
    followRephraseLaw: "ما النظام السعودي الذي ينظم هذه المسألة؟",
    followRephraseExample: "ما هي مدة فترة التجربة في نظام العمل؟",
  },
  en: {
    answerLabel: "Answer:",
    lead: (source: SourceArticle, _rule: string) => `${capitalised(provisionName(source, "en"))} decides this question; its deciding provision is quoted below in the official Arabic text.`,
    closest: (source: SourceArticle, _rule: string) => `The closest provision I found is ${provisionName(source, "en")}; it is quoted below in the official Arabic text.`,
    figures: (figures: string[]) => `The figures it sets: ${figures.join(", ")}.`,
    applies: (quantity: Quantity, figures: string[]) =>
      `For ${quantity.value} ${quantity.value === 1 ? quantity.unit : `${quantity.unit}s`}, this part of the rule applies${figures.length > 0 ? ` (it sets: ${figures.join(", ")})` : ""}:`,
    relatedHeading: "Related provisions (official Arabic text)",
    repealedNote: "Note: this law has been repealed; it is shown for reference only.",
    amended: (_note: string, paragraph?: string) =>
      paragraph ? `The text quoted is the current wording of paragraph (${paragraph}) of the article, as amended.` : "The text quoted is the article's current wording, as amended.",
    split: (first: SourceArticle, other: SourceArticle) =>
      `The answer may depend on your situation: the provision above is from ${lawName(first, "en")}, and ${provisionName(other, "en")} deals with the same matter (quoted below). Which of the two applies to you?`,
    weak: "Note: the provisions I found do not cover your whole question. If they are not what you meant, name the law, the body or your situation (private-sector employee, government employee, tenant…) so I can search more precisely.",
    followUpHeading: "Suggested follow-up questions",
    followProvision: (source: Pick<SourceArticle, "articleNumber" | "articleSuffix">) => `What does ${articleName(source, "en")} provide?`,
    followExceptions: (source: SourceArticle) => `What exceptions does ${articleName(source, "en")} allow?`,
    notFound:
      "I could not find a provision in the knowledge base that answers this question, so I will not guess. Try rephrasing it with the law or legal topic you mean, or consult the official sources or a licensed lawyer.",
    followRephraseLaw: "Which Saudi law governs this matter?",
    followRephraseExample: "How long can a probation period last under the Labor Law?",
  },
} satisfies Record<Language, unknown>;

/** Arabic unit words by count: [one, two, three to ten, eleven and more]. */
const ARABIC_UNITS: Readonly<Record<string, readonly [string, string, string, string]>> = {
  year: ["سنة واحدة", "سنتان", "سنوات", "سنة"],
  month: ["شهر واحد", "شهران", "أشهر", "شهرًا"],
  week: ["أسبوع واحد", "أسبوعان", "أسابيع", "أسبوعًا"],
  day: ["يوم واحد", "يومان", "أيام", "يومًا"],
  hour: ["ساعة واحدة", "ساعتان", "ساعات", "ساعة"],
  riyal: ["ريال واحد", "ريالان", "ريالات", "ريالًا"],
};

/** "8 سنوات", "سنتان", "15 يومًا". */
function arabicQuantity({ value, unit }: Quantity): string {
  const words = ARABIC_UNITS[unit];
  if (!words || !Number.isInteger(value)) return `${value}`;
  if (value === 1) return words[0];
  if (value === 2) return words[1];
  return `${value} ${value <= 10 ? words[2] : words[3]}`;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
