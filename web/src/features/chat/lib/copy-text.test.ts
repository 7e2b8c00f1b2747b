/// <reference types="jest" />
import type { Citation } from "../../../api/citations";
import { answerCopyText, markdownToPlainText, type CopyLabels } from "./copy-text";

const LABOR = "08381293-6388-48e2-8ad2-a9a700f2aa94";
const LABOR_URL = `https://laws.boe.gov.sa/BoeLaws/Laws/LawDetails/${LABOR}/1`;

function citation(overrides: Partial<Citation>): Citation {
  return {
    articleId: `${LABOR}#53`,
    lawName: "نظام العمل",
    lawNameEn: "Labor Law",
    articleNumber: 53,
    articleSuffix: "",
    articleTitle: "المادة الثالثة والخمسون",
    status: "in_force",
    sourceUrl: LABOR_URL,
    ...overrides,
  };
}

const arabicLabels: CopyLabels = {
  sourcesTitle: "المصادر",
  describe: (c) => `${c.lawName}، المادة ${c.articleNumber}${c.status === "repealed" ? " (ملغاة)" : ""}`,
};
const englishLabels: CopyLabels = {
  sourcesTitle: "Sources",
  describe: (c) => `${c.lawNameEn || c.lawName}, Article ${c.articleNumber}${c.status === "repealed" ? " (Repealed)" : ""}`,
};

const ARABIC_ANSWER = `**الجواب:** لا تزيد فترة التجربة على تسعين يومًا، ويجوز تمديدها باتفاق مكتوب.

**المادة 53 من نظام العمل**

> إذا كان العامل خاضعاً لفترة تجربة، وجب النص على ذلك صراحة في عقد العمل.
> ويجوز باتفاق مكتوب بين العامل وصاحب العمل تمديد فترة التجربة.

**مواد ذات صلة**

- المادة 54: لا يجوز وضع العامل تحت التجربة أكثر من مرة.
- المادة 80: إنهاء العقد دون مكافأة.

### أسئلة متابعة مقترحة
- هل يجوز تمديد فترة التجربة؟
- ما حكم إنهاء العقد خلال فترة التجربة؟`;

const ENGLISH_ANSWER = `**Answer:** The probation period may not exceed **90 days**; it may be extended to 180 days by written agreement.

**Article 53 of the Labor Law**

> إذا كان العامل خاضعاً لفترة تجربة، وجب النص على ذلك صراحة في عقد العمل.

### Exceptions

1. A second probation in another job.
2. After six months away from the employer.

### Suggested follow-up questions
- Can the probation period be extended?
- What happens if the contract ends during probation?
- Are holidays counted?`;

