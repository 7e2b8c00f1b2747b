import type { Language } from "../../app/language";
import type { SourceArticle } from "../provider";

/** Every phrase the offline composer writes, in both languages. */
export const TEXTS = {
  ar: {
    intro: (source: SourceArticle) => `وفقًا لما ورد في ${source.lawName}، إليك النصوص النظامية التي تجيب عن سؤالك:`,
    introMany: "وجدتُ في قاعدة المعرفة النصوص النظامية الآتية ذات الصلة بسؤالك:",
    articleHeading: (source: SourceArticle) => `${articleName(source, "ar")} من ${source.lawName}`,
    repealedNote: "تنبيه: هذا النظام ملغى، ويُذكر هنا للاطلاع فقط.",
    amended: (note: string) => `النص الحالي للمادة (${note}):`,
    application: (source: SourceArticle) =>
      `وعليه، فإن الحكم في سؤالك يُستمد أساسًا من ${articleName(source, "ar")} من ${source.lawName}${source.articleTitle.includes(":") ? ` بشأن «${subtitle(source)}»` : ""}، ويُطبَّق على الحالة بحسب ما ورد في نصها المقتبس أعلاه.`,
    sourcesHeading: "المصادر",
    sourceLine: (source: SourceArticle) => `- ${source.lawName}، ${articleName(source, "ar")}${source.status === "repealed" ? " (ملغى)" : ""}: ${source.sourceUrl}`,
    followUpHeading: "أسئلة متابعة مقترحة",
    followArticle: (source: SourceArticle) => `ماذا تنص ${articleName(source, "ar")} من ${source.lawName}؟`,
    followExceptions: (source: SourceArticle) => `هل توجد استثناءات على حكم ${articleName(source, "ar")} من ${source.lawName}؟`,
    followPenalty: (source: SourceArticle) => `ما الجزاء المترتب على مخالفة أحكام ${source.lawName}؟`,
    notFound:
      "لم أجد في قاعدة المعرفة نصًا نظاميًا يجيب عن هذا السؤال، لذلك لن أقدّم إجابة قد تكون غير دقيقة. جرّب إعادة صياغة السؤال بذكر النظام أو الموضوع القانوني المقصود، أو راجع المصادر الرسمية أو محاميًا مرخّصًا.",
    followRephraseLaw: "ما النظام السعودي الذي ينظم هذه المسألة؟",
    followRephraseExample: "ما هي مدة فترة التجربة في نظام العمل؟",
  },
  en: {
    intro: (source: SourceArticle) => `Under the ${lawLabel(source)}, these are the provisions that answer your question (the official text is in Arabic):`,
    introMany: "The knowledge base holds these provisions relevant to your question (the official text is in Arabic):",
    articleHeading: (source: SourceArticle) => `${articleName(source, "en")} of the ${lawLabel(source)}`,
    repealedNote: "Note: this law has been repealed; it is shown for reference only.",
    amended: (note: string) => `Current wording, as amended (${note}):`,
    application: (source: SourceArticle) =>
      `Accordingly, the answer to your question rests mainly on ${articleName(source, "en")} of the ${lawLabel(source)}, applied to your situation as the quoted text above provides.`,
    sourcesHeading: "Sources",
    sourceLine: (source: SourceArticle) => `- ${lawLabel(source)}, ${articleName(source, "en")}${source.status === "repealed" ? " (repealed)" : ""}: ${source.sourceUrl}`,
    followUpHeading: "Suggested follow-up questions",
    followArticle: (source: SourceArticle) => `What does ${articleName(source, "en")} of the ${lawLabel(source)} provide?`,
    followExceptions: (source: SourceArticle) => `Are there exceptions to ${articleName(source, "en")} of the ${lawLabel(source)}?`,
    followPenalty: (source: SourceArticle) => `What are the penalties for breaching the ${lawLabel(source)}?`,
    notFound:
      "I could not find a provision in the knowledge base that answers this question, so I will not guess. Try rephrasing it with the law or legal topic you mean, or consult the official sources or a licensed lawyer.",
    followRephraseLaw: "Which Saudi law governs this matter?",
    followRephraseExample: "How long can a probation period last under the Labor Law?",
  },
} satisfies Record<Language, unknown>;

export function articleName(source: SourceArticle, language: Language): string {
  const suffix = source.articleSuffix ? ` ${source.articleSuffix}` : "";
  return language === "ar" ? `المادة ${source.articleNumber}${suffix}` : `Article ${source.articleNumber}${suffix ? " bis" : ""}`;
}

/** The law's English name when known, with its Arabic name alongside. */
export function lawLabel(source: SourceArticle): string {
  return source.lawNameEn ? `${source.lawNameEn} (${source.lawName})` : source.lawName;
}

function subtitle(source: SourceArticle): string {
  return source.articleTitle.slice(source.articleTitle.indexOf(":") + 1).trim();
}
