import { analyzeArabic, analyzeQuery } from "@qai/search-index";
import { composeAnswer } from "../src/providers/qai-local/compose";
import { chunks } from "../src/providers/qai-local/provider";
import type { SourceArticle } from "../src/providers/provider";
import { answerLanguage } from "../src/app/language";
import { asksForFigure, englishFigures } from "../src/providers/qai-local/figures";
import { arabicInEnglish } from "../src/providers/qai-local/english";
import { questionFromArticle } from "../src/providers/qai-local/article-question";
import { currentWording } from "../src/providers/qai-local/amendment";

const analyzer = { questionTerms: (q: string, l: "ar" | "en") => analyzeQuery(q, l).clauses.flat(), textTerms: analyzeArabic };

const probation: SourceArticle = {
  id: "labor#53",
  lawId: "labor",
  lawName: "نظام العمل",
  lawNameEn: "Labor Law",
  articleNumber: 53,
  articleSuffix: "",
  articleTitle: "المادة الثالثة والخمسون",
  content: "إذا كان العامل خاضعاً لفترة تجربة وجب النص على ذلك صراحة في عقد العمل وتحديدها بوضوح، بحيث لا تزيد على تسعين يوماً.",
  status: "in_force",
  sourceUrl: "https://laws.boe.gov.sa/BoeLaws/Laws/LawDetails/labor/1",
  score: 12,
  coverage: 0.9,
};
const termination: SourceArticle = { ...probation, id: "labor#54", articleNumber: 54, content: "لا يجوز وضع العامل تحت التجربة أكثر من مرة واحدة لدى صاحب عمل واحد.", score: 5 };

/** Labor Law 80, shortened: a rule, the exception "إلا في الحالات الآتية" and three of its cases. */
const article80: SourceArticle = {
  ...probation, id: "labor#80", articleNumber: 80,
  content:
    "لا يجوز لصاحب العمل فسخ العقد دون مكافأة العامل، أو إشعاره، أو تعويضه؛ إلا في الحالات الآتية، وبشرط أن يتيح له الفرصة لكي يبدي أسباب معارضته للفسخ : 1 - إذا وقع من العامل اعتداء على صاحب العمل. 2 - إذا لم يؤد العامل التزاماته الجوهرية. 3 - إذا تغيب العامل دون سبب مشروع أكثر من ثلاثين يوماً خلال السنة العقدية الواحدة أو أكثر من خمسة عشر يوماً متتالية، على أن يسبق الفصل إنذار كتابي من صاحب العمل.",
};

function followUps(text: string, heading: string): string[] {
  const after = text.slice(text.indexOf(heading) + heading.length);
  return after.split("\n").filter((line) => line.startsWith("- "));
}

