import * as path from "node:path";
import { cleanArticleTitle, parseArabicOrdinal, parseArticleHeading } from "./lib/article-heading";
import { announcedBisNumber, fillMissingArticles } from "./lib/gap-fill";
import { gregorianToUmmAlQura, readHijriDate } from "./lib/hijri-date";
import { officialEnglishTitle, parseTitleTable, readTitleTable, resolveEnglishTitles, type TitledLaw } from "./lib/english-titles";
import { articleIds, type LawArticle, type LawFile, serializeLawFile } from "./lib/law-file";
import { decreeFromDescription } from "./lib/law-metadata";
import { currentWording, parseFrontMatter, readDecreeNumber } from "./lib/laws-md-source";

function article(key: string, content = `text ${key}`): LawArticle {
  const match = /^(\d+)(.*)$/.exec(key);
  return { articleNumber: Number(match?.[1]), articleSuffix: match?.[2] ?? "", articleTitle: `المادة ${key}`, articleContent: content };
}

describe("Arabic ordinal parser", () => {
  it.each([
    ["الأولى", 1],
    ["الاولى", 1],
    ["العاشرة", 10],
    ["الحادية عشرة", 11],
    ["الحادية عشر", 11],
    ["الحادي عشر", 11],
    ["الثانية عشرة", 12],
    ["العشرون", 20],
    ["الحادية والعشرون", 21],
    ["الحادية والعشرين", 21],
    ["الخامسة والأربعون", 45],
    ["الحادية و الستون", 61],
    ["التاسعة والتسعون", 99],
    ["المائة", 100],
    ["المئة", 100],
    ["الأولى بعد المائة", 101],
    ["العاشرة بعد المائة", 110],
    ["الحادية عشرة بعد المائة", 111],
    ["العشرون بعد المائة", 120],
    ["المائتان", 200],
    ["المئتان", 200],
    ["الثانية عشرة بعد المائتين", 212],
    ["الخامسة والأربعون بعد المائتين", 245],
    ["الثلاثمائة", 300],
    ["الأولى بعد الثلاث مائة", 301],
    ["الحادية والعشرون بعد السبعمائة", 721],
  ])("%s = %d", (words, expected) => {
    expect(parseArabicOrdinal(words)).toBe(expected);
  });

  it("tolerates BOE typos", () => {
    expect(parseArabicOrdinal("الثانية الثلاثون")).toBe(32);
    expect(parseArabicOrdinal("الحادية العاشرة")).toBe(11);
    expect(parseArabicOrdinal("الأربعة والأربعون")).toBe(44);
  });

  it("rejects non-ordinals", () => {
    expect(parseArabicOrdinal("التعريفات")).toBeUndefined();
  });
});

describe("article headings", () => {
  it.each([
    ["المادة الثانية والعشرون :", 22, ""],
    ["المادة الأولى: التعريفات", 1, ""],
    ["المادة السادسة اجتماعات الجمعية العمومية", 6, ""],
    ["المادة الثانية ( السنة المالية )", 2, ""],
    ["المادة الحادية والثلاثين بعد المائة مكرر", 131, "مكرر"],
    ["المادة (14) مكرراً", 14, "مكرر"],
    ["المادة 53 مكرر", 53, "مكرر"],
    ["المادة ( 74)", 74, ""],
    ["المادة رقم (3)", 3, ""],
    ["المادة ١٢", 12, ""],
    ["المادة العشرون مكرر ثانياً", 20, "مكرر ثانياً"],
  ])("%s", (title, number, suffix) => {
    expect(parseArticleHeading(title)).toEqual({ number, suffix });
  });

  it("returns undefined without an article number", () => {
    expect(parseArticleHeading("الباب الأول")).toBeUndefined();
    expect(parseArticleHeading("المادة")).toBeUndefined();
  });

  it("cleans titles of trailing colons and spaces only", () => {
    expect(cleanArticleTitle("المادة الرابعة :: ")).toBe("المادة الرابعة");
    expect(cleanArticleTitle("المادة الأولى: التعريفات")).toBe("المادة الأولى: التعريفات");
    expect(cleanArticleTitle("المادة 1 -")).toBe("المادة 1 -");
  });
});

