import { analyzeArabic, analyzeQuery } from "@qai/search-index";
import { composeAnswer } from "../src/providers/qai-local/compose";
import { chunks } from "../src/providers/qai-local/provider";
import type { SourceArticle } from "../src/providers/provider";
import { answerLanguage } from "../src/app/language";

const analyzer = { questionTerms: (q: string, l: "ar" | "en") => analyzeQuery(q, l).clauses.flat(), textTerms: analyzeArabic };

const probation: SourceArticle = {
  id: "labor#53",
  lawId: "labor",
  lawName: "نظام العمل",
  lawNameEn: "Labor Law",
  articleNumber: 53,
  articleSuffix: "",
  articleTitle: "المادة الثالثة والخمسون",
  content: "إذا كان العامل خاضعاً لفترة تجربة وجب النص على ذلك صراحة في عقد العمل وتحديدها بوضوح، بحيث لا تزيد على تسعين يوماً.",
  status: "in_force",
  sourceUrl: "https://laws.boe.gov.sa/BoeLaws/Laws/LawDetails/labor/1",
  score: 12,
  coverage: 0.9,
};
const termination: SourceArticle = { ...probation, id: "labor#54", articleNumber: 54, content: "لا يجوز وضع العامل تحت التجربة أكثر من مرة واحدة لدى صاحب عمل واحد.", score: 5 };

function followUps(text: string, heading: string): string[] {
  const after = text.slice(text.indexOf(heading) + heading.length);
  return after.split("\n").filter((line) => line.startsWith("- "));
}

describe("qai-local composer", () => {
  it("answers in Arabic quoting the article, citing it and ending with follow-up questions", () => {
    const answer = composeAnswer({ question: "ما هي مدة فترة التجربة للعامل؟", language: "ar", sources: [probation, termination], analyzer });
    expect(answer.citedArticleIds).toEqual(["labor#53"]);
    expect(answer.text).toContain("المادة 53 من نظام العمل");
    expect(answer.text).toContain("بحيث لا تزيد على تسعين يوماً");
    expect(answer.text).toContain(probation.sourceUrl);
    const questions = followUps(answer.text, "أسئلة متابعة مقترحة");
    expect(questions.length).toBeGreaterThanOrEqual(2);
    expect(questions.length).toBeLessThanOrEqual(4);
    expect(questions[0]).toContain("المادة 54");
  });

  it("answers in English, quoting the Arabic text and naming the law in both languages", () => {
    const answer = composeAnswer({ question: "How long can a probation period last?", language: "en", sources: [probation], analyzer });
    expect(answer.text).toContain("Article 53 of the Labor Law (نظام العمل)");
    expect(answer.text).toContain("تسعين يوماً");
    expect(answer.text).toContain("Suggested follow-up questions");
    expect(answer.text).not.toContain("أسئلة متابعة مقترحة");
  });

  it("says plainly when nothing was found, citing nothing", () => {
    for (const language of ["ar", "en"] as const) {
      const answer = composeAnswer({ question: "?", language, sources: [], analyzer });
      expect(answer.citedArticleIds).toEqual([]);
      expect(answer.text).toMatch(language === "ar" ? /لم أجد في قاعدة المعرفة/ : /could not find a provision in the knowledge base/);
      expect(answer.text).not.toMatch(/laws\.boe\.gov\.sa/);
    }
  });

  it("quotes the decisive sentences of a long article rather than all of it", () => {
    const filler = "وتحدد اللائحة الإجراءات التنظيمية الخاصة بالتسجيل والقيد والنشر في السجلات الرسمية. ".repeat(12);
    const long: SourceArticle = { ...probation, content: `${filler}ولا يجوز أن تزيد فترة التجربة على تسعين يوماً. ${filler}` };
    const answer = composeAnswer({ question: "ما مدة فترة التجربة؟", language: "ar", sources: [long], analyzer });
    expect(answer.text).toContain("ولا يجوز أن تزيد فترة التجربة على تسعين يوماً.");
    expect(answer.text.length).toBeLessThan(long.content.length);
  });

  it("marks a repealed law", () => {
    const answer = composeAnswer({ question: "فترة التجربة", language: "ar", sources: [{ ...probation, status: "repealed" }], analyzer });
    expect(answer.text).toContain("هذا النظام ملغى");
    expect(answer.text).toContain("(ملغى)");
  });
});

describe("streaming pieces", () => {
  it("keeps every character of the text", () => {
    const text = "  سطر أول\n\n- بند  ثانٍ\tونهاية ";
    expect(chunks(text).join("")).toBe(text);
    expect(chunks(text).length).toBeGreaterThan(1);
  });
});

describe("answer language", () => {
  it("follows the question's script, else the requested language", () => {
    expect(answerLanguage("How long is probation?", "ar")).toBe("en");
    expect(answerLanguage("ما مدة التجربة؟", "en")).toBe("ar");
    expect(answerLanguage("53", "en")).toBe("en");
  });
});

describe("amended articles", () => {
  it("quotes the current wording and names the amendment", () => {
    const amended: SourceArticle = {
      ...probation,
      content: 'تم تعديل هذه المادة بموجب المرسوم الملكي رقم ( م/ 46) وتاريخ 5 / 6 / 1436 هـ ؛ لتكون بالنص الآتي : "إذا كان العامل خاضعاً لفترة تجربة، وجب النص على ذلك صراحة في عقد العمل".',
    };
    const answer = composeAnswer({ question: "فترة التجربة", language: "ar", sources: [amended], analyzer });
    expect(answer.text).toContain("(تم تعديل هذه المادة بموجب المرسوم الملكي رقم ( م/ 46) وتاريخ 5 / 6 / 1436 هـ)");
    expect(answer.text).toContain("> إذا كان العامل خاضعاً لفترة تجربة، وجب النص على ذلك صراحة في عقد العمل");
    expect(answer.text).not.toContain('> تم تعديل');
  });
});
