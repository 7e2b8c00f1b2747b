import { lawFileSchema } from "@qai/knowledge";
import { recordsOf } from "../src/domain/records";

describe("law file format", () => {
  it("accepts top-level articles with the spec's fields and the extra ones", () => {
    const file = lawFileSchema.parse({
      lawName: "نظام العمل",
      lawNameEn: "Labor Law",
      lawNumber: "م/51",
      lawDate: "1426/08/23 هـ",
      guid: "08381293-6388-48e2-8ad2-a9a700f2aa94",
      status: "in_force",
      sourceUrl: "https://laws.boe.gov.sa/BoeLaws/Laws/LawDetails/08381293-6388-48e2-8ad2-a9a700f2aa94/1",
      articles: [{ articleNumber: 53, articleTitle: "المادة الثالثة والخمسون", articleContent: "إذا كان العامل خاضعًا لفترة تجربة…" }],
    });
    expect(file.lawName).toBe("نظام العمل");
    expect(file.articles[0]).toMatchObject({ articleNumber: 53, articleSuffix: "" });
  });

  it("takes the title from `title` and articles from chapters", () => {
    const file = lawFileSchema.parse({
      title: "نظام التحكيم",
      chapters: [{ articles: [{ articleNumber: "1", articleContent: "نص" }] }, { articles: [{ articleNumber: 2, articleContent: "نص آخر" }] }],
    });
    expect(file.lawName).toBe("نظام التحكيم");
    expect(file.articles.map((a) => a.articleNumber)).toEqual([1, 2]);
  });

  it.each([
    [{ articles: [{ articleNumber: 1, articleContent: "x" }] }, "lawName"],
    [{ lawName: "x", articles: [] }, "articles"],
    [{ lawName: "x", chapters: [{ articles: [] }] }, "articles"],
    [{ lawName: "x", articles: [{ articleContent: "x" }] }, "articles.0.articleNumber"],
    [{ lawName: "x", articles: [{ articleNumber: "seven", articleContent: "x" }] }, "articles.0.articleNumber"],
    [{ lawName: "x", articles: [{ articleNumber: 1, articleContent: 5 }] }, "articles.0.articleContent"],
  ])("rejects %j naming %s", (input, path) => {
    const result = lawFileSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toContain(path);
  });

  it("derives article ids like the retrieval benchmark: <guid>#<number><suffix>, @k for repeats", () => {
    const file = lawFileSchema.parse({
      lawName: "نظام",
      guid: "g-1",
      articles: [
        { articleNumber: 1, articleContent: "a" },
        { articleNumber: 1, articleSuffix: "مكرر", articleContent: "b" },
        { articleNumber: 2, articleContent: "c" },
        { articleNumber: 2, articleContent: "d" },
      ],
    });
    const { law, articles } = recordsOf(file, "2026-01-01T00:00:00Z");
    expect(articles.map((a) => a.id)).toEqual(["g-1#1", "g-1#1مكرر", "g-1#2", "g-1#2@2"]);
    expect(law.sourceUrl).toBe("https://laws.boe.gov.sa/BoeLaws/Laws/LawDetails/g-1/1");
    expect(law.articleCount).toBe(4);
  });
});