describe("markdownToPlainText", () => {
  it("drops bold, quote and heading marks and keeps the text", () => {
    const text = markdownToPlainText(ENGLISH_ANSWER);
    expect(text).not.toMatch(/\*\*|^>|^#/m);
    expect(text).toContain("Answer: The probation period may not exceed 90 days;");
    expect(text).toContain("Article 53 of the Labor Law\n\nإذا كان العامل خاضعاً لفترة تجربة");
    expect(text).toContain("Exceptions\n\n1. A second probation in another job.\n2. After six months away from the employer.");
  });

  it("turns dash lists into bullets and keeps the lines of a quote", () => {
    const text = markdownToPlainText(ARABIC_ANSWER);
    expect(text).toContain("• المادة 54: لا يجوز وضع العامل تحت التجربة أكثر من مرة.\n• المادة 80: إنهاء العقد دون مكافأة.");
    expect(text).toContain("في عقد العمل.\nويجوز باتفاق مكتوب");
    expect(text).not.toMatch(/^\s*-\s/m);
  });

  it("does not escape characters of the text (legal numbering, brackets, asterisks in words)", () => {
    const text = markdownToPlainText("> 1- يلتزم صاحب العمل [وفق المادة 61] بما يلي:\n> - أن يدفع الأجر");
    expect(text).toBe("1- يلتزم صاحب العمل [وفق المادة 61] بما يلي:\n\n• أن يدفع الأجر");
  });

  it("keeps link text, hard line breaks, code and table cells; leaves out raw HTML and images", () => {
    const markdown = [
      "See [the official text](https://laws.boe.gov.sa/x) and `Article 53`.  ",
      "Next line.",
      "",
      "<div>hidden</div>",
      "",
      "![chart](https://example.com/a.png)",
      "",
      "| Article | Subject |",
      "|---|---|",
      "| 53 | **Probation** |",
      "",
      "---",
      "",
      "* outer",
      "  * inner",
    ].join("\n");
    expect(markdownToPlainText(markdown)).toBe(
      ["See the official text and Article 53.", "Next line.", "", "Article\tSubject", "53\tProbation", "", "• outer", "   • inner"].join("\n"),
    );
  });

  it("drops an in-text Sources section only when asked", () => {
    const markdown = `Some answer.\n\n**Sources**\n- Labor Law, Article 53: ${LABOR_URL}\n\nClosing words.`;
    expect(markdownToPlainText(markdown, { dropSourcesSection: true })).toBe("Some answer.\n\nClosing words.");
    expect(markdownToPlainText(markdown)).toContain(`• Labor Law, Article 53: ${LABOR_URL}`);
    expect(markdownToPlainText(`نص.\n\n### المصادر\n- نظام العمل، المادة 53`, { dropSourcesSection: true })).toBe("نص.");
  });
});

describe("answerCopyText", () => {
  it("copies an Arabic answer without its follow-ups and ends with the sources", () => {
    const citations = [citation({}), citation({ articleId: `${LABOR}#54`, articleNumber: 54 })];
    const text = answerCopyText(ARABIC_ANSWER, citations, arabicLabels);
    expect(text.startsWith("الجواب: لا تزيد فترة التجربة")).toBe(true);
    expect(text).not.toContain("أسئلة متابعة مقترحة");
    expect(text).not.toContain("هل يجوز تمديد فترة التجربة؟");
    expect(text).not.toMatch(/\*\*|^>|^#/m);
    expect(text.endsWith(`\n\nالمصادر\n• نظام العمل، المادة 53: ${LABOR_URL}\n• نظام العمل، المادة 54: ${LABOR_URL}`)).toBe(true);
  });

  it("copies an English answer (with its Arabic quote) and marks a repealed law", () => {
    const postal = citation({
      articleId: "87aa6473-8e77-4dc5-b45d-a9a700f2e50f#3",
      lawName: "نظام البريد 1406هـ",
      lawNameEn: "Postal Law",
      articleNumber: 3,
      status: "repealed",
      sourceUrl: "https://laws.boe.gov.sa/BoeLaws/Laws/LawDetails/87aa6473-8e77-4dc5-b45d-a9a700f2e50f/1",
    });
    const text = answerCopyText(ENGLISH_ANSWER, [citation({}), postal], englishLabels);
    expect(text).toContain("إذا كان العامل خاضعاً لفترة تجربة");
    expect(text).not.toContain("Suggested follow-up questions");
    expect(text).not.toContain("Are holidays counted?");
    const sources = text.slice(text.lastIndexOf("\n\nSources\n") + 2).split("\n");
    expect(sources).toEqual(["Sources", `• Labor Law, Article 53: ${LABOR_URL}`, `• Postal Law, Article 3 (Repealed): ${postal.sourceUrl}`]);
  });

  it("lists each cited article once, without unsafe or missing links", () => {
    const text = answerCopyText("Answer.", [citation({}), citation({}), citation({ articleId: "x#1", articleNumber: 1, sourceUrl: "javascript:alert(1)" }), citation({ articleId: "y#2", articleNumber: 2, sourceUrl: "" })], englishLabels);
    expect(text).toBe(`Answer.\n\nSources\n• Labor Law, Article 53: ${LABOR_URL}\n• Labor Law, Article 1\n• Labor Law, Article 2`);
  });

  it("adds no sources heading when there are no citations, and keeps an in-text source list then", () => {
    expect(answerCopyText("**Answer:** none.\n\n### Suggested follow-up questions\n- Why?", [], englishLabels)).toBe("Answer: none.");
    const older = `Old answer.\n\n**Sources**\n- Labor Law, Article 53: ${LABOR_URL}`;
    expect(answerCopyText(older, [], englishLabels)).toContain(`• Labor Law, Article 53: ${LABOR_URL}`);
    // With citations, the in-text list gives way to the appended one (no duplicate list).
    const copied = answerCopyText(older, [citation({})], englishLabels);
    expect(copied.match(/Sources/g)).toHaveLength(1);
    expect(copied).toBe(`Old answer.\n\nSources\n• Labor Law, Article 53: ${LABOR_URL}`);
  });
});
