import { analyzeQuery } from "../src/analysis/analyzer";
import { conflationKey } from "../src/analysis/arabic-stemmer";
import { articleTopicPhrases, articleTopicTerms } from "../src/embedded/article-topics";
import { DEFAULT_RANKING } from "../src/embedded/ranking";
import { applySubjectPhrases, askedTerms, statedPhrase } from "../src/embedded/subject-phrases";

const LABOR = "08381293-6388-48e2-8ad2-a9a700f2aa94";
const stated = (articleId: string, question: string, language: "ar" | "en" = "ar") => statedPhrase(articleId, askedTerms(analyzeQuery(question, language), DEFAULT_RANKING), DEFAULT_RANKING);

describe("the subject-index phrases a question states", () => {
  it("reads an article's phrases of two or more distinct terms, each term from its topics field with its family key", () => {
    const phrases = articleTopicPhrases(`${LABOR}#80`);
    expect(phrases.length).toBeGreaterThan(3);
    const topicTerms = new Set(articleTopicTerms(`${LABOR}#80`));
    for (const { terms, keys } of phrases) {
      expect(new Set(terms).size).toBe(terms.length);
      expect(terms.length).toBeGreaterThanOrEqual(2);
      for (const term of terms) expect(topicTerms.has(term)).toBe(true);
      expect(keys).toEqual(terms.map(conflationKey));
    }
    expect(articleTopicPhrases("no-such-law#1")).toEqual([]);
  });

  it("counts a phrase the question states whole, and none it does not", () => {
    // Labor Law 80's "فصلوني بدون إنذار".
    expect(stated(`${LABOR}#80`, "فصلوني من الشغل بدون أي إنذار")).toBe(1);
    expect(stated(`${LABOR}#80`, "ما عقوبة تزوير المحررات الرسمية؟")).toBe(0);
  });

  it("credits a synonym and a word-family relative less than the word itself, and ignores a phrase stated below the share", () => {
    // Labor Law 160's "وفاة الزوج إجازة" (فا، زوج، اجاز): two words and one synonym of three.
    const asked = (own: string[], synonyms: string[]) => askedTerms({ clauses: own.map((term) => [term]), expansions: [synonyms] }, DEFAULT_RANKING);
    expect(statedPhrase(`${LABOR}#160`, asked(["اجاز", "فا"], ["زوج"]), DEFAULT_RANKING)).toBeCloseTo((1 + 1 + 0.5) / 3, 9);
    // A question word of the same word family (a leftover ل: "لزوج", key "زوج") counts the family weight.
    expect(statedPhrase(`${LABOR}#160`, asked(["اجاز", "فا", "لزوج"], []), DEFAULT_RANKING)).toBeCloseTo((1 + 1 + 0.3) / 3, 9);
    // One word of every phrase of two or more words is at most half of it: below the 0.6 that counts.
    expect(statedPhrase(`${LABOR}#160`, asked(["حداد"], []), DEFAULT_RANKING)).toBe(0);
  });

  it("lifts the candidates by the share stated, in units of the best candidate's score", () => {
    const scores = Float64Array.from([10, 8]);
    const ids = [`${LABOR}#113`, `${LABOR}#80`];
    applySubjectPhrases(scores, [0, 1], (slot) => ids[slot]!, analyzeQuery("فصلوني بدون إنذار", "ar"), DEFAULT_RANKING);
    expect(scores[1]).toBeCloseTo(8 + DEFAULT_RANKING.subjectPhrase.weight * 10, 9);
    expect(scores[0]).toBe(10);
    const off = Float64Array.from([10, 8]);
    applySubjectPhrases(off, [0, 1], (slot) => ids[slot]!, analyzeQuery("فصلوني بدون إنذار", "ar"), { ...DEFAULT_RANKING, subjectPhrase: { weight: 0, minShare: 0.6 } });
    expect([...off]).toEqual([10, 8]);
  });
});
