import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
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

/** The benchmark corpus next to the repository (../shared/eval); the suite skips, named, without it. */
const CORPUS = resolve(__dirname, "../../../../shared/eval/corpus.jsonl");

interface CorpusRow {
  doc_id: string;
  law_guid: string;
  law_name: string;
  law_name_en: string | null;
  article_number: number;
  article_title: string;
  content: string;
  status: IndexedArticle["status"];
}

function toArticle(row: CorpusRow): IndexedArticle {
  const { doc_id: id, law_guid: lawId, law_name: lawName, law_name_en: lawNameEn, article_number: articleNumber } = row;
  return { id, lawId, lawName, ...(lawNameEn && { lawNameEn }), articleNumber, articleTitle: row.article_title, content: row.content, status: row.status };
}
const describeCorpus = existsSync(CORPUS) ? describe : describe.skip;

describeCorpus(`EmbeddedSearchIndex over the full corpus (${CORPUS})`, () => {
  const index = new EmbeddedSearchIndex();
  const labor = "08381293-6388-48e2-8ad2-a9a700f2aa94";

  beforeAll(async () => {
    const articles = readFileSync(CORPUS, "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => toArticle(JSON.parse(line) as CorpusRow));
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
