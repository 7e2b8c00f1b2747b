import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { EmbeddedSearchIndex } from "../src/index";
import type { IndexedArticle } from "../src/port";
import { testSearchIndex } from "./contract-suite";
import { FIXTURE } from "./fixtures";

testSearchIndex("embedded", async () => new EmbeddedSearchIndex());

describe("EmbeddedSearchIndex", () => {
  it("does not index the ordinal heading of article titles, only their topic", async () => {
    const index = new EmbeddedSearchIndex();
    const generation = await index.createGeneration();
    await index.index(generation, FIXTURE);
    await index.activate(generation);
    expect(await index.search("الحادية")).toEqual([]); // labor#11 is "المادة الحادية عشرة"
    expect((await index.search("المصرح"))[0]?.id).toBe("companies#60");
  });

  it("refuses to discard the active generation and to index into an unknown one", async () => {
    const index = new EmbeddedSearchIndex();
    const generation = await index.createGeneration();
    await index.activate(generation);
    await expect(index.discard(generation)).rejects.toThrow(/active/);
    await expect(index.index("nope", FIXTURE)).rejects.toThrow(/unknown/);
  });
});

/** The product's sample knowledge base (data/laws, 498 laws): real scale, always in the repository. */
const LAWS = resolve(__dirname, "../../../data/laws");

interface LawFile {
  lawName: string;
  lawNameEn: string | null;
  guid: string;
  status: IndexedArticle["status"];
  articles: Array<{ articleNumber: number; articleSuffix: string; articleTitle: string; articleContent: string }>;
}

/** A law file's articles with the knowledge service's ids: <guid>#<number><suffix>, @k for repeats. */
function articlesOf(law: LawFile): IndexedArticle[] {
  const seen = new Map<string, number>();
  return law.articles.map((article) => {
    const base = `${law.guid}#${article.articleNumber}${article.articleSuffix}`;
    const repeat = (seen.get(base) ?? 0) + 1;
    seen.set(base, repeat);
    return {
      id: repeat === 1 ? base : `${base}@${repeat}`,
      lawId: law.guid,
      lawName: law.lawName,
      ...(law.lawNameEn && { lawNameEn: law.lawNameEn }),
      articleNumber: article.articleNumber,
      articleSuffix: article.articleSuffix,
      articleTitle: article.articleTitle,
      content: article.articleContent,
      status: law.status,
    };
  });
}

describe("EmbeddedSearchIndex over the whole sample knowledge base", () => {
  const index = new EmbeddedSearchIndex();
  const labor = "08381293-6388-48e2-8ad2-a9a700f2aa94";

  beforeAll(async () => {
    const articles = readdirSync(LAWS)
      .filter((name) => name.endsWith(".json"))
      .flatMap((name) => articlesOf(JSON.parse(readFileSync(join(LAWS, name), "utf8")) as LawFile));
    expect(articles.length).toBeGreaterThan(15_000);
    const generation = await index.createGeneration();
    await index.index(generation, articles);
    await index.activate(generation);
  });

  it("finds Labor Law article 53 for the English probation question", async () => {
    const [first] = await index.search("How long can a probation period last under the Labor Law?", { language: "en" });
    expect(first?.id).toBe(`${labor}#53`);
  });

  it("resolves a cited article of a named law", async () => {
    expect((await index.search("المادة السابعة والسبعون من نظام العمل"))[0]?.id).toBe(`${labor}#77`);
  });

  it("gives an off-topic English question low coverage", async () => {
    const hits = await index.search("What is the capital of France?", { language: "en" });
    expect(Math.max(0, ...hits.map((hit) => hit.coverage))).toBeLessThan(0.5);
  });
});
