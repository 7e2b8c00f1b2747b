import { analyzeQuery, EmbeddedSearchIndex, type IndexedArticle } from "../src/index";
import { fromDialect, questionForms } from "../src/analysis/everyday";
import { lawKind } from "../src/embedded/law-kind";

describe("lawKind", () => {
  it("tells general laws from regulations and the rules of one body", () => {
    expect(lawKind("نظام العمل")).toBe("general");
    expect(lawKind("نظام المعاملات المدنية")).toBe("general");
    expect(lawKind("النظام الأساسي للحكم")).toBe("general");
    expect(lawKind("اللائحة التنفيذية لنظام الإفلاس")).toBe("regulation");
    expect(lawKind("القواعد المنظمة للتخصيص")).toBe("regulation");
    expect(lawKind("تنظيم هيئات تطوير المناطق والمدن")).toBe("special");
    expect(lawKind("الترتيبات التنظيمية للمركز الوطني للمناهج")).toBe("special");
    expect(lawKind("النظام الأساسي لهيئة المحاسبة والمراجعة لدول مجلس التعاون")).toBe("special");
    expect(lawKind("نظام مجلس الشورى")).toBe("special");
    expect(lawKind("تـنظيم هيـئـة الرقابة النوويـة")).toBe("special");
    expect(lawKind("نظام خدمة الضباط")).toBe("special");
    expect(lawKind("نظام الخدمة المدنية")).toBe("general");
  });
});

describe("everyday wording", () => {
  it("maps colloquial words onto the wording of the law texts, dropping filler", () => {
    expect(fromDialect("وش")).toEqual([]);
    expect(fromDialect("الكفيل")).toEqual(["صاحب", "العمل"]);
    expect(fromDialect("فصلوني")).toEqual(["فصل"]);
    // "the company" an employee speaks of is the employer; the word itself stays.
    expect(fromDialect("الشركه")).toEqual(["الشركه", "صاحب", "العمل"]);
    expect(fromDialect("العامل")).toBeUndefined();
  });

  it("gives possessive and first-person question words their bare and third-person forms", () => {
    expect(questionForms("راتبي")).toEqual(["راتب"]);
    expect(questionForms("سيارتي")).toEqual(["سياره"]);
    expect(questionForms("رواتبنا")).toEqual(["رواتب"]);
    expect(questionForms("استحق")).toEqual(["يستحق"]);
    expect(questionForms("العامل")).toEqual([]);
  });

  it("analyses a colloquial question into legal terms", () => {
    const { clauses } = analyzeQuery("وش أسوي إذا الكفيل فصلوني؟", "ar");
    expect(clauses).toEqual([["صاحب"], ["عمل"], ["فصل"]]);
  });
});

describe("the law-level decision", () => {
  const article = (lawId: string, lawName: string, articleNumber: number, content: string): IndexedArticle => ({
    id: `${lawId}#${articleNumber}`, lawId, lawName, articleNumber, articleTitle: "", content, status: "in_force",
  });
  const articles = [
    article("authorities", "تنظيم هيئات تطوير المناطق والمدن", 26, "يستحق الموظف إجازة سنوية مدتها ستة وثلاثون يوما"),
    article("labor", "نظام العمل", 109, "يستحق العامل عن كل عام إجازة سنوية لا تقل مدتها عن واحد وعشرين يوما"),
    article("labor", "نظام العمل", 110, "للعامل الحق في التمتع بإجازته في سنة استحقاقها"),
  ];

  async function indexed(): Promise<EmbeddedSearchIndex> {
    const index = new EmbeddedSearchIndex();
    const generation = await index.createGeneration();
    await index.index(generation, articles);
    await index.activate(generation);
    return index;
  }

  it("answers a question that names no body from the general law, and says why", async () => {
    const index = await indexed();
    const { hits, laws } = await index.explain("كم مدة الإجازة السنوية المستحقة للموظف؟");
    expect(hits[0]?.id).toBe("labor#109");
    const special = laws.find((law) => law.lawId === "authorities")!;
    expect(special).toMatchObject({ kind: "special", named: 0 });
    expect(special.prior).toBeLessThan(1);
    expect(laws[0]).toMatchObject({ lawId: "labor", kind: "general", prior: 1, evidence: 1 });
  });

  it("answers from the rules of a body when the question names that body", async () => {
    const index = await indexed();
    const { hits, laws } = await index.explain("كم مدة الإجازة السنوية لموظف هيئة تطوير المنطقة؟");
    expect(hits[0]?.id).toBe("authorities#26");
    expect(laws.find((law) => law.lawId === "authorities")?.prior).toBe(1);
  });
});