describe("qai-local composer", () => {
  it("leads with the deciding clause of the best article, names it first, and quotes no source list", () => {
    const answer = composeAnswer({ question: "ما هي مدة فترة التجربة للعامل؟", language: "ar", sources: [probation, termination], analyzer });
    expect(answer.citedArticleIds[0]).toBe("labor#53");
    expect(answer.text.startsWith("**الجواب:** بحسب المادة 53 من نظام العمل: «")).toBe(true);
    expect(answer.text.slice(0, 300)).toContain("بحيث لا تزيد على تسعين يوماً");
    expect(answer.text).not.toContain(probation.sourceUrl);
    expect(answer.text).not.toMatch(/وعليه، فإن الحكم/);
    const questions = followUps(answer.text, "أسئلة متابعة مقترحة");
    expect(questions.length).toBeGreaterThanOrEqual(1);
    expect(questions.length).toBeLessThanOrEqual(3);
    // The neighbouring article's own rule, asked as a question; no law name pasted in.
    expect(questions[0]).toBe("- هل يجوز وضع العامل تحت التجربة أكثر من مرة واحدة لدى صاحب عمل واحد؟");
    expect(questions.join("\n")).not.toContain("نظام العمل");
  });

  it("offers as follow-ups the found articles neighbouring a quoted one, not far ones that only share words", () => {
    const shipCrews: SourceArticle = { ...probation, id: "labor#172", articleNumber: 172, content: "لا يجوز تشغيل البحارة على السفينة أكثر من عشر ساعات في اليوم.", score: 6 };
    const answer = composeAnswer({ question: "ما هي مدة فترة التجربة للعامل؟", language: "ar", sources: [probation, shipCrews, termination], analyzer });
    const questions = followUps(answer.text, "أسئلة متابعة مقترحة");
    expect(questions).toContain("- هل يجوز وضع العامل تحت التجربة أكثر من مرة واحدة لدى صاحب عمل واحد؟");
    expect(questions.join("\n")).not.toMatch(/172|البحارة/);
  });

  it("quotes a further article of the law when it is in the deciding one's chapter or covers the question as well", () => {
    const endOfService: SourceArticle = {
      ...probation,
      id: "labor#85",
      articleNumber: 85,
      content: "إذا كان انتهاء علاقة العمل بسبب استقالة العامل يستحق في هذه الحالة ثلث المكافأة بعد خدمة لا تقل مدتها عن سنتين متتاليتين.",
      score: 40,
      coverage: 0.66,
    };
    // Far away and scoring high on the law's shared vocabulary only.
    const probationAgain: SourceArticle = { ...termination, score: 29, coverage: 0.39 };
    const exception: SourceArticle = { ...probation, id: "labor#87", articleNumber: 87, content: "استثناء من حكم المادة الخامسة والثمانين يستحق العامل المكافأة كاملة في حالة ترك العمل نتيجة لقوة قاهرة.", score: 28, coverage: 0.35 };
    const answer = composeAnswer({ question: "كم مكافأة نهاية الخدمة إذا استقلت؟", language: "ar", sources: [endOfService, probationAgain, exception], analyzer });
    expect(answer.citedArticleIds).toEqual(["labor#85", "labor#87"]);
    expect(answer.text).not.toContain("تحت التجربة");
    // In the chapter: quoted.
    const dismissal: SourceArticle = { ...probation, id: "labor#82", articleNumber: 82, content: "لا يجوز لصاحب العمل إنهاء خدمة العامل بسبب المرض قبل استنفاده الإجازة.", score: 30, coverage: 0.7 };
    const sick = composeAnswer({ question: "كم مكافأة نهاية الخدمة إذا استقلت؟", language: "ar", sources: [endOfService, probationAgain, dismissal], analyzer });
    expect(sick.citedArticleIds).toEqual(["labor#85", "labor#82"]);
    // Far away, covering the question as well: quoted only if it holds every question word the deciding one holds.
    const shipCrews: SourceArticle = {
      ...probation,
      id: "labor#172",
      articleNumber: 172,
      content: "يجب أن تتضمن قواعد العمل على ظهر السفينة إجازات البحارة ومكافأة نهاية الخدمة.",
      score: 30,
      coverage: 0.7,
    };
    const resignation: SourceArticle = { ...shipCrews, id: "labor#150", articleNumber: 150, content: "لا تخل أحكام هذا الفصل بحق المرأة العاملة في مكافأة نهاية الخدمة عند استقالتها بعد خدمة سنتين." };
    const far = composeAnswer({ question: "كم مكافأة نهاية الخدمة إذا استقلت؟", language: "ar", sources: [endOfService, shipCrews, resignation], analyzer });
    expect(far.citedArticleIds).toEqual(["labor#85", "labor#150"]);
  });

  it("quotes a dash item of a list with the sentence that introduces it", () => {
    const residuaries: SourceArticle = {
      ...probation,
      id: "family#224",
      lawId: "family",
      lawName: "نظام الأحوال الشخصية",
      articleNumber: 224,
      content: "العصبة بالنفس هم الوارثون من الرجال بالقرابة إلا الأخ لأم، ويكون ترتيب جهاتهم على النحو الآتي: - البنوة: وتشمل أبناء الميت، وأبناء ابنه وإن نزل. - الأبوة: وتشمل أب الميت، وجده لأب وإن علا. - العمومة: وتشمل أعمام الميت لأبوين أو لأب.",
    };
    const answer = composeAnswer({ question: "هل يرث أعمام الميت بالتعصيب؟", language: "ar", sources: [residuaries], analyzer });
    expect(answer.text).toMatch(/^\*\*الجواب:\*\* بحسب المادة 224 من نظام الأحوال الشخصية: «العصبة بالنفس هم الوارثون/);
    expect(answer.text.slice(0, 400)).toContain("- العمومة: وتشمل أعمام الميت");
  });

  it("leads with the case the question states, not the negated one beside it (with consent / without consent)", () => {
    const examLeave: SourceArticle = {
      ...probation,
      id: "labor#115",
      articleNumber: 115,
      content:
        "1 - للعامل - إذا وافق صاحب العمل على انتسابه إلى مؤسسة تعليمية - الحق في إجازة بأجر كامل لتأدية الامتحان. 2 - إذا لم يحصل العامل على موافقة صاحب العمل على انتسابه إلى مؤسسة تعليمية، فله أن يحصل على إجازة لتأدية الامتحان دون أجر.",
    };
    const lead = (question: string) => composeAnswer({ question, language: "ar", sources: [examLeave], analyzer }).text.split("\n")[0]!;
    expect(lead("أدرس بموافقة صاحب العمل، فهل أستحق إجازة لتأدية الامتحان؟")).toContain("بأجر كامل");
    expect(lead("أدرس دون موافقة صاحب العمل، فهل أستحق إجازة لتأدية الامتحان؟")).toContain("إذا لم يحصل العامل على موافقة");
  });

  it("quotes with the stated case its other conditions, not the clause that sets the other case ('إذا لم يحصل على موافقة')", () => {
    const examLeave: SourceArticle = {
      ...probation,
      id: "labor#115",
      articleNumber: 115,
      content:
        "1 - للعامل - إذا وافق صاحب العمل على انتسابه إلى مؤسسة تعليمية - الحق في إجازة بأجر كامل لتأدية الامتحان. ويحرم العامل من أجر الإجازة إذا ثبت أنه لم يؤدِّ الامتحان. 2 - إذا لم يحصل العامل على موافقة صاحب العمل على انتسابه إلى مؤسسة تعليمية، فله أن يحصل على إجازة لتأدية الامتحان بعدد أيام الامتحان الفعلية تحتسب من إجازته السنوية في حال توافرها، وعند تعذر ذلك فللعامل أن يحصل على إجازة دون أجر بعدد أيام الامتحان الفعلية. 3 - على العامل أن يتقدم بطلب الإجازة قبل موعدها بخمسة عشر يوماً على الأقل.",
    };
    const opening = (question: string) => composeAnswer({ question, language: "ar", sources: [examLeave], analyzer }).text.slice(0, 900);
    const withConsent = opening("أدرس في الجامعة بموافقة الشركة، فهل أستحق إجازة مدفوعة لأداء الامتحان؟");
    expect(withConsent).toContain("بأجر كامل");
    expect(withConsent).toContain("بخمسة عشر يوماً");
    expect(withConsent).not.toContain("إذا لم يحصل العامل على موافقة");
    // Without the stated circumstance, the other case is quoted as relevant.
    expect(opening("هل أستحق إجازة مدفوعة لأداء الامتحان في الجامعة؟")).toContain("إذا لم يحصل العامل على موافقة");
  });

  it("keeps a rule whose negation covers a possessor ('دون مكافأة العامل') as the lead, with its list of cases", () => {
    const dismissal: SourceArticle = {
      ...probation,
      id: "labor#80",
      articleNumber: 80,
      content:
        "لا يجوز لصاحب العمل فسخ العقد دون مكافأة العامل، أو إشعاره، أو تعويضه؛ إلا في الحالات الآتية: 1 - إذا وقع من العامل اعتداء على صاحب العمل. 2 - إذا تغيب العامل دون سبب مشروع أكثر من ثلاثين يوماً، على أن يسبق الفصل إنذار كتابي من صاحب العمل للعامل.",
    };
    const answer = composeAnswer({ question: "متى يجوز لصاحب العمل فصل العامل دون إشعار أو مكافأة؟", language: "ar", sources: [dismissal], analyzer });
    expect(answer.text.split("\n")[0]).toMatch(/«لا يجوز لصاحب العمل فسخ العقد دون مكافأة العامل.*1 - إذا وقع من العامل اعتداء/);
  });

  it("answers in English with English names and figures, the Arabic text only in its own quoted block", () => {
    const answer = composeAnswer({ question: "How long can a probation period last?", language: "en", sources: [probation, termination], analyzer });
    expect(answer.text).toMatch(/^\*\*Answer:\*\* Article 53 of the Labor Law decides this question/);
    expect(answer.text).toContain("The figures it sets: 90 days.");
    expect(answer.text).toContain("> إذا كان العامل خاضعاً لفترة تجربة");
    expect(answer.text).toContain("Suggested follow-up questions");
    expect(arabicInEnglish(answer.text)).toEqual([]);
  });

  it("leads with the rule a 'وذلك …' clause qualifies, not with the qualification alone", () => {
    const coOwnership: SourceArticle = {
      ...probation,
      id: "civil#620",
      lawName: "نظام المعاملات المدنية",
      articleNumber: 620,
      content: "- لكل شريك في الملك التصرف في حصته واستغلالها واستعمالها؛ وذلك دون إذن من باقي الشركاء بشرط ألا يلحق ضررًا بحقوقهم. - إذا كان تصرف الشريك في الملك منصبًّا على جزء مفرز من المال الشائع انتقل حق المتصرف إليه إلى الجزء الذي آل إلى المتصرف بطريق القسمة.",
    };
    const answer = composeAnswer({ question: "أملك نص بيت مع أخوي، أقدر أبيع نصيبي بدون إذنه؟", language: "ar", sources: [coOwnership], analyzer });
    expect(answer.text).toContain("«- لكل شريك في الملك التصرف في حصته واستغلالها واستعمالها؛ وذلك دون إذن من باقي الشركاء بشرط ألا يلحق ضررًا بحقوقهم.»");
  });

  it("says plainly when nothing was found, citing nothing", () => {
    for (const language of ["ar", "en"] as const) {
      const answer = composeAnswer({ question: "?", language, sources: [], analyzer });
      expect(answer.citedArticleIds).toEqual([]);
      expect(answer.text).toMatch(language === "ar" ? /لم أجد في قاعدة المعرفة/ : /could not find a provision in the knowledge base/);
      expect(answer.text).not.toMatch(/laws\.boe\.gov\.sa/);
    }
  });

  it("selects the deciding sentence of a long article, whole, with '…' only where text is left out", () => {
    const filler = "وتحدد اللائحة الإجراءات التنظيمية الخاصة بالتسجيل والقيد والنشر في السجلات الرسمية. ".repeat(12);
    const long: SourceArticle = { ...probation, content: `${filler}ولا يجوز أن تزيد فترة التجربة على تسعين يوماً. ${filler}` };
    const answer = composeAnswer({ question: "ما مدة فترة التجربة؟", language: "ar", sources: [long], analyzer });
    expect(answer.text).toContain("«ولا يجوز أن تزيد فترة التجربة على تسعين يوماً.»");
    expect(answer.text.length).toBeLessThan(long.content.length);
  });

  it("keeps a condition with the rule it qualifies", () => {
    const leave: SourceArticle = {
      ...probation, id: "labor#109", articleNumber: 109,
      content: "يستحق العامل عن كل عام إجازة سنوية لا تقل مدتها عن واحد وعشرين يوماً. على أن تزاد إلى ثلاثين يوماً إذا أمضى العامل في خدمة صاحب العمل خمس سنوات متصلة. ويجب أن يتمتع العامل بإجازته في سنة استحقاقها.",
    };
    const answer = composeAnswer({ question: "كم مدة الإجازة السنوية للعامل؟", language: "ar", sources: [leave], analyzer });
    expect(answer.text).toContain("«يستحق العامل عن كل عام إجازة سنوية لا تقل مدتها عن واحد وعشرين يوماً. على أن تزاد إلى ثلاثين يوماً");
    const english = composeAnswer({ question: "How many days of annual leave does a worker get?", language: "en", sources: [leave], analyzer });
    expect(english.text).toContain("The figures it sets: 21 days, 30 days, 5 years.");
  });

  it("leads a list item with the clause introducing the list, and keeps 'الفقرة (1)' inside its sentence", () => {
    const fine: SourceArticle = {
      ...probation, id: "vat#45", lawName: "نظام ضريبة القيمة المضافة", lawNameEn: "Value Added Tax Law", articleNumber: 45,
      content: "يعاقب بغرامة لا تزيد على (50.000) خمسين ألف ريـال، كل من: 1 - لم يلتزم بحفظ الفواتير الضريبية والسجلات المحاسبية خلال الفترة المنصوص عليها في اللائحة. 2 - منع أو أعاق موظفي الهيئة من أداء واجباتهم. 3 - خالف أي حكم آخر من أحكام النظام.",
    };
    const answer = composeAnswer({ question: "ما عقوبة من لا يحتفظ بالفواتير الضريبية والسجلات المحاسبية؟", language: "ar", sources: [fine], analyzer });
    expect(answer.text).toContain("«يعاقب بغرامة لا تزيد على (50.000) خمسين ألف ريـال، كل من: 1 - لم يلتزم بحفظ الفواتير الضريبية");
    const cases: SourceArticle = {
      ...probation, id: "labor#80", articleNumber: 80,
      content: "لا يجوز لصاحب العمل فسخ العقد دون مكافأة العامل إلا في الحالات الآتية: 1 - إذا وقع من العامل اعتداء على صاحب العمل. 2 - إذا لم يؤد العامل التزاماته الجوهرية. 3 - إذا ثبت اتباع العامل سلوكا سيئا.",
    };
    const listed = composeAnswer({ question: "متى يجوز لصاحب العمل فسخ العقد دون مكافأة؟", language: "ar", sources: [cases], analyzer });
    expect(listed.text).toContain("«لا يجوز لصاحب العمل فسخ العقد دون مكافأة العامل إلا في الحالات الآتية: 1 - إذا وقع من العامل اعتداء على صاحب العمل. 2 - إذا لم يؤد العامل التزاماته الجوهرية. 3 - إذا ثبت اتباع العامل سلوكا سيئا.»");
    const consent: SourceArticle = {
      ...probation, id: "pdpl#5", articleNumber: 5,
      content: "- لا تجوز معالجة البيانات الشخصية إلا بعد موافقة صاحبها. - يجوز لصاحب البيانات الشخصية الرجوع عن الموافقة المشار إليها في الفقرة (1) من هذه المادة في أي وقت.",
    };
    const withdrawal = composeAnswer({ question: "هل يجوز الرجوع عن الموافقة على معالجة البيانات الشخصية؟", language: "ar", sources: [consent], analyzer });
    expect(withdrawal.text).toContain("في الفقرة (1) من هذه المادة في أي وقت");
    expect(withdrawal.text).not.toContain("الفقرة …");
    // A number after a comma is one of several articles cited, not an item: "المواد (8، 9، 10)".
    const revocation: SourceArticle = {
      ...probation, id: "nationality#21", lawName: "نظام الجنسية العربية السعودية", articleNumber: 21,
      content: "يجوز بمرسوم مسبب سحب الجنسية العربية السعودية من كل من تجنس بها طبقا لأحكام المواد (8، 9، 10) من هذا النظام خلال السنوات الخمس الأولى من تجنسه في الحالتين الاثنتين: أ - إذا حكم عليه بحكم جنائي. ب - إذا ثبت قيامه بعمل يخل بالأمن العام.",
    };
    const revoked = composeAnswer({ question: "هل يمكن سحب الجنسية ممن تجنس إذا صدر ضده حكم جنائي؟", language: "ar", sources: [revocation], analyzer });
    expect(revoked.text).toContain("طبقا لأحكام المواد (8، 9، 10) من هذا النظام خلال السنوات الخمس الأولى");
  });

  it("leads an exception list with the rule it is the exception to, and marks the items left out", () => {
    const answer = composeAnswer({ question: "هل يجوز فصل العامل إذا تغيب دون سبب مشروع أكثر من ثلاثين يوماً؟", language: "ar", sources: [article80], analyzer });
    expect(answer.text).toContain("«لا يجوز لصاحب العمل فسخ العقد دون مكافأة العامل، أو إشعاره، أو تعويضه؛ إلا في الحالات الآتية، وبشرط أن يتيح له الفرصة لكي يبدي أسباب معارضته للفسخ : … 3 - إذا تغيب العامل");
    // In English, the figures of one listed case are not given as the ones the rule sets.
    const english = composeAnswer({ question: "When can an employer dismiss a worker without notice?", language: "en", sources: [article80], analyzer });
    expect(english.text).toContain("1 - إذا وقع من العامل اعتداء");
    expect(english.text).not.toContain("The figures it sets");
  });

  it("leads with the listed case the question states when it is as relevant as the list's introduction", () => {
    const article81: SourceArticle = {
      ...probation, id: "labor#81", articleNumber: 81,
      content:
        "يحق للعامل أن يترك العمل دون إشعار مع احتفاظه بحقوقه النظامية كلها، وذلك في أي من الحالات الآتية: 1 – إذا لم يقم صاحب العمل بالوفاء بالتزاماته العقدية. 2 – إذا ثبت أن صاحب العمل قد أدخل عليه الغش وقت التعاقد. 3 – إذا وقع من صاحب العمل اعتداء يتسم بالعنف نحو العامل. 4 – إذا اتسمت معاملة صاحب العمل بمظاهر من القسوة.",
    };
    const english = composeAnswer({ question: "Can I leave my job without notice if my employer assaults me?", language: "en", sources: [article81], analyzer });
    expect(english.text).toContain("في أي من الحالات الآتية: … 3 – إذا وقع من صاحب العمل اعتداء");
    // A question about the cases in general gets the list from its start.
    const cases = composeAnswer({ question: "متى يحق للعامل أن يترك العمل دون إشعار؟", language: "ar", sources: [article81], analyzer });
    expect(cases.text).toContain("في أي من الحالات الآتية: 1 – إذا لم يقم صاحب العمل");
    // Only a question stating its case ("إذا", "if") is answered by one case: "when can …" asks for them all.
    const when = composeAnswer({ question: "When can an employer fire a worker without notice or end-of-service award?", language: "en", sources: [article80], analyzer });
    expect(when.text).toContain("للفسخ : 1 - إذا وقع من العامل اعتداء");
    const whenArabic = composeAnswer({ question: "متى يحق لصاحب العمل فصل العامل بدون إشعار أو مكافأة؟", language: "ar", sources: [article80], analyzer });
    expect(whenArabic.text).toContain("للفسخ : 1 - إذا وقع من العامل اعتداء");
    const disclosure: SourceArticle = {
      ...probation, id: "pdpl#15", lawName: "نظام حماية البيانات الشخصية", articleNumber: 15,
      content: "لا يجوز لجهة التحكم الإفصاح عن البيانات الشخصية إلا في الأحوال الآتية: - إذا وافق صاحب البيانات الشخصية على الإفصاح. - إذا كانت البيانات الشخصية قد جمعت من مصدر متاح للعموم.",
    };
    const share = composeAnswer({ question: "Can a company share my personal data with a third party without my consent?", language: "en", sources: [disclosure], analyzer });
    expect(share.text).toContain("إلا في الأحوال الآتية: - إذا وافق صاحب البيانات الشخصية على الإفصاح. - إذا كانت البيانات الشخصية قد جمعت");
  });

  it("reads a letter item written with a tatweel ('جـ -') as an item, ends a list where its marks change kind, and leads a long list with the one case the question names", () => {
    const stopped: SourceArticle = {
      ...probation, id: "unemployment#15", lawName: "نظام التأمين ضد التعطل عن العمل", articleNumber: 15,
      content:
        "1 - يوقف صرف التعويض عن المستفيد بشكل فوري في أي من الحالات الآتية: أ - الوفاة. ب - إذا كان له دخل شهري من عمل. جـ - إذا أصبح غير قادر على العمل. د - إذا لم يعد مسجلاً لدى الوزارة. هـ - إذا لم يعد يبحث عن عمل بجد ونشاط. و- إذا لم يلتزم بالتدريب دون مسوغ مقبول. ز- إذا لم يتقيد بالتعليمات والتوجيهات التي تصدرها الوزارة. ح - إذا غادر المملكة العربية السعودية. ط - إذا بلغت سنه الستين وكان مستحقاً لمعاش بموجب نظام التأمينات الاجتماعية. ي - زوال أي شرط من شروط الاستحقاق الأخرى المنصوص عليها في المادة (الثامنة) من هذا النظام. 2 - إذا أوقف صرف التعويض ثم زال المانع الذي أوقف الصرف بمقتضاه، فيستأنف الصرف من أول الشهر التالي لتاريخ إشعار الوزارة بذلك.",
    };
    const lead = (question: string) => composeAnswer({ question, language: "ar", sources: [stopped], analyzer }).text.split("\n")[0]!;
    // Asked about the cases in general: the whole list, "جـ" and "هـ" among its items, and not the next paragraph "2 -".
    const all = lead("متى يوقف صرف التعويض عن المستفيد؟");
    expect(all).toContain("ب - إذا كان له دخل شهري من عمل. جـ - إذا أصبح غير قادر على العمل.");
    expect(all).toContain("ط - إذا بلغت سنه الستين");
    expect(all).not.toContain("فيستأنف الصرف");
    // Asked about leaving the Kingdom: the introduction and that case.
    expect(lead("هل يوقف صرف التعويض إذا سافرت خارج المملكة؟")).toContain("في أي من الحالات الآتية: … ح - إذا غادر المملكة العربية السعودية. …");
  });

  it("keeps the option a rule gives with it ('وله أن يستعيض عن ذلك'), without the added paragraphs' closing quote", () => {
    const obligations: SourceArticle = {
      ...probation, id: "labor#61", articleNumber: 61,
      content: 'صدر المرسوم الملكي رقم (م/44) وتاريخ 1446/2/8هـ، وعدلت هذه المادة وذلك بإضافة الفقرات الآتية: "5- أن يوفر السكن اللائق لعماله. وله أن يستعيض عن ذلك ببدل نقدي مناسب يدفعه لهم مع الأجر. 6- أن يوفر وسيلة مواصلات مناسبة لعماله من مقر سكنهم إلى مقر العمل. وله أن يستعيض عن ذلك ببدل نقدي مناسب يدفعه لهم مع الأجر ".',
    };
    const answer = composeAnswer({ question: "هل صاحب العمل ملزم بتوفير مواصلات لعماله؟", language: "ar", sources: [obligations], analyzer });
    expect(answer.text).toContain("«6- أن يوفر وسيلة مواصلات مناسبة لعماله من مقر سكنهم إلى مقر العمل. وله أن يستعيض عن ذلك ببدل نقدي مناسب يدفعه لهم مع الأجر.»");
  });

  it("matches the question's words with the text's by word family (العقاري/العقارية, بيع/بيعاً)", () => {
    const commission: SourceArticle = {
      ...probation, id: "brokerage#14", lawName: "نظام الوساطة العقارية", articleNumber: 14,
      content: "1 - تتحدد عمولة الوساطة العقارية بنسبة (2.5%) من قيمة الصفقة إن كانت بيعاً. 2 - يتحمل دفع العمولة الطرف المتعاقد مع الوسيط العقاري في عقد الوساطة.",
    };
    const answer = composeAnswer({ question: "طلب مني المكتب العقاري عمولة خمسة بالمئة على بيع بيتي، فكم العمولة المحددة نظاماً؟", language: "ar", sources: [commission], analyzer });
    expect(answer.text).toContain("«1 - تتحدد عمولة الوساطة العقارية بنسبة (2.5%)");
    expect(asksForFigure("فكم العمولة؟")).toBe(true);
    expect(asksForFigure("وكم يوم عندي؟")).toBe(true);
    expect(asksForFigure("هل يجوز ذلك؟")).toBe(false);
    // "When can …" asks for the cases, "when is … due" for a time.
    expect(asksForFigure("When can an employer fire a worker?")).toBe(false);
    expect(asksForFigure("When is the rent due?")).toBe(true);
    expect(asksForFigure("متى يحق لصاحب العمل فصل العامل؟")).toBe(false);
    expect(asksForFigure("متى يجوز فسخ العقد؟")).toBe(false);
    expect(asksForFigure("متى تنتهي مدة التجربة؟")).toBe(true);
  });

  it("asks which situation applies when another law answers as well", () => {
    const staff: SourceArticle = { ...probation, id: "staff#26", lawId: "staff", lawName: "تنظيم هيئات تطوير المناطق والمدن واللائحة المالية لهيئات تطوير المناطق والمدن", lawNameEn: "Statute of Regional and City Development Authorities", articleNumber: 26, score: 11.5 };
    const answer = composeAnswer({ question: "ما مدة فترة التجربة؟", language: "ar", sources: [probation, staff], analyzer });
    expect(answer.text).toContain("أيّ الحالتين تنطبق عليك؟");
    expect(answer.text).toContain("المادة 26 من تنظيم هيئات تطوير المناطق والمدن");
    expect(answer.text).not.toContain("واللائحة المالية");
    expect(answer.citedArticleIds).toEqual(["labor#53", "staff#26"]);
  });

  it("does not ask which situation applies when the other law's article lacks a word of the question the best one holds", () => {
    const bereavement: SourceArticle = { ...probation, id: "labor#113", articleNumber: 113, content: "للعامل الحق في إجازة بأجر كامل لمدة خمسة أيام في حالة وفاة أحد أصوله.", score: 12 };
    const maintenance: SourceArticle = {
      ...probation,
      id: "family#60",
      lawId: "family",
      lawName: "نظام الأحوال الشخصية",
      articleNumber: 60,
      content: "في حال وفاة الأب تجب نفقة الولد على من يرثه من أقاربه.",
      score: 11.5,
    };
    const answer = composeAnswer({ question: "كم يوم إجازة إذا توفي الأب؟", language: "ar", sources: [bereavement, maintenance], analyzer });
    expect(answer.text).not.toContain("أيّ الحالتين تنطبق عليك؟");
    expect(answer.citedArticleIds[0]).toBe("labor#113");
  });

  it("says when the evidence is weak: the lead names the closest provision and the note follows it before anything else", () => {
    const weak = { ...probation, coverage: 0.35 };
    const english = composeAnswer({ question: "ما مدة فترة التجربة؟", language: "en", sources: [weak, { ...termination, score: 10, coverage: 0.35 }], analyzer });
    expect(english.text).toMatch(/^\*\*Answer:\*\* The closest provision I found is Article 53 of the Labor Law;/);
    expect(english.text).not.toContain("decides this question");
    const note = english.text.indexOf("do not cover your whole question");
    expect(note).toBeGreaterThan(english.text.indexOf("بحيث لا تزيد على تسعين يوماً"));
    expect(note).toBeLessThan(english.text.indexOf("Related provisions"));
    const arabic = composeAnswer({ question: "ما مدة فترة التجربة؟", language: "ar", sources: [weak], analyzer });
    expect(arabic.text.startsWith("**الجواب:** أقرب نص وجدته هو المادة 53 من نظام العمل: «")).toBe(true);
    expect(arabic.text).toContain("لا تغطي سؤالك كله");
    // Firm evidence keeps the deciding wording and no note.
    const firm = composeAnswer({ question: "ما مدة فترة التجربة؟", language: "ar", sources: [probation], analyzer });
    expect(firm.text.startsWith("**الجواب:** بحسب المادة 53")).toBe(true);
    expect(firm.text).not.toContain("لا تغطي سؤالك كله");
  });

  it("quotes a sentence a semicolon cuts whole (a condition with its consequence), whichever part the question matches", () => {
    const adl: SourceArticle = {
      ...probation, id: "family#20", lawId: "family", lawName: "نظام الأحوال الشخصية", articleNumber: 20,
      content: "إذا منع الولي -ولو كان الأب- موليته من الزواج بكفئها الذي رضيت به؛ تتولى المحكمة تزويج المرأة المعضولة بطلب منها أو من ذي مصلحة.",
    };
    for (const question of ["هل يجوز للأب منع ابنته من الزواج؟", "هل تزوجني المحكمة إذا رفض وليي؟"]) {
      const answer = composeAnswer({ question, language: "ar", sources: [adl], analyzer });
      expect(answer.text).toContain("رضيت به؛ تتولى المحكمة تزويج المرأة المعضولة");
    }
    // A rule with its limit; the next item of a list is not the rest of the sentence.
    const deposit: SourceArticle = { ...adl, id: "brokerage#13", content: "- يحدد مبلغ عربون الصفقة العقارية بالاتفاق بين أطرافها؛ بما لا يتجاوز (5%) من قيمتها." };
    expect(composeAnswer({ question: "كم مبلغ العربون في الصفقة العقارية؟", language: "ar", sources: [deposit], analyzer }).text).toContain("أطرافها؛ بما لا يتجاوز (5%)");
    const list: SourceArticle = { ...adl, id: "cyber#3", content: "يعاقب كل شخص يرتكب أيًا من الجرائم الآتية: - التنصت على ما هو مرسل؛ - الدخول غير المشروع لتهديد شخص أو ابتزازه؛" };
    const lead = composeAnswer({ question: "ما عقوبة التنصت على ما هو مرسل؟", language: "ar", sources: [list], analyzer }).text.split("\n")[0]!;
    expect(lead).toContain("التنصت على ما هو مرسل؛");
    expect(lead).not.toContain("الدخول غير المشروع");
  });

  it("quotes the rule an exception beginning \"ومع ذلك\" qualifies", () => {
    const abortion: SourceArticle = {
      ...probation, id: "health#22", lawId: "health", lawName: "نظام مزاولة المهن الصحية", articleNumber: 22,
      content: "يحظر على الطبيب إجهاض أي امرأة حامل إلا إذا اقتضت ذلك ضرورة إنقاذ حياتها. ومع ذلك يجوز الإجهاض إذا لم يكن الحمل أتم أربعة أشهر، وثبت بصورة أكيدة أن استمراره يهدد صحة الأم بضرر جسيم.",
    };
    const lead = composeAnswer({ question: "هل يجوز الإجهاض إذا كان الحمل يهدد صحة الأم؟", language: "ar", sources: [abortion], analyzer }).text.split("\n")[0]!;
    expect(lead).toContain("يحظر على الطبيب إجهاض أي امرأة حامل");
    expect(lead).toContain("ومع ذلك يجوز الإجهاض إذا لم يكن الحمل أتم أربعة أشهر");
  });

  it("marks a repealed law", () => {
    const answer = composeAnswer({ question: "فترة التجربة", language: "ar", sources: [{ ...probation, status: "repealed" }], analyzer });
    expect(answer.text).toContain("هذا النظام ملغى");
  });
});

