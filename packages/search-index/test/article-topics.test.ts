import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { articleTopics, articleTopicTerms, parseTopics, readTopics, TOPICS_DIR } from "../src/embedded/article-topics";
import { fieldTerms } from "../src/embedded/generation";
import { FIELDS } from "../src/embedded/ranking";
import { analyzeEveryday } from "../src/analysis/analyzer";
import { conflationKey } from "../src/analysis/arabic-stemmer";
import { articleDocument } from "../src/elasticsearch/documents";
import { EmbeddedSearchIndex, type IndexedArticle } from "../src/index";
import { lawArticles } from "./corpus";

const LABOR = "08381293-6388-48e2-8ad2-a9a700f2aa94";

function article(id: string, content: string): IndexedArticle {
  const [lawId = "", key = ""] = id.split("#");
  return { id, lawId, lawName: "نظام العمل", status: "in_force", articleNumber: Number.parseInt(key, 10), articleTitle: "", content };
}

describe("the subject index (article topics)", () => {
  it("reads '<key>\\t<phrases>' lines, skipping comments and lines without a key", () => {
    const topics = parseTopics("# نظام العمل\n109\tكم يوم إجازة سنوية، annual leave\n\tno key\n12مكرر\tالسعودة\n");
    expect([...topics]).toEqual([
      ["109", "كم يوم إجازة سنوية، annual leave"],
      ["12مكرر", "السعودة"],
    ]);
  });

  it("files a law's parts ('<law>.1.tsv', '<law>.2.tsv') under the law id", () => {
    const dir = mkdtempSync(join(tmpdir(), "topics-"));
    writeFileSync(join(dir, "law-a.1.tsv"), "1\tأول\n");
    writeFileSync(join(dir, "law-a.2.tsv"), "400\tآخر\n");
    writeFileSync(join(dir, "law-b.tsv"), "1\tغيره\n");
    writeFileSync(join(dir, "notes.md"), "1\tnot a table\n");
    expect(readTopics(dir)).toEqual(new Map([["law-a#1", "أول"], ["law-a#400", "آخر"], ["law-b#1", "غيره"]]));
  });

  it("every shipped file names a law, and its lines a key and phrases", () => {
    const files = readdirSync(TOPICS_DIR).filter((name) => name.endsWith(".tsv"));
    expect(files.length).toBeGreaterThan(0);
    for (const name of files) {
      expect(name).toMatch(/^[0-9a-f-]{36}(\.\d+)?\.tsv$/);
      const lines = readFileSync(join(TOPICS_DIR, name), "utf8").split("\n").filter((line) => line !== "" && !line.startsWith("#"));
      for (const line of lines) expect(line).toMatch(/^[0-9]+[^\t]*\t[^\t]+$/u);
    }
  });

  it("every shipped key names an article of the knowledge base (a repeated number's '@n' one of its repeats)", () => {
    const articles = new Set(lawArticles().map((article) => article.id));
    const unknown = [...readTopics(TOPICS_DIR).keys()].filter((id) => !articles.has(id.replace(/@\d+$/u, "")));
    expect(unknown).toEqual([]);
  });

  it("indexes an article's phrases as its topics field, by its id (a repeated number's '@n' is another article)", () => {
    const topics = FIELDS.indexOf("topics");
    expect(articleTopics(`${LABOR}#80`)).not.toBe("");
    expect(articleTopics(`${LABOR}#80@2`)).toBe("");
    expect(fieldTerms(article(`${LABOR}#80`, "لا يجوز لصاحب العمل فسخ العقد"))[topics]).toEqual(analyzeEveryday(articleTopics(`${LABOR}#80`)));
    expect(fieldTerms(article("law-without-topics#1", "نص"))[topics]).toEqual([]);
  });

  it("hands out an article's analysed phrases as copies: a caller's change does not reach the next caller", () => {
    const first = articleTopicTerms(`${LABOR}#80`);
    first.push("مضاف");
    const second = articleTopicTerms(`${LABOR}#80`);
    expect(second).not.toBe(first);
    expect(second).toEqual(analyzeEveryday(articleTopics(`${LABOR}#80`)));
  });

  it("gives Elasticsearch the same topics, and their word families, as the embedded index", () => {
    const document = articleDocument(article(`${LABOR}#80`, "نص"));
    const terms = analyzeEveryday(articleTopics(`${LABOR}#80`));
    expect(document.topics).toBe(terms.join(" "));
    expect(document.family.split(" ")).toEqual(expect.arrayContaining(terms.map(conflationKey)));
  });

  it("finds an article by the everyday words of its topics, which its text does not use", async () => {
    const index = new EmbeddedSearchIndex();
    const generation = await index.createGeneration();
    // Two articles about the contract's end; only the second's topics speak of being fired ("فصلوني").
    const phrase = articleTopics(`${LABOR}#80`).split("، ").find((p) => /فصل/u.test(p));
    expect(phrase).toBeDefined();
    await index.index(generation, [article(`${LABOR}#75`, "إذا كان العقد غير محدد المدة جاز لأي من طرفيه إنهاؤه"), article(`${LABOR}#80`, "لا يجوز لصاحب العمل فسخ العقد دون مكافأة")]);
    await index.activate(generation);
    const hits = await index.search(phrase!, { limit: 2 });
    expect(hits[0]?.id).toBe(`${LABOR}#80`);
  });
});
