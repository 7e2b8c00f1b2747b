import { resolve } from "node:path";
import { AppError } from "@qai/platform";
import { LAW_FILE_LIMITS, lawFileSchema, parseLawFile, readLawFiles } from "@qai/knowledge";
import { lawFileOf, recordsOf } from "../src/domain/records";

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

describe("where the English title comes from (lawNameEnOfficial)", () => {
  const law = { lawName: "نظام المعاملات المدنية", lawNameEn: "Civil Transactions Law", articles: [{ articleNumber: 1, articleContent: "نص" }] };

  it.each([
    [true, true],
    [false, false],
    [null, undefined],
    [undefined, undefined],
  ])("lawNameEnOfficial %j is kept as %j (absent or null: unknown)", (given, kept) => {
    expect(lawFileSchema.parse({ ...law, lawNameEnOfficial: given }).lawNameEnOfficial).toBe(kept);
  });

  it("drops the flag of a file without an English title", () => {
    expect(lawFileSchema.parse({ ...law, lawNameEn: null, lawNameEnOfficial: false }).lawNameEnOfficial).toBeUndefined();
    expect(lawFileSchema.parse({ ...law, lawNameEn: " ", lawNameEnOfficial: true }).lawNameEnOfficial).toBeUndefined();
  });

  it("refuses a flag that is not a boolean, naming it", () => {
    expect(() => parseLawFile(JSON.stringify({ ...law, lawNameEnOfficial: "no" }), "titles.json")).toThrow(/"titles.json": lawNameEnOfficial: /);
  });

  it("is stored and exported with the law (null when unknown), so an export uploads again unchanged", () => {
    const unofficial = recordsOf(lawFileSchema.parse({ ...law, lawNameEnOfficial: false }), "2026-01-01T00:00:00Z");
    expect(unofficial.law.lawNameEnOfficial).toBe(false);
    const exported = lawFileOf(unofficial.law, unofficial.articles);
    expect(Object.keys(exported).slice(0, 3)).toEqual(["lawName", "lawNameEn", "lawNameEnOfficial"]);
    expect(parseLawFile(JSON.stringify(exported), "export.json")).toMatchObject({ lawNameEn: "Civil Transactions Law", lawNameEnOfficial: false });
    const unknown = recordsOf(lawFileSchema.parse(law), "2026-01-01T00:00:00Z");
    expect(lawFileOf(unknown.law, unknown.articles).lawNameEnOfficial).toBeNull();
  });

  it("holds for the sample knowledge base: every law in data/laws has an English title and says where it comes from", async () => {
    const laws = await readLawFiles(resolve(__dirname, "../../../data/laws"));
    expect(laws).toHaveLength(498);
    expect(laws.filter((file) => !file.lawNameEn || typeof file.lawNameEnOfficial !== "boolean")).toEqual([]);
    expect(laws.some((file) => file.lawNameEnOfficial) && laws.some((file) => !file.lawNameEnOfficial)).toBe(true);
    expect(laws.find((file) => file.lawName === "نظام العمل")).toMatchObject({ lawNameEn: "Labor Law", lawNameEnOfficial: true });
    expect(laws.find((file) => file.lawName === "نظام المعاملات المدنية")).toMatchObject({ lawNameEn: "Civil Transactions Law", lawNameEnOfficial: false });
  });
});

describe("parseLawFile (uploads)", () => {
  const good = { lawName: "نظام", articles: [{ articleNumber: 1, articleContent: "نص" }] };

  it("accepts a good file and the nullable fields the sample data carries", () => {
    expect(parseLawFile(JSON.stringify({ ...good, lawNameEn: null, lawNumber: null, guid: "g-1" }), "a.json").guid).toBe("g-1");
  });

  it.each([
    ["not JSON", "{ not json", /"bad.json": not valid JSON/],
    ["no articles", JSON.stringify({ lawName: "نظام", articles: [] }), /"bad.json": the file has no articles$/],
    ["a missing article number", JSON.stringify({ lawName: "نظام", articles: [{ articleContent: "نص" }] }), /"bad.json": articles.0.articleNumber is required$/],
    ["a wrong type", JSON.stringify({ lawName: "نظام", articles: [{ articleNumber: 1, articleContent: 7 }] }), /"bad.json": articles.0.articleContent: /],
    ["not an object", JSON.stringify([good]), /"bad.json": a law file must be a JSON object$/],
    ["nesting deeper than the format", JSON.stringify({ ...good, extra: { a: { b: { c: { d: {} } } } } }), /"bad.json": objects and arrays nest deeper than the law-file format allows/],
  ])("refuses %s, naming the file under the spec's message", (_case, json, problem) => {
    const failure = (() => {
      try {
        parseLawFile(json, "bad.json");
      } catch (error) {
        return error as AppError;
      }
      throw new Error("accepted");
    })();
    expect(failure.code).toBe("invalid_argument");
    expect(failure.userMessage?.en).toMatch(/^One or more files contain invalid JSON or no articles: /);
    expect(failure.userMessage?.en).toMatch(problem);
    expect(failure.userMessage?.ar).toMatch(/^ملف واحد أو أكثر يحتوي على JSON غير صالح أو لا يحتوي على مواد: "bad.json": /);
    expect(failure.details).toMatchObject({ file: '"bad.json"' });
  });

  it("refuses a file over 20 MB before parsing it", () => {
    const big = JSON.stringify({ ...good, articles: [{ articleNumber: 1, articleContent: "x".repeat(LAW_FILE_LIMITS.maxFileBytes) }] });
    expect(() => parseLawFile(big, "big.json")).toThrow(expect.objectContaining({ details: expect.objectContaining({ tooLarge: true }) }));
  });

  it("names an unnamed file by its position and law name", () => {
    expect(() => parseLawFile(JSON.stringify({ lawName: "نظام العمل", articles: [] }), undefined, 2)).toThrow(
      expect.objectContaining({ message: 'file 3 ("نظام العمل"): the file has no articles' }),
    );
  });
});