describe("follow-up questions from an article's own rule", () => {
  it("asks the question the article's opening rule answers", () => {
    expect(questionFromArticle("لا يجوز للعامل أثناء تمتعه بأي من إجازاته المنصوص عليها في هذا الفصل أن يعمل لدى صاحب عمل آخر، فإذا أثبت صاحب العمل ذلك فله أن يحرمه من أجره.")).toBe(
      "هل يجوز للعامل أثناء تمتعه بأي من إجازاته أن يعمل لدى صاحب عمل آخر؟",
    );
    expect(questionFromArticle("يعاقب غير المسجل في حال قيامه بإصدار فاتورة ضريبية بغرامة لا تتجاوز (100.000) مائة ألف ريـال.")).toBe("ما عقوبة غير المسجل في حال قيامه بإصدار فاتورة ضريبية؟");
    expect(questionFromArticle("إذا هلك الزرع كله قبل حصاده بسبب قوة قاهرة فللمستأجر طلب إسقاط الأجرة.")).toBe("ما الحكم إذا هلك الزرع كله قبل حصاده بسبب قوة قاهرة؟");
    expect(questionFromArticle('تم تعديل هذه المادة بموجب المرسوم الملكي رقم ( م/ 46) وتاريخ 5 / 6 / 1436 هـ ؛ لتكون بالنص الآتي: "لا يجوز لصاحب العمل فسخ العقد دون مكافأة العامل إلا في الحالات الآتية: …"')).toBe(
      "هل يجوز لصاحب العمل فسخ العقد دون مكافأة العامل؟",
    );
  });

  it("offers nothing when the opening is not a whole rule", () => {
    expect(questionFromArticle("يجب على الهيئة القيام بما يأتي: 1- وضع الخطط.")).toBeUndefined();
    expect(questionFromArticle("يجوز لأي شخص يلحقه ضرر من ممارسات مخالفة، أن يتقدم بطلب التعويض.")).toBeUndefined();
    expect(questionFromArticle("يهدف هذا النظام إلى حماية المستهلك.")).toBeUndefined();
  });
});

