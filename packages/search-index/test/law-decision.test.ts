import { analyzeQuery, DEFAULT_RANKING, EmbeddedSearchIndex, type IndexedArticle } from "../src/index";
import { fromDialect, fromDialectPhrase, questionForms } from "../src/analysis/everyday";
import { normalizeArabic } from "../src/analysis/normalize";
import { lawKind } from "../src/embedded/law-kind";
import { titleWordWeights } from "../src/embedded/law-decision";
import { LawDirectory } from "../src/embedded/law-directory";

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
    expect(lawKind("نظام الأئمة والمؤذنين وخدم المساجد")).toBe("special");
    // The military colleges' own law: "How much sick leave am I entitled to?" led with its cadets' sick leave.
    expect(lawKind("نظام الكليات العسكرية")).toBe("special");
    expect(lawKind("نظام الخدمة المدنية")).toBe("general");
    expect(lawKind("النظام البحري التجاري")).toBe("regime");
    expect(lawKind("نظام الطيران المدني")).toBe("regime");
    expect(lawKind("نظام الايجار التمويلي")).toBe("regime");
    expect(lawKind("نظام (قانون) الجمارك الموحد لدول مجلس التعاون لدول الخليج العربية")).toBe("regime");
    expect(lawKind("نظام التجارة الإلكترونية")).toBe("regime");
    expect(lawKind("نظام التخصيص")).toBe("regime");
    expect(lawKind("نظام المسؤولية المدنية عن الأضرار النووية")).toBe("regime");
    expect(lawKind("نظام مكافحة جرائم الإرهاب وتمويله")).toBe("regime");
    expect(lawKind("نظام المنافسات و المشتريات الحكومية")).toBe("regime");
  });
});