describe("article ids", () => {
  it("appends @k from the second occurrence of a number+suffix", () => {
    const law = { guid: "g", articles: ["1", "2", "2مكرر", "2", "3", "2"].map((key) => article(key)) };
    expect(articleIds(law)).toEqual(["g#1", "g#2", "g#2مكرر", "g#2@2", "g#3", "g#2@3"]);
  });
});

describe("Hijri dates", () => {
  it("converts Gregorian to Umm al-Qura", () => {
    expect(gregorianToUmmAlQura("2005-09-27")).toBe("1426/08/23 هـ");
    expect(gregorianToUmmAlQura("2013-11-25")).toBe("1435/01/22 هـ");
    expect(gregorianToUmmAlQura("not a date")).toBeNull();
  });

  it("reads Hijri dates written day-first or year-first, any digits", () => {
    expect(readHijriDate("بتاريخ 23 / 8 / 1426 هـ")).toBe("1426/08/23 هـ");
    expect(readHijriDate("بتاريخ ٢٢ / ٠١/ ١٤٣٥ هـ")).toBe("1435/01/22 هـ");
    expect(readHijriDate("وتاريخ 1442/4/4هـ")).toBe("1442/04/04 هـ");
  });
});

describe("law number and date", () => {
  it("reads the decree number from issued_by", () => {
    expect(readDecreeNumber("المرسوم الملكي رقم م/51 بتاريخ 23 / 8 / 1426 هـ")).toBe("م/51");
    expect(readDecreeNumber("المرسوم الملكي رقم ( م/٢ ) بتاريخ")).toBe("م/2");
  });

  it("takes the approving decree of the BOE brief only when its date matches issued_date", () => {
    const brief = "الموافقة على نظام الضمان الاجتماعي بموجب المرسوم الملكي رقم (م/32) وتاريخ 1442/4/4هـ.";
    expect(decreeFromDescription(brief, "2020-11-19")).toEqual({ lawNumber: "م/32", lawDate: "1442/04/04 هـ" });
    expect(decreeFromDescription(brief, "2005-09-27")).toBeNull();
    expect(decreeFromDescription("حل هذا النظام محل نظام البريد الصادر بالمرسوم الملكي (م/4)", "2021-10-14")).toBeNull();
  });

  it("parses front matter", () => {
    const front = parseFrontMatter('---\ntitle: "نظام العمل"\nissued_by: "x"\n---\n# body');
    expect(front).toEqual({ title: "نظام العمل", issued_by: "x" });
  });
});

describe("current wording of a Markdown article", () => {
  const heading = { number: 90, suffix: "" };

  it("replaces the original text by the announced new text", () => {
    const body = [
      "النص الأصلي.",
      "",
      "“النص الجديد:",
      "",
      "أ – بند”.",
      "",
      "> **تعديلات المادة:**",
      "> - تم تعديل هذه المادة بموجب المرسوم الملكي رقم ( م/ 46) ؛ لتكون بالنص الآتي:",
    ].join("\n");
    expect(currentWording(body, heading)).toBe(
      "تم تعديل هذه المادة بموجب المرسوم الملكي رقم ( م/ 46) ؛ لتكون بالنص الآتي:\n“النص الجديد:\nأ – بند”.",
    );
  });

  it("keeps the text and labels notes that do not carry a new text", () => {
    const body = "النص.\n\n> **تعديلات المادة:**\n> - تم بموجب المرسوم الملكي رقم (م/44) إضافة عبارة «أو الشركات».";
    expect(currentWording(body, heading)).toBe(
      "النص.\nتعديلات المادة:\n- تم بموجب المرسوم الملكي رقم (م/44) إضافة عبارة «أو الشركات».",
    );
  });

  it("drops the original text before an inline amendment note", () => {
    const body = "النص القديم.\n\nتم تعديل هذه المادة ونقلها بموجب المرسوم الملكي رقم ( م/ 46) بالنص الآتي :\n\n“النص”.";
    expect(currentWording(body, heading)).toBe("تم تعديل هذه المادة ونقلها بموجب المرسوم الملكي رقم ( م/ 46) بالنص الآتي :\n“النص”.");
  });

  it("drops chapter headings, the repeated heading and the implementing regulation", () => {
    const body = "الباب الأول\n\nأحكام عامة\n\nالمادة التسعون\n\nنص المادة.\n\nاللائحة:\n\nنص اللائحة.";
    expect(currentWording(body, heading)).toBe("نص المادة.");
  });
});