describe("English figures", () => {
  it("reads Arabic number words and digits with their units", () => {
    expect(englishFigures("لا تقل عن واحد وعشرين يوماً، وثلاثين يوماً بعد خمس سنوات")).toEqual(["21 days", "30 days", "5 years"]);
    expect(englishFigures("غرامة لا تزيد على خمسين ألف ريال خلال شهرين")).toEqual(["50,000 riyals", "2 months"]);
    expect(englishFigures("(5%) من قيمة العقد خلال (خمسة عشر) يوماً")).toEqual(["5%", "15 days"]);
    expect(englishFigures("إجازة مرضية بأجر عن الثلاثين يومًا الأولى، وبثلاثة أرباع الأجر عن الستين يومًا التالية")).toEqual(["30 days", "three quarters of the pay", "60 days"]);
    expect(englishFigures("يستحق ثلث المكافأة بعد سنتين، ويستحق ثلثيها بعد خمس سنوات، ونصف الأجر")).toEqual(["one third of the award", "2 years", "two thirds", "5 years", "half of the pay"]);
    expect(englishFigures("نصف أجر شهر عن كل سنة من السنوات الخمس الأولى")).toEqual(["half of a month's pay"]);
    // A percentage written out, and two hundred, in the laws' spelling (مائة) and the newer one (مئة).
    expect(englishFigures("بواقع ستين في المائة، وخمسين في المئة")).toEqual(["60%", "50%"]);
    expect(englishFigures("غرامة لا تزيد على مائتي ألف ريال")).toEqual(["200,000 riyals"]);
    expect(englishFigures("وبغرامة لا تزيد على خمسمائة ألف ريال")).toEqual(["500,000 riyals"]);
  });
});