describe("everyday wording", () => {
  it("maps colloquial words onto the wording of the law texts, dropping filler", () => {
    expect(fromDialect("وش")).toEqual([]);
    expect(fromDialect("الكفيل")).toEqual(["صاحب", "العمل"]);
    expect(fromDialect("فصلوني")).toEqual(["فصل"]);
    // A past verb with its object ("ألغاه") stems to غاية's "غا"; it is the repeal.
    expect(fromDialect(normalizeArabic("ألغاه"))).toEqual([normalizeArabic("إلغاء")]);
    // "يفحّط" is the Traffic Law's التفحيط; "سلّمت" money to someone is the texts' تسليم.
    expect(fromDialect(normalizeArabic("يفحّط"))).toEqual(["التفحيط"]);
    expect(fromDialect(normalizeArabic("سلّمت"))).toEqual(["سلم", "تسليم"]);
    // "يسقط حقي" is the texts' "سقط حقه": a three-letter possessive the light stemmer keeps whole.
    expect(fromDialect("حقي")).toEqual(["حق"]);
    // "the company" an employee speaks of is the employer; the word itself stays.
    expect(fromDialect("الشركه")).toEqual(["الشركه", "صاحب", "العمل"]);
    // "شركة ثانية" is "another company"; the word keeps its MSA sense (second) too.
    expect(fromDialect("ثانيه")).toEqual(["ثانيه", "اخر"]);
    // A salary "comes down" when it is paid: the texts' "أداء الأجر".
    expect(fromDialect("نزلت")).toEqual(["اداء"]);
    // "يصرف على أهله" is maintenance (نفقة); the word keeps its MSA sense (to pay out) too.
    expect(fromDialect("يصرف")).toEqual(["يصرف", "الانفاق", "النفقه"]);
    // "ألغي الطلب": I cancel (إلغاء); as written, its ال would read as the article and leave "غي".
    expect(fromDialect(normalizeArabic("ألغي"))).toEqual(["الغاء"]);
    // A colloquial word keeps its sense after a preposition or the article: "بالواتساب", "والمدير رافض".
    expect(fromDialect(normalizeArabic("بالواتساب"))).toEqual(["الشبكه", "المعلوماتيه"]);
    expect(fromDialect("الحل")).toEqual([]);
    // The demonstrative ها before the article: "هالفلوس" is "these money" (المال), "هالأسبوع" "this week".
    expect(fromDialect(normalizeArabic("هالفلوس"))).toEqual(["المال"]);
    expect(fromDialect(normalizeArabic("هالأسبوع"))).toEqual(["الاسبوع"]);
    expect(fromDialect(normalizeArabic("وهالعقوبة"))).toEqual(["العقوبه"]);
    expect(fromDialect(normalizeArabic("هالك"))).toBeUndefined();
    // "ينصب علي" is a swindle (احتيال); "مؤسستي" a person's business, the texts' المنشأة; "يتعاقب" is punished.
    expect(fromDialectPhrase("ينصب", "علي")).toEqual(["احتيال"]);
    expect(fromDialect(normalizeArabic("مؤسستي"))).toEqual(["الموسسه", "المنشاه"]);
    expect(fromDialect("يتعاقب")).toEqual(["يعاقب", "عقوبه"]);
    // A bet is a gamble (قمار), not a pledge (رهن).
    expect(fromDialect("راهنت")).toEqual(["قمار"]);
    // A creditor's "سامحتك في الدين" is the Civil Transactions Law's إبراء; "مكتب عقاري" is its broker, "الشغالة" a domestic worker.
    expect(fromDialect("سامحتك")).toEqual(["ابراء"]);
    expect(fromDialectPhrase("مكتب", normalizeArabic("عقاري"))).toEqual(["الوسيط", "العقاري"]);
    expect(fromDialect(normalizeArabic("الشغالة"))).toEqual(["عامله", "منزليه"]);
    // A contract that "خلص" has ended; a car that "صدم" another had an accident; "سلفت" is a loan given.
    expect(fromDialect("خلصت")).toEqual(["انتهاء", "انجاز"]);
    expect(fromDialect("صدم")).toEqual(["حادث"]);
    expect(fromDialect("سلفت")).toEqual(["القرض", "المقرض"]);
    // A bought phone "فيه خراب" has a defect (عيب); a flat a neighbour "خرب" was damaged (تلف).
    expect(fromDialect("خراب")).toEqual(["عيب", "تلف"]);
    expect(fromDialect("خرب")).toEqual(["تلف"]);
    // "مرتي ولدت": my wife gave birth; "يهددني ينشر صوري": a threat against one's private life.
    expect(fromDialect("مرتي")).toEqual(["زوجه"]);
    expect(fromDialect("ولدت")).toEqual(["ولاده", "مولود"]);
    expect(fromDialect("يهددني")).toEqual(["تهديد", "ابتزاز"]);
    expect(fromDialect("صوري")).toEqual(["صور", "الحياه", "الخاصه"]);
    // A contractor who "ما خلص" the house did not complete it (إنجاز); a contract that "خلص" ended.
    expect(fromDialect("خلص")).toEqual(["انتهاء", "انجاز"]);
    expect(fromDialectPhrase(normalizeArabic("شهادة"), normalizeArabic("خبرة"))).toEqual(["شهاده", "خدمه"]);
    // Social media, as the Anti-Cyber Crime Law says it.
    expect(fromDialectPhrase(normalizeArabic("مواقع"), normalizeArabic("التواصل"))).toEqual(["الشبكه", "المعلوماتيه"]);
    // Two-word phrases: the landlord, the end-of-service award.
    expect(fromDialectPhrase(normalizeArabic("صاحب"), normalizeArabic("البيت"))).toEqual([normalizeArabic("المؤجر")]);
    expect(fromDialectPhrase(normalizeArabic("نهاية"), normalizeArabic("الخدمة"))).toEqual(["مكافاه", "نهايه", "الخدمه"]);
    expect(fromDialectPhrase(normalizeArabic("صاحب"), normalizeArabic("العمل"))).toBeUndefined();
    // "هل يمكنني …", "متى شئت", "أعطاني شخص …" carry no legal notion; "يلزمني" asks whether a rule binds.
    expect(fromDialect(normalizeArabic("يمكنني"))).toEqual([]);
    expect(fromDialect(normalizeArabic("أعطاني"))).toEqual([]);
    expect(fromDialect(normalizeArabic("يلزمني"))).toEqual(["يلزم"]);
    // A cheque "صرفه" (cashed) is its الوفاء; a salary "ما صرف" stays أداء, or an employer's "الوفاء بالأجر" in the
    // Civil Transactions Law's contracting chapter outranked the Labor Law's late wages.
    expect(fromDialect(normalizeArabic("صرفه"))).toEqual(["صرف", "الوفاء"]);
    // "طليقتي": my former wife, the texts' "المطلقة".
    expect(fromDialect("طليقتي")).toEqual(["المطلقه"]);
    // "انصبت في الشغل": I was injured at work.
    expect(fromDialect("انصبت")).toEqual(["اصابه"]);
    // "وستلد قريباً": she will give birth; "سأتزوج": I will marry; "يضايقني بكلام": harassment; "ساند": the
    // unemployment insurance's everyday name.
    expect(fromDialect(normalizeArabic("وستلد"))).toEqual(["ولاده"]);
    expect(fromDialect(normalizeArabic("سأتزوج"))).toEqual(["زواج"]);
    expect(fromDialect(normalizeArabic("يضايقني"))).toEqual(["تحرش"]);
    expect(fromDialect("ساند")).toEqual(["التامين", "ضد", "التعطل"]);
    // "عاقبني مديري" is a disciplinary penalty (جزاء); "ضمنت واحد في دين" is a surety (كفالة); "صاحب الدين" the creditor.
    expect(fromDialect("عاقبني")).toEqual(["جزاء"]);
    expect(fromDialect("ضمنت")).toEqual(["كفاله", "ضمان"]);
    expect(fromDialectPhrase("صاحب", "الدين")).toEqual(["الداين"]);
    // "هكروا حسابي"/"اخترق حسابي": the Anti-Cyber Crime Law's unlawful access; "فضحني": defamation; "الورث": inheritance.
    expect(fromDialect("هكروا")).toEqual(["الدخول", "غير", "المشروع"]);
    expect(fromDialect("فضحني")).toEqual(["التشهير"]);
    expect(fromDialect("الورث")).toEqual(["الارث"]);
    // Moving to another sponsor is the Labor Law's transfer of the worker's services.
    expect(fromDialectPhrase("نقل", normalizeArabic("كفالة"))).toEqual(["نقل", "خدمات"]);
    // The weekly day off is the Labor Law's "الراحة الأسبوعية"; staying after hours is its "ساعات العمل الإضافية";
    // money paid ahead to hold a purchase is an earnest (عربون).
    expect(fromDialectPhrase(normalizeArabic("العطلة"), normalizeArabic("الأسبوعية"))).toEqual(["الراحه", "الاسبوعيه"]);
    expect(fromDialectPhrase(normalizeArabic("الوقت"), normalizeArabic("الزائد"))).toEqual(["ساعات", "العمل", "الاضافيه"]);
    expect(fromDialectPhrase(normalizeArabic("مبلغاً"), normalizeArabic("مقدماً"))).toEqual(["مبلغ", "عربون"]);
    // "النصاب القانوني" is a quorum: no colloquial reading.
    expect(fromDialect(normalizeArabic("النصاب"))).toBeUndefined();
    expect(fromDialect("الشغل")).toEqual(["العمل"]);
    // "ما صرف راتبي": the salary was not paid (أداء الأجر).
    expect(fromDialect("صرف")).toEqual(["صرف", "اداء"]);
    // "رفعت دعوى": the asker is the plaintiff.
    expect(fromDialect("رفعت")).toEqual(["رفع", "المدعي"]);
    // A hollow verb loses its alef in the first person: "استقلت" (I resigned) is the texts' "استقالة".
    expect(fromDialect("استقلت")).toEqual(["استقاله"]);
    // Social media a post was published on is the texts' "الشبكة المعلوماتية" (the cybercrime law's wording).
    expect(fromDialect("تويتر")).toEqual(["الشبكه", "المعلوماتيه"]);
    // The first person of a transaction is its party in the texts: "اشتريت" → "المشتري", "استأجرت" → "المستأجر".
    expect(fromDialect("اشتريت")).toEqual(["المشتري"]);
    expect(fromDialect(normalizeArabic("استأجرت"))).toEqual(["المستاجر"]);
    // After the conjunction و, a colloquial word reads as itself: "وصارت تجيني مخالفات" keeps "مخالفات" only.
    expect(fromDialect("وصارت")).toEqual([]);
    expect(fromDialect("تجيني")).toEqual([]);
    expect(fromDialect("العامل")).toBeUndefined();
    expect(fromDialect("والعامل")).toBeUndefined();
  });

  it("gives possessive and first-person question words their bare and third-person forms", () => {
    expect(questionForms("راتبي")).toEqual(["راتب"]);
    expect(questionForms("سيارتي")).toEqual(["سياره"]);
    expect(questionForms("رواتبنا")).toEqual(["رواتب"]);
    expect(questionForms("استحق")).toEqual(["يستحق"]);
    expect(questionForms("العامل")).toEqual([]);
    // The dual of a ة noun ("ساعتين", "سنتين") is also read as the singular the texts use.
    expect(questionForms("ساعتين")).toContain("ساعه");
    expect(questionForms("سنتين")).toContain("سنه");
    // A verb with its object "me": "ينقلني" (moves me) against the texts' "أن ينقل العامل".
    expect(questionForms("ينقلني")).toContain("ينقل");
  });

  it("analyses a colloquial question into legal terms", () => {
    const { clauses } = analyzeQuery("وش أسوي إذا الكفيل فصلوني؟", "ar");
    expect(clauses).toEqual([["صاحب"], ["عمل"], ["فصل"]]);
  });

  it("reads 'my father', 'my son', 'my daughters' as kin, not as a conjunction or preposition before another word", () => {
    // Light stemming read والدي as و + الدي → "دي" (expanded to دين, debt) and dropped ولدي as و + لدي ("I have").
    expect(analyzeQuery("وهبني والدي أرضاً", "ar").clauses).toContainEqual(["اب"]);
    expect(analyzeQuery("ولدي", "ar").clauses).toEqual([["ولد"]]);
    expect(analyzeQuery("بناتي", "ar").clauses).toEqual([["بنت"]]);
    expect(analyzeQuery("نفقة عيالي", "ar").clauses).toContainEqual(["ولد"]);
  });
});