describe("filling missing articles", () => {
  it("inserts missing articles right after their predecessor and never replaces BOE articles", () => {
    const boe = ["2", "3", "5", "3"].map((key) => article(key, `boe ${key}`));
    const md = ["1", "2", "3", "4", "5", "6"].map((key) => article(key, `md ${key}`));
    const result = fillMissingArticles(boe, md);
    expect(result.articles.map((a) => `${a.articleNumber}:${a.articleContent}`)).toEqual([
      "1:md 1",
      "2:boe 2",
      "3:boe 3",
      "4:md 4",
      "5:boe 5",
      "6:md 6",
      "3:boe 3",
    ]);
    expect(result.filled).toEqual(["1", "4", "6"]);
  });

  it("renumbers a record holding the added bis article when the complete copy has both", () => {
    const bisNote = '- إضافة مادة بموجب المرسوم الملكي رقم (م / 5)، يكون ترتيبها ( الحادية والثلاثين بعد المائة مكرر ) بالنص الآتي: "..."';
    expect(announcedBisNumber(bisNote)).toBe(131);
    const boe = [article("130"), article("131", bisNote), article("132")];
    const md = [article("130"), article("131", "md 131"), article("131مكرر", "md bis"), article("132")];
    const result = fillMissingArticles(boe, md);
    expect(result.relabelled).toEqual(["131مكرر"]);
    expect(result.filled).toEqual(["131"]);
    expect(result.articles.map((a) => `${a.articleNumber}${a.articleSuffix}:${a.articleContent.slice(0, 6)}`)).toEqual([
      "130:text 1",
      "131:md 131",
      "131مكرر:- إضاف",
      "132:text 1",
    ]);
  });
});

