import { analyzeArabic, analyzeQuery } from "@qai/search-index";
import { composeAnswer } from "../src/providers/qai-local/compose";
import { arabicInEnglish } from "../src/providers/qai-local/english";
import type { SourceArticle } from "../src/providers/provider";
import { partFor, questionQuantity, type Quantity } from "../src/providers/qai-local/ranges";

const RESIGNATION =
  "إذا كان انتهاء علاقة العمل بسبب استقالة العامل يستحق في هذه الحالة ثلث المكافأة بعد خدمة لا تقل مدتها عن سنتين متتاليتين، ولا تزيد على خمس سنوات، ويستحق ثلثيها إذا زادت مدة خدمته على خمس سنوات متتالية ولم تبلغ عشر سنوات، ويستحق المكافأة كاملة إذا بلغت مدة خدمته عشر سنوات فأكثر.";

const years = (value: number): Quantity => ({ value, unit: "year" });

describe("the question's own figure", () => {
  it("is read from digits or number words, in English or Arabic", () => {
    expect(questionQuantity("If I resign after 8 years, how much do I get?")).toMatchObject({ value: 8, unit: "year" });
    expect(questionQuantity("I worked for three months")).toMatchObject({ value: 3, unit: "month" });
    expect(questionQuantity("استقلت بعد ثماني سنوات خدمة")).toMatchObject({ value: 8, unit: "year" });
    expect(questionQuantity("استقلت بعد ٨ سنوات")).toMatchObject({ value: 8, unit: "year" });
    expect(questionQuantity("عملت سنتين ثم استقلت")).toMatchObject({ value: 2, unit: "year" });
    expect(questionQuantity("كم مدة الإجازة السنوية؟")).toBeUndefined();
  });

  it("selects the part of the rule whose range holds it, a continuing bound joined to its part", () => {
    expect(partFor(RESIGNATION, years(3))).toBe("إذا كان انتهاء علاقة العمل بسبب استقالة العامل يستحق في هذه الحالة ثلث المكافأة بعد خدمة لا تقل مدتها عن سنتين متتاليتين، ولا تزيد على خمس سنوات");
    expect(partFor(RESIGNATION, years(8))).toBe("ويستحق ثلثيها إذا زادت مدة خدمته على خمس سنوات متتالية ولم تبلغ عشر سنوات");
    expect(partFor(RESIGNATION, years(10))).toBe("ويستحق المكافأة كاملة إذا بلغت مدة خدمته عشر سنوات فأكثر");
    expect(partFor(RESIGNATION, years(5))).toContain("ولا تزيد على خمس سنوات");
  });

  it("selects nothing when no part holds it, when every part does, or in another unit", () => {
    expect(partFor(RESIGNATION, years(1))).toBeUndefined();
    expect(partFor("بحيث لا تزيد على تسعين يوماً.", { value: 30, unit: "day" })).toBeUndefined();
    expect(partFor(RESIGNATION, { value: 8, unit: "month" })).toBeUndefined();
  });
});

describe("an answer to a question with a figure", () => {
  const analyzer = { questionTerms: (q: string, l: "ar" | "en") => analyzeQuery(q, l).clauses.flat(), textTerms: analyzeArabic };
  const article: SourceArticle = {
    id: "labor#85",
    lawId: "labor",
    lawName: "نظام العمل",
    lawNameEn: "Labor Law",
    articleNumber: 85,
    articleSuffix: "",
    articleTitle: "المادة الخامسة والثمانون",
    content: RESIGNATION,
    status: "in_force",
    sourceUrl: "https://laws.boe.gov.sa/BoeLaws/Laws/LawDetails/labor/1",
    score: 10,
    coverage: 0.8,
  };

  it("names the part that applies, after the rule, in Arabic", () => {
    const { text } = composeAnswer({ question: "استقلت بعد ثماني سنوات، كم أستحق من مكافأة نهاية الخدمة؟", language: "ar", sources: [article], analyzer });
    const applies = text.indexOf("في حالتك (8 سنوات) ينطبق من هذا الحكم: «ويستحق ثلثيها إذا زادت مدة خدمته على خمس سنوات متتالية ولم تبلغ عشر سنوات»");
    expect(applies).toBeGreaterThan(text.indexOf("**الجواب:** بحسب المادة 85 من نظام العمل"));
  });

  it("states it in English, the Arabic part in its own block", () => {
    const { text } = composeAnswer({ question: "If I resign after 8 years, how much end of service award do I get?", language: "en", sources: [article], analyzer });
    expect(text).toContain("For 8 years, this part of the rule applies (it sets: two thirds, 5 years, 10 years):\n\n> ويستحق ثلثيها");
    expect(arabicInEnglish(text)).toEqual([]);
  });
});