describe("the law-level decision", () => {
  const article = (lawId: string, lawName: string, articleNumber: number, content: string): IndexedArticle => ({
    id: `${lawId}#${articleNumber}`, lawId, lawName, articleNumber, articleTitle: "", content, status: "in_force",
  });
  /** Articles of two other laws, so that document frequencies are not those of the laws a test compares alone. */
  const unrelated = [
    article("labor", "نظام العمل", 109, "يستحق العامل عن كل عام إجازة سنوية"),
    article("companies", "نظام الشركات", 35, "يكون الشريك في شركة التضامن مسؤولا بالتضامن عن ديون الشركة"),
  ];
  /** The ranking without the special regimes' weight. */
  const WITHOUT_REGIMES = { ...DEFAULT_RANKING, lawPrior: { ...DEFAULT_RANKING.lawPrior, regime: 1 } };
  const articles = [
    article("authorities", "تنظيم هيئات تطوير المناطق والمدن", 26, "يستحق الموظف إجازة سنوية مدتها ستة وثلاثون يوما"),
    article("labor", "نظام العمل", 109, "يستحق العامل عن كل عام إجازة سنوية لا تقل مدتها عن واحد وعشرين يوما"),
    article("labor", "نظام العمل", 110, "للعامل الحق في التمتع بإجازته في سنة استحقاقها"),
  ];

  /** `given` in a new index ranking with `ranking`. */
  async function indexed(given: IndexedArticle[] = articles, ranking = DEFAULT_RANKING): Promise<EmbeddedSearchIndex> {
    const index = new EmbeddedSearchIndex(ranking);
    const generation = await index.createGeneration();
    await index.index(generation, given);
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

  it("answers a government employee's question from the civil-service law, a worker's from the Labor Law", async () => {
    const index = new EmbeddedSearchIndex();
    const generation = await index.createGeneration();
    await index.index(generation, [
      article("labor", "نظام العمل", 66, "الجزاءات التأديبية التي يجوز لصاحب العمل توقيعها على العامل: الإنذار، الغرامة، الحرمان من العلاوة، الفصل"),
      article("labor", "نظام العمل", 67, "لا يجوز لصاحب العمل أن يوقع على العامل جزاء تأديبيا لم يرد في لائحة تنظيم العمل"),
      article("labor", "نظام العمل", 71, "لا يجوز توقيع جزاء تأديبي على العامل إلا بعد إبلاغه كتابة بما نسب إليه وسماع أقواله"),
      article("discipline", "نظام الانضباط الوظيفي", 21, "تمحى الجزاءات التأديبية الموقعة على الموظف بمضي سنتين من تاريخ صدورها، ويحفظ قرارها في ملف خدمته"),
      // Other laws, so that document frequencies are not those of two laws alone.
      article("traffic", "نظام المرور", 9, "يجب على المالك نقل ملكية المركبة خلال مدة لا تتجاوز ثلاثين يوما"),
      article("companies", "نظام الشركات", 35, "يكون الشريك في شركة التضامن مسؤولا بالتضامن عن ديون الشركة"),
      article("civil", "نظام المعاملات المدنية", 368, "تنعقد الهبة بالإيجاب والقبول وتتم بالقبض"),
      article("evidence", "نظام الإثبات", 55, "للدليل الرقمي حجية الكتابة في الإثبات"),
      article("procedure", "نظام المرافعات الشرعية", 55, "إذا غاب المدعي عن جلسة من جلسات المرافعة ولم يتقدم بعذر تقبله المحكمة"),
      article("family", "نظام الأحوال الشخصية", 58, "تجب نفقة الولد على أبيه حتى يبلغ"),
    ]);
    await index.activate(generation);
    expect((await index.search("أنا موظف حكومي وصدر بحقي جزاء تأديبي، هل يبقى في ملفي؟"))[0]?.id).toBe("discipline#21");
    expect((await index.search("ما الجزاءات التأديبية التي يجوز توقيعها على الموظف في الشركة؟"))[0]?.id).toMatch(/^labor#/);
  });

  it("answers a question on a flat's lease from the general law, one on a ship's lease from the maritime regime", async () => {
    const leases = [
      article("maritime", "النظام البحري التجاري", 164, "يلتزم المستأجر عند انتهاء عقد الإيجار برد السفينة في الميناء الذي وضعت فيه تحت تصرفه"),
      article("civil", "نظام المعاملات المدنية", 435, "يلتزم المستأجر برد المأجور إلى المؤجر عند انتهاء عقد الإيجار بالحال التي تسلمه بها"),
      ...unrelated,
    ];
    const index = await indexed(leases);
    const flatQuestion = "متى يلتزم المستأجر برد الشقة عند انتهاء عقد الإيجار؟";
    const flat = await index.explain(flatQuestion);
    expect(flat.hits[0]?.id).toBe("civil#435");
    expect(flat.laws.find((law) => law.lawId === "maritime")).toMatchObject({ kind: "regime", prior: DEFAULT_RANKING.lawPrior.regime });
    // Without the regime's weight the ship's article, shorter and as well matched, comes first.
    const unweighted = await indexed(leases, WITHOUT_REGIMES);
    expect((await unweighted.search(flatQuestion))[0]?.id).toBe("maritime#164");
    const ship = await index.explain("متى يلتزم المستأجر برد السفينة عند انتهاء عقد الإيجار؟");
    expect(ship.hits[0]?.id).toBe("maritime#164");
    expect(ship.laws.find((law) => law.lawId === "maritime")).toMatchObject({ prior: 1 });
  });

  it("weighs down the laws a question hardly names when its words name one law fully", async () => {
    const accidents = [
      article("traffic", "نظام المرور", 63, "على كل سائق يكون طرفا في حادث أن يوقف المركبة في مكان الحادث ويبادر بإبلاغ الإدارة المختصة"),
      article("insurance", "نظام مراقبة شركات التأمين التعاوني", 9, "يتحمل المؤمن تعويض الحادث وفق وثيقة التأمين"),
      ...unrelated,
    ];
    const question = "وقع لي حادث مروري، من يتحمل المسؤولية؟";
    const { hits, laws } = await (await indexed(accidents)).explain(question);
    expect(laws.find((law) => law.lawId === "traffic")?.named).toBeGreaterThanOrEqual(DEFAULT_RANKING.lawPrior.fullyNamed);
    expect(laws.find((law) => law.lawId === "insurance")).toMatchObject({ named: 0, prior: DEFAULT_RANKING.lawPrior.besideFullyNamed });
    expect(hits[0]?.id).toBe("traffic#63");
    // Without that weight the shorter look-alike article leads.
    const unweighted = await indexed(accidents, { ...DEFAULT_RANKING, lawPrior: { ...DEFAULT_RANKING.lawPrior, besideFullyNamed: 1 } });
    expect((await unweighted.search(question))[0]?.id).toBe("insurance#9");
    // A question naming no law fully leaves every prior as it was.
    const plain = await (await indexed(accidents)).explain("من يتحمل المسؤولية عن الحادث؟");
    expect(plain.laws.every((law) => law.prior === 1)).toBe(true);
  });

  it("weighs a general law's chapter on ships like the maritime regime, but not a passing mention of ships", async () => {
    const articles = [
      article("commercial", "النظام التجاري", 215, "للمستأجر تأجير السفينة من الباطن ما لم يمنعه الملاحون"),
      article("civil", "نظام المعاملات المدنية", 437, "لا يجوز للمستأجر أن يؤجر المأجور كله أو بعضه من الباطن إلا بإذن المؤجر"),
      article("labor", "نظام العمل", 7, "يستثنى من تطبيق أحكام هذا النظام عمال البحر الذين يعملون في سفن تقل حمولتها عن خمسمائة طن والمستأجر"),
      article("companies", "نظام الشركات", 35, "يكون الشريك في شركة التضامن مسؤولا بالتضامن عن ديون الشركة"),
    ];
    const flatQuestion = "هل يجوز للمستأجر تأجير الشقة من الباطن؟";
    const unweighted = await indexed(articles, WITHOUT_REGIMES);
    const before = (await unweighted.search(flatQuestion, { limit: 3 })).map((hit) => hit.id);
    expect(before[0]).toBe("commercial#215");
    const index = await indexed(articles);
    const after = await index.search(flatQuestion, { limit: 3 });
    expect(after[0]?.id).toBe("civil#437");
    // The seafarers and the ship (two vessel words) are a chapter on ships; "سفن" alone is a passing mention.
    const scoreOf = async (on: EmbeddedSearchIndex, id: string) => (await on.search(flatQuestion, { limit: 4 })).find((hit) => hit.id === id)?.score;
    expect(await scoreOf(index, "labor#7")).toBeCloseTo((await scoreOf(unweighted, "labor#7"))!, 6);
    expect((await index.search("هل يجوز تأجير السفينة من الباطن؟"))[0]?.id).toBe("commercial#215");
  });

  /** Each law's best score for `question` relative to the same search without regime weights (1 = not weighted). */
  async function chapterWeights(articles: ReturnType<typeof article>[], question: string): Promise<(lawId: string) => number> {
    const weighted = (await (await indexed(articles)).explain(question, { limit: 3 })).laws;
    const unweighted = (await (await indexed(articles, WITHOUT_REGIMES)).explain(question, { limit: 3 })).laws;
    const best = (laws: typeof weighted, lawId: string) => laws.find((law) => law.lawId === lawId)!.best;
    return (lawId) => best(weighted, lawId) / best(unweighted, lawId);
  }

  it("reads the 1931 Commercial Court Law's old words for a ship and its master (المركب، الربان) as a chapter on ships", async () => {
    const articles = [
      article("commercial", "النظام التجاري", 201, "لا يمكن للربان أن يبيع المركب ما لم يستحصل على رخصة مخصوصة من أصحابه"),
      article("copyright", "نظام حماية حقوق المؤلف", 21, "يعد تعديا على حق المؤلف نسخ المصنف أو بيعه دون إذن المؤلف"),
      article("companies", "نظام الشركات", 35, "يكون الشريك في شركة التضامن مسؤولا بالتضامن عن ديون الشركة"),
    ];
    const weight = await chapterWeights(articles, "هل يجوز بيع المصنف دون إذن أصحابه؟");
    expect(weight("commercial")).toBeLessThan(0.95);
    expect(weight("copyright")).toBeCloseTo(1, 6);
  });

  it("does not read a flight as a ship: the seafarers' delayed voyage stays weighted for a delayed flight", async () => {
    const articles = [
      article("labor", "نظام العمل", 176, "لا يستحق البحار تعويضا في حالة إلغاء الرحلة ولا زيادة في الأجر عند تأخير الرحلة إلا إذا كان التأخير بفعل الشاحنين فيستحق البحار تعويضا من مجهز السفينة"),
      article("aviation", "نظام الطيران المدني", 134, "تكون مسؤولية الناقل الجوي في علاقته مع الراكب مسؤولية تعاقدية وفقا لعقد النقل الجوي"),
      article("companies", "نظام الشركات", 35, "يكون الشريك في شركة التضامن مسؤولا بالتضامن عن ديون الشركة"),
    ];
    // The seafarers' article (البحار … السفينة) is a chapter on ships: a question about a flight weighs it like a regime's.
    expect((await chapterWeights(articles, "تأخرت الرحلة الجوية فهل لي تعويض عن التأخير؟"))("labor")).toBeLessThan(0.95);
    // A question about a ship's voyage does not.
    expect((await chapterWeights(articles, "تأخرت رحلة السفينة فهل يستحق البحار تعويضا؟"))("labor")).toBeCloseTo(1, 6);
  });

  it("answers from the law whose title the question writes out, and says so", async () => {
    const index = new EmbeddedSearchIndex();
    const generation = await index.createGeneration();
    await index.index(generation, [
      article("e-transactions", "نظام التعاملات الإلكترونية", 9, "يقبل التعامل الإلكتروني أو التوقيع الإلكتروني دليلا في الإثبات إذا استوفى سجله الإلكتروني متطلبات الرسائل الإلكترونية"),
      article("evidence", "نظام الإثبات", 55, "يكون للإثبات بالدليل الرقمي حكم الإثبات بالكتابة"),
      article("evidence-rules", "اللائحة التنفيذية لنظام الإثبات", 3, "تقدم الأدلة الرقمية إلكترونيا وفق الضوابط"),
      article("labor", "نظام العمل", 109, "يستحق العامل عن كل عام إجازة سنوية"),
    ]);
    await index.activate(generation);
    const question = "هل للسجل الإلكتروني والدليل الرقمي حجية في الإثبات؟";
    expect((await index.search(question))[0]?.id).toBe("e-transactions#9");
    const { hits, laws } = await index.explain(`وفق نظام الإثبات، ${question}`);
    expect(hits[0]?.id).toBe("evidence#55");
    expect(laws.find((law) => law.lawId === "evidence")).toMatchObject({ mentioned: "title", prior: 1 });
    expect(laws.find((law) => law.lawId === "e-transactions")).toMatchObject({ mentioned: false });
    expect(laws.find((law) => law.lawId === "e-transactions")!.prior).toBeLessThan(1);
    // The regulation's longer title, written out, is the one mentioned: not the law inside it.
    const regulation = await index.explain("ما تقضي به اللائحة التنفيذية لنظام الإثبات في الأدلة الرقمية");
    expect(regulation.laws.find((law) => law.lawId === "evidence-rules")).toMatchObject({ mentioned: "title" });
    expect(regulation.laws.find((law) => law.lawId === "evidence")).toMatchObject({ mentioned: false });
  });

  it("finds an English title written out in another word order", () => {
    const laws = new LawDirectory();
    laws.register({ lawId: "evidence", lawName: "نظام الإثبات", lawNameEn: "Law of Evidence", status: "in_force" });
    laws.register({ lawId: "labor", lawName: "نظام العمل", lawNameEn: "Labor Law", status: "in_force" });
    expect([...laws.mentioned(analyzeQuery("Under the Saudi Evidence Law, is a WhatsApp message proof?", "en").words).full]).toEqual(["evidence"]);
    expect([...laws.mentioned(analyzeQuery("Is a WhatsApp message proof of a debt?", "en").words).full]).toEqual([]);
  });

  it("finds a long title by its first five words or more, not by fewer", () => {
    const laws = new LawDirectory();
    laws.register({ lawId: "expropriation-rules", lawName: "اللائحة التنفيذية لنظام نزع ملكية العقارات للمنفعة العامة ووضع اليد المؤقت على العقار", status: "in_force" });
    const written = (question: string) => laws.mentioned(analyzeQuery(question, "ar").words);
    expect(written("ما الإجراء الذي يتخذ بعد نشر اللائحة التنفيذية لنظام نزع ملكية العقارات للمنفعة العامة؟").full).toEqual(new Set(["expropriation-rules"]));
    expect(written("ما الذي تنص عليه اللائحة التنفيذية لنظام نزع الملكية؟").full).toEqual(new Set(["expropriation-rules"]));
    // The first words every regulation shares are not its name.
    expect(written("ما الذي تنص عليه اللائحة التنفيذية لنظام الإفلاس؟").full.size).toBe(0);
  });

  it("finds an Arabic title of two words or more written without its leading نظام or تنظيم, and tells it apart (three or more are the body's name: the title)", () => {
    const laws = new LawDirectory();
    laws.register({ lawId: "courts", lawName: "نظام المحاكم التجارية", status: "in_force" });
    laws.register({ lawId: "civil-status", lawName: "نظام الأحوال المدنية", status: "in_force" });
    laws.register({ lawId: "labor", lawName: "نظام العمل", status: "in_force" });
    laws.register({ lawId: "archives", lawName: "تنظيم المركز الوطني للوثائق والمحفوظات", status: "in_force" });
    const written = (question: string) => laws.mentioned(analyzeQuery(question, "ar").words);
    expect(written("ما الغرض من إنشاء المركز الوطني للوثائق والمحفوظات؟")).toMatchObject({ full: new Set(["archives"]), short: new Set() });
    expect(written("قدمنا طلبا مستعجلا أمام المحكمة التجارية، فخلال كم يوما يفصل فيه؟")).toMatchObject({ full: new Set(), short: new Set(["courts"]) });
    expect(written("خلال كم يوما يجب أن أراجع الأحوال المدنية؟")).toMatchObject({ full: new Set(), short: new Set(["civil-status"]) });
    expect(written("وفق نظام المحاكم التجارية، ما مدة الطلب المستعجل؟")).toMatchObject({ full: new Set(["courts"]), short: new Set() });
    // One word left after نظام is not a name: "العمل" is any work.
    expect(written("هل يحق لي ترك العمل دون إشعار؟")).toMatchObject({ full: new Set(), short: new Set() });
    // Words of the title out of order do not write it.
    expect(written("هل التجارية المحكمة مختصة؟").short.size).toBe(0);
    // The words that write a title, as their readings: what the article ranking weighs less (`titleWordWeights`).
    const question = analyzeQuery("وفق نظام المحاكم التجارية، ما مدة الطلب المستعجل؟", "ar");
    const writes = laws.mentioned(question.words);
    expect([...writes.titleWords]).toEqual(["نظام", "محكمه", "تجار"]);
    const weights = titleWordWeights(question.clauses, writes, 0.7);
    expect(question.clauses.filter((_, at) => weights[at] === 0.7).flat()).toEqual(["نظام", "محكمه", "تجار"]);
    expect(question.clauses.filter((_, at) => weights[at] === 1).flat()).toEqual(["مد", "طلب", "مستعجل"]);
    expect(titleWordWeights(question.clauses, written("ما مدة الطلب المستعجل؟"), 0.7).every((weight) => weight === 1)).toBe(true);
  });

  it("finds the article by what the question asks, not by the title it writes out", async () => {
    const terrorism = [
      article("terrorism", "نظام مكافحة جرائم الإرهاب وتمويله", 1, "يقصد بالألفاظ الآتية أينما وردت في هذا النظام المعاني الموضحة أمامها: جريمة الإرهاب: كل فعل يقصد به الإخلال بالنظام العام. جريمة تمويل الإرهاب: كل فعل يتضمن جمع أموال لارتكاب جريمة إرهابية أو تمويل الإرهاب. مكافحة الإرهاب: ما تتخذه جهات مكافحة جرائم الإرهاب من تدابير"),
      article("terrorism", "نظام مكافحة جرائم الإرهاب وتمويله", 96, "يعمل بهذا النظام من اليوم التالي لتاريخ نشره في الجريدة الرسمية"),
      article("terrorism", "نظام مكافحة جرائم الإرهاب وتمويله", 40, "يعاقب بالسجن كل من ارتكب جريمة تمويل الإرهاب"),
      // Every law has its entry into force: "يعمل" alone does not tell the law.
      article("labor", "نظام العمل", 245, "يعمل بهذا النظام بعد مائة وثمانين يوما من تاريخ نشره في الجريدة الرسمية"),
      article("companies", "نظام الشركات", 281, "يعمل بهذا النظام بعد مائة وثمانين يوما من تاريخ نشره في الجريدة الرسمية"),
      ...unrelated,
    ];
    const question = "متى يعمل بنظام مكافحة جرائم الإرهاب وتمويله؟";
    expect((await (await indexed(terrorism)).search(question))[0]?.id).toBe("terrorism#96");
    // Weighed as the question's other words, the title's words lead with the definitions that repeat them.
    expect((await (await indexed(terrorism, { ...DEFAULT_RANKING, titleWords: 1 })).search(question))[0]?.id).toBe("terrorism#1");
  });

  it("weights down the laws a question does not name by the title without نظام, less than for a title written out", async () => {
    const index = new EmbeddedSearchIndex();
    const generation = await index.createGeneration();
    await index.index(generation, [
      article("courts", "نظام المحاكم التجارية", 34, "يفصل في الطلب المستعجل خلال مدة لا تزيد على خمسة أيام"),
      article("bankruptcy", "نظام الإفلاس", 21, "للمدين أن يقدم طلبا مستعجلا لوقف المطالبات خلال مدة التسوية الوقائية"),
      article("evidence", "نظام الإثبات", 55, "يكون للدليل الرقمي في الطلب المستعجل حكم الكتابة"),
    ]);
    await index.activate(generation);
    const { laws } = await index.explain("قدمنا طلبا مستعجلا أمام المحكمة التجارية، فخلال كم يوما يفصل فيه؟");
    expect(laws.find((law) => law.lawId === "courts")).toMatchObject({ mentioned: "short title", prior: 1 });
    expect(laws.find((law) => law.lawId === "bankruptcy")).toMatchObject({ mentioned: false, prior: DEFAULT_RANKING.lawPrior.unmentionedShort });
    // One law written out in full, another by its short title: both keep their prior, the rest get the full title's weight.
    const both = await index.explain("وفق نظام الإثبات، هل يقبل الدليل الرقمي في طلب مستعجل أمام المحكمة التجارية؟");
    expect(both.laws.find((law) => law.lawId === "evidence")).toMatchObject({ mentioned: "title", prior: 1 });
    expect(both.laws.find((law) => law.lawId === "courts")).toMatchObject({ mentioned: "short title", prior: 1 });
    expect(both.laws.find((law) => law.lawId === "bankruptcy")).toMatchObject({ mentioned: false, prior: DEFAULT_RANKING.lawPrior.unmentioned });
  });

  it("answers from the rules of a body when the question names that body", async () => {
    const index = await indexed();
    const { hits, laws } = await index.explain("كم مدة الإجازة السنوية لموظف هيئة تطوير المنطقة؟");
    expect(hits[0]?.id).toBe("authorities#26");
    expect(laws.find((law) => law.lawId === "authorities")?.prior).toBe(1);
  });

  it("answers from the law in force when the question names a title its repealed version shares", async () => {
    const insurance = (lawId: string, lawName: string, status: "in_force" | "repealed", content: string): IndexedArticle => ({
      ...article(lawId, lawName, 38, content), status,
    });
    const index = await indexed([
      ...unrelated,
      insurance("old", "نظام التأمينات الاجتماعية 1421هـ", "repealed", "يستحق المصاب في حالة العجز الكلي الدائم معاشا شهريا"),
      insurance("new", "نظام التأمينات الاجتماعية", "in_force", "يستحق المصاب في حالة العجز الكلي الدائم معاشا شهريا يحسب وفق الجدول"),
    ]);
    const { hits, laws } = await index.explain("ما الذي يستحقه المصاب بعجز كلي دائم في نظام التأمينات الاجتماعية؟");
    expect(hits[0]?.id).toBe("new#38");
    const old = laws.find((law) => law.lawId === "old")!;
    expect(old.named).toBeGreaterThan(DEFAULT_RANKING.lawPrior.named);
    expect(old.prior).toBe(DEFAULT_RANKING.lawPrior.repealed);
  });

  it("answers a question about the board from a body's rules: the board is what they organise", async () => {
    const index = await indexed([
      ...unrelated,
      article("statistics", "تنظيم الهيئة العامة للإحصاء", 9, "يعقد المجلس اجتماعاته ثلاث مرات في السنة على الأقل بناء على دعوة من رئيسه"),
      article("insurance", "نظام التأمينات الاجتماعية", 17, "لا يقل المعاش عن الحد الأدنى المقرر"),
    ]);
    const { hits, laws } = await index.explain("ما الحد الأدنى لعدد اجتماعات المجلس في السنة؟");
    expect(hits[0]?.id).toBe("statistics#9");
    expect(laws.find((law) => law.lawId === "statistics")).toMatchObject({ kind: "special", named: 0, prior: 1 });
    // Without the board the same body's rules keep their kind's prior.
    const { laws: withoutBoard } = await index.explain("ما الحد الأدنى لعدد الاجتماعات في السنة؟");
    expect(withoutBoard.find((law) => law.lawId === "statistics")?.prior).toBe(DEFAULT_RANKING.lawPrior.special);
  });

  it("answers from a body's rules when the question speaks of the rules (التنظيم) without naming them", async () => {
    const index = await indexed([
      ...unrelated,
      article("water-regulator", "تنظيم هيئة تنظيم المياه والكهرباء", 1, "يقصد بالألفاظ الآتية المعاني المبينة أمامها: الهيئة: هيئة تنظيم المياه والكهرباء. المجلس: مجلس إدارة الهيئة. المرخص له: من رخصت له الهيئة. الشخص: ذو الصفة الطبيعية أو الاعتبارية"),
      article("chambers", "نظام الغرف التجارية", 1, "يقصد بالشخص الشخص الطبيعي أو الاعتباري"),
    ]);
    const { hits, laws } = await index.explain("ما المقصود بالشخص وفقًا للتنظيم المذكور؟");
    expect(hits[0]?.id).toBe("water-regulator#1");
    expect(laws.find((law) => law.lawId === "chambers")?.prior).toBeLessThan(1);
    // Speaking of the law instead, the general law keeps its prior.
    const { laws: ofTheLaw } = await index.explain("ما المقصود بالشخص وفقًا للنظام؟");
    expect(ofTheLaw.find((law) => law.lawId === "chambers")?.prior).toBe(1);
  });
});