describe("English titles", () => {
  const LABOR = "08381293-6388-48e2-8ad2-a9a700f2aa94";
  const CIVIL = "655fdb42-8c96-422b-b8c4-b04f0095c94c";
  const COMPANIES = "a8376aea-1bc3-49d4-9027-aed900b555af";
  const table = (...rows: string[]): string => ["guid\tlawName\tlawNameEn", ...rows].join("\n") + "\n";
  const laws: TitledLaw[] = [
    { guid: LABOR, lawName: "نظام العمل", officialTitle: "Labor Law" },
    { guid: CIVIL, lawName: "نظام المعاملات المدنية", officialTitle: null },
  ];

  it("gives a law without an official title the table's title, marked unofficial", () => {
    const { titles, superseded } = resolveEnglishTitles(laws, parseTitleTable(table(`${CIVIL}\tنظام المعاملات المدنية\tCivil Transactions Law`)));
    expect(titles.get(CIVIL)).toEqual({ lawNameEn: "Civil Transactions Law", lawNameEnOfficial: false });
    expect(titles.get(LABOR)).toEqual({ lawNameEn: "Labor Law", lawNameEnOfficial: true });
    expect(superseded).toEqual([]);
  });

  it("keeps an official title even when the table has one for the law (reported as superseded)", () => {
    const rows = parseTitleTable(table(`${CIVIL}\tنظام المعاملات المدنية\tCivil Transactions Law`, `${LABOR}\tنظام العمل\tEmployment Law`));
    const { titles, superseded } = resolveEnglishTitles(laws, rows);
    expect(titles.get(LABOR)).toEqual({ lawNameEn: "Labor Law", lawNameEnOfficial: true });
    expect(superseded.map((row) => row.guid)).toEqual([LABOR]);
  });

  it("fails when a law has no title at all", () => {
    expect(() => resolveEnglishTitles(laws, parseTitleTable(table()))).toThrow(`no English title for ${CIVIL} (نظام المعاملات المدنية)`);
  });

  it("fails when a row matches no law, or names the law differently", () => {
    const civil = `${CIVIL}\tنظام المعاملات المدنية\tCivil Transactions Law`;
    expect(() => resolveEnglishTitles(laws, parseTitleTable(table(civil, `${COMPANIES}\tنظام الشركات\tCompanies Law`)))).toThrow(
      `line 3: ${COMPANIES} (نظام الشركات) matches no law`,
    );
    expect(() => resolveEnglishTitles(laws, parseTitleTable(table(`${CIVIL}\tنظام الشركات\tCivil Transactions Law`)))).toThrow(
      /line 2: 655fdb42-.* is named "نظام المعاملات المدنية" in the source, not "نظام الشركات"/,
    );
  });

  it("refuses malformed rows: Arabic or padded titles, bad GUIDs, duplicates, wrong columns or header", () => {
    const civil = (title: string): string => `${CIVIL}\tنظام المعاملات المدنية\t${title}`;
    expect(() => parseTitleTable(table(civil("نظام Civil Transactions Law")))).toThrow("line 2: the English title contains Arabic letters");
    expect(() => parseTitleTable(table(civil("Civil Transactions Law ")))).toThrow("line 2: the English title has leading or trailing spaces");
    expect(() => parseTitleTable(table(civil("")))).toThrow("line 2: the English title is empty");
    expect(() => parseTitleTable(table(civil("Civil Transactions Law"), civil("Civil Law")))).toThrow(`line 3: ${CIVIL} is already on line 2`);
    expect(() => parseTitleTable(table(`${CIVIL.toUpperCase()}\tنظام المعاملات المدنية\tCivil Transactions Law`))).toThrow("is not a lower-case BOE GUID");
    expect(() => parseTitleTable(table(`${CIVIL}\tCivil Transactions Law`))).toThrow("line 2: expected 3 tab-separated columns, found 2");
    expect(() => parseTitleTable("guid\tname\ten\n")).toThrow("line 1: expected the header");
  });

  it("treats the source's empty or \"N/A\" English title as none", () => {
    expect(officialEnglishTitle("Labor Law ")).toBe("Labor Law");
    expect(officialEnglishTitle("N/A")).toBeNull();
    expect(officialEnglishTitle("")).toBeNull();
  });

  it("writes lawNameEnOfficial right after lawNameEn", () => {
    const law: LawFile = {
      lawName: "نظام المعاملات المدنية",
      lawNameEn: "Civil Transactions Law",
      lawNameEnOfficial: false,
      lawNumber: null,
      lawDate: "1444/11/29 هـ",
      guid: CIVIL,
      status: "in_force",
      sourceUrl: `https://laws.boe.gov.sa/BoeLaws/Laws/LawDetails/${CIVIL}/1`,
      issuedDate: "2023-06-18",
      articles: [article("1")],
    };
    expect(Object.keys(JSON.parse(serializeLawFile(law, true)) as object).slice(0, 4)).toEqual(["lawName", "lawNameEn", "lawNameEnOfficial", "lawNumber"]);
  });

  it("has a valid committed table: one plain-English title per row", () => {
    const rows = readTitleTable(path.join(__dirname, "data", "unofficial-english-titles.tsv"));
    expect(rows.size).toBe(254);
    expect(rows.get(CIVIL)?.lawNameEn).toBe("Civil Transactions Law");
    expect(rows.get(COMPANIES)?.lawNameEn).toBe("Companies Law");
  });
});