describe("streaming pieces", () => {
  it("keeps every character of the text, in pieces of whole words of at least 64 characters", () => {
    const text = "  سطر أول\n\n- بند  ثانٍ\tونهاية ".repeat(12);
    const pieces = chunks(text);
    expect(pieces.join("")).toBe(text);
    expect(pieces.length).toBeGreaterThan(3);
    for (const piece of pieces.slice(0, -1)) {
      expect(piece.length).toBeGreaterThanOrEqual(64);
      expect(piece).toMatch(/\s$/u);
    }
    expect(chunks("قصير")).toEqual(["قصير"]);
    expect(chunks("")).toEqual([]);
  });
});

describe("answer language", () => {
  it("follows the question's script, else the requested language", () => {
    expect(answerLanguage("How long is probation?", "ar")).toBe("en");
    expect(answerLanguage("ما مدة التجربة؟", "en")).toBe("ar");
    expect(answerLanguage("53", "en")).toBe("en");
  });
});

describe("amended articles", () => {
  it("quotes the current wording and names the amendment", () => {
    const amended: SourceArticle = {
      ...probation,
      content: 'تم تعديل هذه المادة بموجب المرسوم الملكي رقم ( م/ 46) وتاريخ 5 / 6 / 1436 هـ ؛ لتكون بالنص الآتي : "إذا كان العامل خاضعاً لفترة تجربة، وجب النص على ذلك صراحة في عقد العمل".',
    };
    const answer = composeAnswer({ question: "فترة التجربة", language: "ar", sources: [amended], analyzer });
    expect(answer.text).toContain("(تم تعديل هذه المادة بموجب المرسوم الملكي رقم ( م/ 46) وتاريخ 5 / 6 / 1436 هـ)");
    expect(answer.text).toContain("إذا كان العامل خاضعاً لفترة تجربة، وجب النص على ذلك صراحة في عقد العمل");
    expect(answer.text).not.toContain('> تم تعديل');
  });

  it("reads the amendments a newer text lists after its wording ('تعديلات المادة:') as the note, not as the text", () => {
    const listed = currentWording(
      "يُعدّ العمال الذين استقدمتهم المكاتب نيابة عن أصحاب العمل عمالًا لدى صاحب العمل.\nتعديلات المادة:\n- تم بموجب المرسوم الملكي رقم (م/44) وتاريخ 1446/2/8هـ، تعديل اسم الفصل (الثالث) من الباب (الثاني)؛ ليكون «المكاتب والشركات الأهلية».",
    );
    expect(listed).toEqual({ text: "يُعدّ العمال الذين استقدمتهم المكاتب نيابة عن أصحاب العمل عمالًا لدى صاحب العمل.", amendment: "تم بموجب المرسوم الملكي رقم (م/44) وتاريخ 1446/2/8هـ" });
  });

  it("reads the other ways BOE texts give a whole new wording, and leaves a partial amendment as it stands", () => {
    const unquoted = currentWording("- عدلت هذه المادة وذلك بموجب المرسوم الملكي رقم (م/115) وتاريخ 1439/12/5هـ، لتصبح بالنص الآتي: - للمخالف حق الاعتراض على المخالفة أمام المحكمة المختصة خلال ثلاثين يوماً.");
    expect(unquoted).toEqual({ amendment: "- عدلت هذه المادة وذلك بموجب المرسوم الملكي رقم (م/115) وتاريخ 1439/12/5هـ", text: "- للمخالف حق الاعتراض على المخالفة أمام المحكمة المختصة خلال ثلاثين يوماً" });
    const replaced = currentWording('تم إلغاء نص هذه المادة بموجب المرسوم الملكي رقم ( م/ 46) وتاريخ 5 / 6 / 1436 هـ ؛ وإحلال النص الآتي محله: "إذا كان الإشعار من جانب صاحب العمل، فيحق للعامل أن يتغيب يوماً كاملاً في الأسبوع".');
    expect(replaced.text).toBe("إذا كان الإشعار من جانب صاحب العمل، فيحق للعامل أن يتغيب يوماً كاملاً في الأسبوع");
    const partial = 'تم تعديل عجز هذه المادة بموجب المرسوم الملكي رقم : (م/70) ، ليصبح بالنص الآتي: " .. ويعاقب من يخالف ذلك بغرامة".';
    expect(currentWording(partial)).toEqual({ text: partial });
    const marked = currentWording('عٌدلت هذه المادة بموجب المرسوم الملكي رقم (م / 38) وتاريخ 30 / 3 / 1441هـ، لتكون بالنص الآتي: "إذا لم يحضر المدعي أي جلسة من جلسات الدعوى ولم يتقدم بعذر تقبله المحكمة، فلها أن تقرر شطبها".');
    expect(marked.text).toBe("إذا لم يحضر المدعي أي جلسة من جلسات الدعوى ولم يتقدم بعذر تقبله المحكمة، فلها أن تقرر شطبها");
    // Two articles merged into one: the note ends before "بالنص الآتي", the new article's heading is not its text.
    const merged = currentWording(
      'تم تعديل أحكام المادتين (الحادية والخمسين بعد المائة) و(الثانية والخمسين بعد المائة)؛ وإعادة صياغتهما بعد تعديل أحكامهما لتكون في مادة واحدة بموجب المرسوم الملكي رقم ( م/ 46) وتاريخ 5 / 6 / 1436 هـ ؛ بالنص الآتي : "المادة الحادية والخمسون بعد المائة : 1 - للمرأة العاملة الحق في إجازة وضع بأجر كامل لمدة عشرة أسابيع".',
    );
    expect(merged.text).toBe("1 - للمرأة العاملة الحق في إجازة وضع بأجر كامل لمدة عشرة أسابيع");
    expect(merged.amendment).toMatch(/^تم تعديل أحكام المادتين .* 1436 هـ$/u);
    // One paragraph's new wording (the 1446H Labor Law amendments): that paragraph is the text, the decree the note.
    const paragraph = currentWording(
      '- صدر المرسوم الملكي رقم (م/44) وتاريخ 1446/2/8هـ، وذلك بالموافقة على تعديلات بعض مواد نظام العمل (ويعمل بها من تاريخ 1446/8/20هـ) وعدلت الفقرة (1) من هذه المادة لتكون بالنص الآتي: " يتحمل صاحب العمل رسوم استقدام العامل غير السعودي ".',
    );
    expect(paragraph).toEqual({
      text: "يتحمل صاحب العمل رسوم استقدام العامل غير السعودي",
      amendment: "صدر المرسوم الملكي رقم (م/44) وتاريخ 1446/2/8هـ، وذلك بالموافقة على تعديلات بعض مواد نظام العمل (ويعمل بها من تاريخ 1446/8/20هـ) وعدلت الفقرة (1) من هذه المادة",
      paragraph: "1",
    });
    const fees: SourceArticle = { ...probation, id: "labor#40", articleNumber: 40, content: paragraph.text.replace(/^/, '- صدر المرسوم الملكي رقم (م/44) وتاريخ 1446/2/8هـ وعدلت الفقرة (1) من هذه المادة لتكون بالنص الآتي: "') + '".' };
    const answer = composeAnswer({ question: "من يتحمل رسوم الإقامة؟", language: "ar", sources: [fees], analyzer });
    expect(answer.text).toContain("«يتحمل صاحب العمل رسوم استقدام العامل غير السعودي»");
    expect(answer.text).toContain("النص المقتبس هو نص الفقرة (1) من المادة بعد تعديلها");
    const english = composeAnswer({ question: "Who pays the iqama fees?", language: "en", sources: [fees], analyzer });
    expect(english.text).toContain("The text quoted is the current wording of paragraph (1) of the article, as amended.");
  });
});
