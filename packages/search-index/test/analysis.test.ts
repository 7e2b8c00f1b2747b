import { analyzeArabic, analyzeQuery, findArticleReference, normalizeArabic, questionKey, referencedArticleNumbers, stemArabic, stemEnglish, tokenize } from "../src/index";
import { conflationKey, stemArabicReadings } from "../src/analysis/arabic-stemmer";
import { namesPublicSector } from "../src/analysis/sector";
import { expandTerm } from "../src/analysis/synonyms";
import { GLOSSARY } from "../src/analysis/glossary";
import { parseArabicOrdinal } from "../src/analysis/ordinals";

describe("normalizeArabic", () => {
  it.each([
    ["مُدَّةُ التَّجْرِبَةِ", "مده التجربه"],
    ["العـــمل", "العمل"],
    ["أحكام إجازة آخر ٱلنظام", "احكام اجازه اخر النظام"],
    ["مستشفى", "مستشفي"],
    // The older hamza on a ya before a waw is the hamza on a waw: both spellings of مسؤولية, شؤون are one word.
    ["مسؤول مسئول شؤون شئون", "مسوول مسوول شوون شوون"],
    ["رئيس هيئة", "رييس هييه"],
    // "مائة" as the laws write it and "مئة" as many questions do are one number; a table (مائدة) stays apart.
    ["مائة مئة مائتي ثلاثمائة مائدة", "ميه ميه ميتي ثلاثميه مايده"],
    ["جزاء إنهاءً الأبناء", "جزاء انهاء الابناء"],
    ["شيء يقرؤه إجراءاته", "شي يقروه اجرااته"],
    ["Labor LAW", "labor law"],
  ])("%s → %s", (input, expected) => {
    expect(normalizeArabic(input)).toBe(expected);
  });

  it("turns Arabic-Indic and Persian digits into ASCII", () => {
    expect(normalizeArabic("المادة ٧٧ و۱۲۳")).toBe("الماده 77 و123");
  });

  it("turns punctuation into word breaks", () => {
    expect(tokenize("ما المقصود بـ«المنشأة»؟ (أ)، ب؛ ج.")).toEqual(["ما", "المقصود", "ب", "المنشاه", "ا", "ب", "ج"]);
  });
});

describe("the hamza after a word-final alef", () => {
  it("keeps إنهاء and انتهاء apart from الآن, whose stem the pronoun suffix ها would otherwise leave them", () => {
    expect(tokenize("إنهاء انتهاء الآن").map(stemArabic)).toEqual(["انهاء", "انتهاء", "ان"]);
  });
});

describe("a question word written with tanween fath", () => {
  it("is also read without its alef, as the law texts write the word", () => {
    expect(analyzeQuery("هل يعد ذلك تحرشاً؟", "ar").clauses).toContainEqual(["تحرشا", "تحرش"]);
    expect(analyzeQuery("هل يعد ذلك تحرشا؟", "ar").clauses).toContainEqual(["تحرشا"]);
    // Other marks inside the word do not hide its tanween.
    expect(analyzeQuery("وكّلت مُحامياً", "ar").clauses).toContainEqual(["محاميا", "محامي"]);
  });
});

describe("questionKey", () => {
  it("groups questions differing only in diacritics, letter variants, punctuation, case or stop words", () => {
    const key = questionKey("كم مدة الإجازة السنوية المستحقة للعامل؟");
    expect(key).toBe("مده الاجازه السنويه المستحقه للعامل");
    expect(questionKey("كم مدةُ الإجازةِ السنويه المستحقة للعامل")).toBe(key);
    expect(questionKey("ما هي مدة الأجازة السنوية المستحقة للعامل ؟!")).toBe(key);
    expect(questionKey("What is the ANNUAL leave of a worker?")).toBe(questionKey("annual leave, worker"));
    expect(questionKey("ما هي عقوبة التزوير في المادة ٧٧")).toBe("عقوبه التزوير الماده 77");
  });

  it("keeps different questions apart, and keeps a question of stop words whole", () => {
    expect(questionKey("مدة الإجازة السنوية")).not.toBe(questionKey("مدة الإجازة المرضية"));
    expect(questionKey("What is it?")).toBe("what is it");
    expect(questionKey(" ؟ ")).toBe("");
  });
});

describe("stemArabic", () => {
  it.each([
    ["والعاملين", "عامل"],
    ["الشركات", "شرك"],
    ["الشركه", "شرك"],
    ["بالعقد", "عقد"],
    ["للعامل", "عامل"],
    ["لنظام", "نظام"],
    ["وعقوباتها", "عقوب"],
    ["المعلومات", "معلوم"],
  ])("%s → %s", (word, stem) => {
    expect(stemArabic(word)).toBe(stem);
  });

  it("conflates the singular, the plural and the definite forms", () => {
    expect(new Set(["شركه", "الشركه", "الشركات", "والشركات", "للشركات"].map(stemArabic)).size).toBe(1);
  });

  it("treats the ة a pronoun turned into ت as ة, and the plural ات before a pronoun as the plural", () => {
    expect(stemArabic("مدتها")).toBe(stemArabic("المده"));
    expect(stemArabic("اجازته")).toBe(stemArabic("الاجازه"));
    expect(stemArabic("مستحقاتها")).toBe(stemArabic("المستحقات"));
    // ه is the list's last suffix: the plural before it goes too, unless a singular's ة is what is left ("حياته").
    expect(stemArabic("اجتماعاته")).toBe(stemArabic("الاجتماعات"));
    expect(stemArabic(normalizeArabic("اختصاصاته"))).toBe(stemArabic(normalizeArabic("اختصاصات")));
    expect(stemArabic(normalizeArabic("حياته"))).not.toBe(stemArabic("حي"));
  });

  it("reads the broken plural of a kin noun as its singular", () => {
    const stem = (word: string) => stemArabic(normalizeArabic(word));
    expect(stem("الأولاد")).toBe(stem("الولد"));
    expect(stem("أولادي")).toBe(stem("الولد"));
    expect(stem("البنات")).toBe(stem("البنت"));
    expect(stem("إخوان")).toBe(stem("الأخ"));
    expect(stem("الورثة")).toBe(stem("الوارث"));
    expect(stem("أزواجها")).toBe(stem("الزوج"));
    // Other nouns keep their plural: the legal ones were measured and not kept.
    expect(stem("الحقوق")).not.toBe(stem("الحق"));
  });

  it("keeps short words and nisba adjectives intact", () => {
    expect(stemArabic("بند")).toBe("بند");
    expect(stemArabic("لجنه")).toBe("لجن");
    expect(stemArabic("مالي")).toBe("مالي");
    expect(stemArabic("ال")).toBe("ال");
  });
});

describe("stemArabicReadings (question words)", () => {
  it("also reads a stripped و, ب or ل as a root letter, so the definite form in the law matches", () => {
    expect(stemArabicReadings(normalizeArabic("وكالة"))).toContain(stemArabic(normalizeArabic("الوكالة")));
    expect(stemArabicReadings(normalizeArabic("والده"))).toContain(stemArabic(normalizeArabic("الوالد")));
    expect(stemArabicReadings(normalizeArabic("بيانات"))).toContain(stemArabic(normalizeArabic("البيانات")));
  });

  it("also reads a kept ف, ب or ل as a conjunction or preposition", () => {
    expect(stemArabicReadings(normalizeArabic("فخلال"))).toContain(stemArabic("خلال"));
    expect(stemArabicReadings(normalizeArabic("لبيع"))).toContain(stemArabic("بيع"));
  });

  it("reads a word beginning with ال both with and without it as the article, in either form", () => {
    // إلغاء / الإلغاء, إلكترونية / الإلكترونية: the index stems the indefinite and the definite form apart.
    for (const [indefinite, definite] of [["إلغاء", "الإلغاء"], ["إلكترونية", "الإلكترونية"], ["التزام", "الالتزام"]] as const) {
      expect(stemArabicReadings(normalizeArabic(indefinite))).toContain(stemArabic(normalizeArabic(definite)));
      expect(stemArabicReadings(normalizeArabic(definite))).toContain(stemArabic(normalizeArabic(indefinite)));
    }
  });

  it("gives a word whose own letters begin with ال one term, with the article or without", () => {
    for (const [indefinite, definite] of [["إلغاء", "الإلغاء"], ["إلكترونية", "الإلكترونية"], ["التزام", "الالتزام"], ["التزام", "للالتزام"]] as const) {
      expect(stemArabic(normalizeArabic(definite))).toBe(stemArabic(normalizeArabic(indefinite)));
    }
    expect(stemArabic(normalizeArabic("العامل"))).toBe("عامل");
  });

  it("reads ل before a word beginning with ل as the preposition before the article", () => {
    // "للائحة" is ل + اللائحة (one lam of the three is not written), not ل + ال + "ائحة".
    expect(stemArabicReadings(normalizeArabic("للائحة"))).toContain(stemArabic(normalizeArabic("اللائحة")));
    expect(stemArabicReadings(normalizeArabic("للجنة"))).toContain(stemArabic(normalizeArabic("اللجنة")));
  });

  it("gives one reading to a word the stemmer reads unambiguously", () => {
    expect(stemArabicReadings(normalizeArabic("العامل"))).toEqual([stemArabic(normalizeArabic("العامل"))]);
    expect(stemArabicReadings("عقد")).toEqual(["عقد"]);
  });

  it("lets a question word in its indefinite form find the article in the definite one", () => {
    const clauses = analyzeQuery("هل يمكنني إلغاء وكالة أعطيتها؟").clauses;
    expect(clauses.some((clause) => clause.includes(stemArabic(normalizeArabic("الوكالة"))))).toBe(true);
    expect(analyzeArabic("فكم مني الآن")).toEqual([]);
  });
});

describe("stemArabic on words whose ending only looks like a suffix", () => {
  it("keeps عربون whole, apart from عرب", () => {
    expect(stemArabic(normalizeArabic("العربون"))).toBe("عربون");
    expect(stemArabic(normalizeArabic("عربون"))).toBe("عربون");
    expect(stemArabic(normalizeArabic("العربية"))).not.toBe("عربون");
  });

  it("keeps الجمعة (Friday) apart from الجمع (combining), and the other homographs of frequent words", () => {
    const stem = (word: string) => stemArabic(normalizeArabic(word));
    expect(stem("الجمعة")).toBe(stem("جمعة"));
    for (const [word, other] of [["الجمعة", "الجمع"], ["الأمين", "للأم"], ["الدائن", "بداية"], ["الصحية", "صحة"], ["حجية", "الحج"], ["السنة", "السن"], ["مكان", "مكة"], ["الضمان", "ضم"], ["بضاعة", "ضاع"], ["ورقة", "الرق"], ["مدينة", "المدين"], ["المحكمة", "المحكم"], ["الرياضة", "الرياض"], ["المكتبة", "المكتب"], ["المرهون", "مرة"], ["يعين", "بيع"], ["البنية", "ابن"], ["الدينية", "الدين"], ["التأمين", "التامة"], ["المدين", "المدة"], ["المدينون", "مدته"], ["الدائنون", "بداية"], ["البيئة", "البيان"], ["الاجتماعية", "اجتماعات"], ["الكلية", "كل"], ["الدولية", "الدولة"], ["المدنية", "المدن"]]) {
      expect(stem(word!)).not.toBe(stem(other!));
    }
    expect(stem("للدائن")).toBe(stem("الدائن"));
    expect(stem("وبضاعة")).toBe(stem("بضاعة"));
    // A plural names its whole singular: "أمام المحكمة التجارية" still writes the title "نظام المحاكم التجارية".
    expect(stem("المحاكم")).toBe(stem("المحكمة"));
    expect(stem("التأمينات")).toBe(stem("التأمين"));
    // A daughter and a sister with a possessive pronoun are the noun itself, not a son, a brother or "نت".
    for (const word of ["ابنته", "بنتها", "وبنته", "ابنتي"]) expect(stem(word)).toBe(stem("البنت"));
    for (const word of ["أخته", "أختها", "لأخته"]) expect(stem(word)).toBe(stem("الأخت"));
    expect(stem("ابنه")).toBe(stem("الابن"));
    // The debtor's and the creditor's sound plurals are their singulars.
    expect(stem("المدينين")).toBe(stem("المدين"));
    expect(stem("للدائنين")).toBe(stem("الدائن"));
  });
});

describe("conflationKey", () => {
  it.each([
    [["مخالفه", "يخالف", "تخالف", "مخالفته"], "خالف"],
    [["صيدلاني", "الصيدلانيه"], "صيدلان"],
    [["لمده", "المده"], "مد"],
    [["نظامياً", "النظام"], "نظام"],
    // A تفعيل verbal noun joins its verb's family: the question's "يفحّط", the law's "التفحيط".
    [["يفحط", "التفحيط"], "فحط"],
    [["يعوض", "التعويض"], "عوض"],
    // An استفعال or إفعال verbal noun too ("استغناء الجهة" against "ما تستغني عنه"), and an أفعال plural.
    [["الاستخدام", "يستخدم"], "ستخدم"],
    [["استغناء", "تستغني"], "ستغن"],
    [["الإبلاغ", "يبلغ"], "بلغ"],
    [["الأحكام", "حكم"], "حكم"],
  ])("groups the word family of %j under %s", (words, key) => {
    for (const word of words) expect(conflationKey(stemArabic(normalizeArabic(word)))).toBe(key);
  });

  it("keeps an adjective whose meaning left its noun out of the noun's family (main is not the president)", () => {
    const key = (word: string) => conflationKey(stemArabic(normalizeArabic(word)));
    expect(key("الرئيسي")).not.toBe(key("الرئيس"));
    expect(key("المالي")).toBe(key("المال"));
  });
});

describe("the Arabic legal synonyms", () => {
  it("relate a question word to the words articles use for the same notion, both ways", () => {
    const term = (word: string) => stemArabic(normalizeArabic(word));
    expect(expandTerm(term("العقوبة"))).toEqual(expect.arrayContaining(["يعاقب", "غرام"]));
    expect(expandTerm("يعاقب")).toContain(term("العقوبة"));
    expect(expandTerm(term("الموظف"))).toContain(term("العامل"));
    // A question says "توفي والدي"; the inheritance articles speak of "الميت".
    expect(expandTerm(term("توفي"))).toContain(term("الميت"));
    // "أطلب منه يحلف" is the Evidence Law's اليمين; a "مقيم" running a shop is the concealment articles' الوافد.
    expect(expandTerm(term("يحلف"))).toContain(term("اليمين"));
    expect(expandTerm(term("مقيم"))).toContain(term("الوافد"));
    expect(expandTerm(term("أقررت"))).toContain(term("الإقرار"));
    expect(expandTerm(term("ذكور"))).toContain(term("للذكر"));
    // "هل نحتاج إلى حكم" against "دون الحاجة إلى حكم قضائي": the verb and the noun have different light stems.
    expect(expandTerm(term("نحتاج"))).toContain(term("الحاجة"));
    // "الشركة المصنعة" is the Product Safety Law's الصانع.
    expect(expandTerm(term("المصنعة"))).toContain(term("الصانع"));
    expect(expandTerm("unrelated")).toEqual([]);
  });

  it("drop 'in Saudi law' (في النظام السعودي): its words named the Nationality Law's title", () => {
    const terms = analyzeQuery("ما هو سن الرشد في النظام السعودي؟").clauses.flat();
    expect(terms).toEqual(expect.arrayContaining([stemArabic("سن"), stemArabic("رشد")]));
    expect(terms).not.toContain(stemArabic(normalizeArabic("السعودي")));
    expect(terms).not.toContain(stemArabic(normalizeArabic("النظام")));
  });

  it("drop a question's 'to be' (أكون، نكون، كنت): 'أكون' stemmed to a term of its own", () => {
    expect(analyzeQuery("فهل أكون مسؤولاً عن ديونها؟").clauses.flat()).not.toContain("اك");
    // "لم يكن" (there is not) is no term: it led the husband's inheritance question with a housing article that says it.
    expect(analyzeQuery("هل يرث الزوج من زوجته إذا لم يكن لها أولاد؟").clauses.flat()).not.toContain(stemArabic("يكن"));
    expect(analyzeArabic("ما لم تكن الزوجة حاملا")).not.toContain(stemArabic("تكن"));
  });

  it("reach the texts' words from a question's verb forms (أستقيل → الاستقالة, يتحرش → التحرش, المستأجر → المأجور)", () => {
    const term = (word: string) => stemArabic(normalizeArabic(word));
    expect(expandTerm(term("استقيل"))).toContain(term("الاستقالة"));
    expect(expandTerm(term("يتحرش"))).toContain(term("التحرش"));
    expect(expandTerm(term("المستأجر"))).toContain(term("المأجور"));
    expect(expandTerm(term("دليل"))).toContain(term("إثبات"));
    // "إجازة مدفوعة لأداء الاختبارات" against "إجازة بأجر كامل لتأدية الامتحان" (ان of امتحان reads as a suffix).
    expect(expandTerm(term("الاختبارات"))).toContain(term("الامتحان"));
    expect(expandTerm(term("مدفوعة"))).toContain(term("بأجر"));
    expect(expandTerm(term("أداء"))).toContain(term("لتأدية"));
    // "الحد الأقصى للوصية" against "لا تصح الوصية بما زاد على الثلث"; "الطرف الآخر" against "المتعاقد الآخر".
    expect(expandTerm(term("الأقصى"))).toContain(term("زاد"));
    expect(expandTerm(term("الطرف"))).toContain(term("المتعاقد"));
    // "سحب موافقتي" against "الرجوع عن الموافقة"; "يغير تصميم الشقة" against "أن يحدث في المأجور تغييرًا".
    expect(expandTerm(term("سحب"))).toContain(term("الرجوع"));
    // Returning goods: "استرجاع المنتج" against the e-commerce right to return ("إرجاع المنتج").
    expect(expandTerm(term("استرجاع"))).toContain(term("إرجاع"));
    expect(expandTerm(term("يغير"))).toContain(term("تغييرًا"));
    // "في أي الحالات لا يجوز" against "لا يجوز … في الأحوال الآتية".
    expect(expandTerm(term("الحالات"))).toContain(term("الأحوال"));
    // "إذا توفي أبوي" against "وفاة … أحد أصوله"; "عدة المطلقة" against "عدة … المفارقة"; "يصح" against "لصحة".
    expect(expandTerm(term("الأب"))).toContain(term("أصوله"));
    expect(expandTerm(term("الأم"))).not.toContain(term("الأب"));
    expect(expandTerm(term("المطلقة"))).toContain(term("المفارقة"));
    expect(expandTerm(term("يصح"))).toContain(term("صحة"));
    // "إجازة الأمومة" against "إجازة وضع"; "استراحة" against "فترة للراحة".
    expect(expandTerm(term("الأمومة"))).toContain(term("الوضع"));
    expect(expandTerm(term("استراحة"))).toContain(term("الراحة"));
    // "بتوفير سكن" against "أن يوفر السكن"; "بمهام مختلفة" against "بعمل يختلف".
    expect(expandTerm(term("بتوفير"))).toContain(term("يوفر"));
    expect(expandTerm(term("مختلفة"))).toContain(term("يختلف"));
    // "يرفض تنفيذ الحكم" against "امتناعه عن التنفيذ"; "توصيل طلبي" against "التسليم".
    expect(expandTerm(term("يرفض"))).toContain(term("امتناعه"));
    expect(expandTerm(term("توصيل"))).toContain(term("التسليم"));
    // "تمنعني من رؤية أولادي" against "زيارة المحضون".
    expect(expandTerm(term("رؤية"))).toContain(term("زيارة"));
    // "تقليد علامة" against "زور علامة تجارية … أو قلدها".
    expect(expandTerm(term("تقليد"))).toContain(term("قلدها"));
    expect(expandTerm(term("تزوير"))).toContain(term("زور"));
    // "انقطعت عن الدوام" against "إذا تغيب العامل"; "أهديت ابني" against "الهبة"; "أسترجعها" against "يرجع في الهبة";
    // a dog that bit against "حارس الحيوان"; "حامل" against "أثناء حملها"; "قبضت الشرطة" against "المقبوض عليه".
    expect(expandTerm(term("انقطعت"))).toContain(term("تغيب"));
    expect(expandTerm(term("أهديت"))).toContain(term("الهبة"));
    expect(expandTerm(term("أسترجع"))).toContain(term("الرجوع"));
    expect(expandTerm(term("كلب"))).toContain(term("الحيوان"));
    expect(expandTerm(term("حامل"))).toContain(term("حمل"));
    expect(expandTerm(term("قبضت"))).toContain(term("المقبوض"));
  });

  it("keep a guardian (ولي) a word, not the conjunction و with لي", () => {
    expect(analyzeQuery("هل يصح الزواج بدون ولي؟").clauses.flat()).toContain("ولي");
    expect(analyzeQuery("هل يحق لي الاعتراض؟").clauses.flat()).not.toContain("لي");
  });

  it("do not join two notions whose words share a light stem", () => {
    const term = (word: string) => stemArabic(normalizeArabic(word));
    expect(expandTerm(term("إلغاء"))).not.toContain(term("هدف"));
    expect(expandTerm(term("أجر"))).not.toContain(term("مستأجر"));
    expect(expandTerm(term("نفقة"))).not.toContain(term("مصروفات"));
  });

  it("come with the query, aligned with its clauses, without changing the clauses", () => {
    const query = analyzeQuery("ما عقوبة الموظف المخالف؟");
    expect(query.clauses).toEqual([["عقوب"], ["موظف"], ["مخالف"]]);
    expect(query.expansions).toHaveLength(3);
    expect(query.expansions[0]).toContain("يعاقب");
    expect(query.expansions[1]).toContain("عامل");
  });

  it("keep a government employee apart from the Labor Law's worker when the question names the public sector", () => {
    for (const question of ["أنا موظف حكومي وصدر بحقي جزاء تأديبي", "ما العقوبات التأديبية على موظفي الدولة؟", "هل يجوز فصل الموظف العام؟", "I'm a government employee and received a disciplinary penalty", "Can a civil servant be dismissed?", "ما الإجراء المطلوب عند توظيف موظف جديد في الهيئة؟", "ما حقوق موظفي الوزارة؟"]) {
      expect(namesPublicSector(question)).toBe(true);
      expect(analyzeQuery(question).expansions.flat()).not.toContain("عامل");
    }
    for (const question of ["أنا موظف في شركة خاصة وصدر بحقي جزاء", "ما عقوبة الاعتداء على المال العام؟", "What is the penalty for a public nuisance?"]) {
      expect(namesPublicSector(question)).toBe(false);
    }
    expect(analyzeQuery("أنا موظف في شركة خاصة وصدر بحقي جزاء").expansions.flat()).toContain("عامل");
  });

  it("keep the Labor Law's worker apart from a body's staff (الموظف) when the question says العامل", () => {
    expect(analyzeQuery("كم يوم إجازة مرضية يستحقها العامل؟").expansions.flat()).not.toContain("موظف");
    expect(analyzeQuery("كم يوم إجازة مرضية يستحقها العامل؟").expansions.flat()).toContain("عمال");
    expect(analyzeQuery("كم يوم إجازة مرضية يستحقها الموظف؟").expansions.flat()).toContain("عامل");
  });

  it("read pay in the wording of the sector the question speaks of (العامل: أجر; موظف حكومي: راتب)", () => {
    const [wage, salary] = [stemArabic("اجر"), stemArabic("راتب")];
    const worker = analyzeQuery("كم الحد الأقصى لما يخصم من راتب العامل شهرياً؟");
    expect(worker.clauses).toContainEqual([wage]);
    expect(worker.clauses.flat()).not.toContain(salary);
    expect(worker.expansions.flat()).toContain(salary);
    expect(analyzeQuery("هل يخصم من أجر الموظف الحكومي؟").clauses).toContainEqual([salary]);
    // A question that says neither keeps its word.
    expect(analyzeQuery("كم الحد الأقصى للخصم من الراتب؟").clauses).toContainEqual([salary]);
  });
});

describe("analyzeArabic", () => {
  it("drops question words and function words", () => {
    expect(analyzeArabic("ما هي المدة التي يستمر فيها مجلس الشورى؟")).toEqual(["مد", "يستمر", "مجلس", "شوري"]);
    expect(analyzeArabic("متى وكيف وهل ولماذا وأين وكم ومن")).toEqual([]);
    // "لست محامياً": the negation's forms (لست، لسنا، ليسوا، لستم) are function words like ليس.
    expect(analyzeArabic("وأنا لست محامياً ولسنا وليسوا")).toEqual(analyzeArabic("محامياً"));
    expect(analyzeArabic("الجهة المختصة بتطبيق هذا النظام ولهذا النظام")).toEqual(["جه", "مختص", "تطبيق", "نظام", "نظام"]);
  });

  it("keeps numbers, whatever digits they are written in", () => {
    expect(analyzeArabic("مدة ٩٠ يوماً")).toEqual(["مد", "90", "يوما"]);
  });

  it("stems Latin words as English", () => {
    expect(analyzeArabic("Labor Law")).toEqual(["labor", "law"]);
  });

  it("keeps the defendant (المدعى عليه, however spelt) apart from the plaintiff (المدعي)", () => {
    const defendant = analyzeArabic("إذا غاب المدعى عليه")[1];
    expect(analyzeArabic("للمدعي عليهم")).toEqual([defendant]);
    expect(defendant).not.toBe(analyzeArabic("المدعي")[0]);
    expect(analyzeArabic("المدعي العام")).toEqual(["مدعي", "عام"]);
    // A question says it the same ways, and "رفعت دعوى" (I filed a suit) makes the asker the plaintiff.
    expect(analyzeQuery("هل يحضر المدعى عليه؟", "ar").clauses).toContainEqual([defendant]);
    expect(analyzeQuery("رفعت دعوى ولم أحضر", "ar").clauses.flat()).toContain("مدعي");
    expect(analyzeQuery("What if the defendant is absent?", "en").clauses).toContainEqual([defendant]);
  });
});

describe("stemEnglish", () => {
  it.each([
    ["wages", "wag"],
    ["wage", "wag"],
    ["terminated", "terminat"],
    ["termination", "terminat"],
    ["companies", "company"],
    ["stopped", "stop"],
    ["process", "process"],
    ["fees", "fee"],
  ])("%s → %s", (word, stem) => {
    expect(stemEnglish(word)).toBe(stem);
  });
});

describe("article numbers", () => {
  it.each([
    ["السابعه والسبعون", 77],
    ["الحاديه عشره", 11],
    ["الاولي", 1],
    ["العشرون بعد المايه", 120],
    ["الثامنه عشره بعد المايتين", 218],
    ["الخمسمايه", 500],
    ["الحاديه والعشرون بعد السبعمايه", 721],
  ])("reads the ordinal %s as %d", (ordinal, value) => {
    expect(parseArabicOrdinal(ordinal.split(" "), 0)?.value).toBe(value);
  });

  it("does not read ordinary words as ordinals", () => {
    expect(parseArabicOrdinal(["العامل", "الاول"], 0)).toBeUndefined();
  });

  it.each([
    ["ما نص المادة 77 من نظام العمل", 77],
    ["المادة (٥٣) من نظام العمل", 53],
    ["المادة رقم 12", 12],
    ["بالمادة السابعة والسبعين", 77],
    ["what does article no. 5 of the labor law say", 5],
  ])("finds the cited article in %s", (query, articleNumber) => {
    expect(findArticleReference(tokenize(query))?.articleNumber).toBe(articleNumber);
  });

  it("finds the same law's articles an article's text refers to, not another law's", () => {
    const text =
      "يعاقب كل من ارتكب إحدى المخالفات المنصوص عليها في المادة (الثانية) من هذا النظام، مع مراعاة المادة 45 من نظام العمل والمادة (12) والمادة الحادية والثمانين بعد المائة، وأحكام المادة (الثانية).";
    expect(referencedArticleNumbers(text)).toEqual([2, 12, 181]);
  });

  it("leaves the law name out of the cited number", () => {
    expect(analyzeQuery("المادة السابعة والسبعون من نظام العمل")).toEqual({
      clauses: [["نظام"], ["عمل"]],
      article: { number: 77, clauses: [["سابع"], ["سبع"]] },
      expansions: [[], []],
      words: [["ماد"], ["سابع"], ["سبع"], ["نظام"], ["عمل"]],
      definition: false,
      bodyRules: false,
    });
  });
});

describe("questions speaking of a body's rules as such", () => {
  it.each(["ما المقصود بالشخص وفقًا للتنظيم المذكور؟", "ما الحكم بشأن التنظيم السابق بعد نشر هذا التنظيم؟", "ما مصادر تمويل الهيئة بالتنظيم؟"])(
    "reads %s as speaking of the rules",
    (question) => expect(analyzeQuery(question, "ar").bodyRules).toBe(true),
  );

  it.each(["ما هي الجهة التي يحق لها تنظيم الإبلاغ عن مخالفات أحكام النظام؟", "ما مصادر تمويل الهيئة وفقًا للنظام؟"])(
    "does not read %s so (the verbal noun, or a law)",
    (question) => expect(analyzeQuery(question, "ar").bodyRules).toBe(false),
  );
});

describe("questions asking what a legal term covers", () => {
  it.each([
    "هل تُعد الرسائل ذات الإيحاءات الجنسية عبر الجوال تحرشاً؟",
    "هل مجرد تهديد الزوج لزوجته بالضرب يُعد إيذاءً؟",
    "ما المقصود بالهيئة في هذا النظام؟",
    "ما تعريف المنشأة الصغيرة؟",
    "ما التعريف النظامي للمنشأة الصغيرة؟",
    "Is a threat of violence considered abuse?",
    "What does 'employer' mean under the Labor Law?",
  ])("%s", (question) => {
    expect(analyzeQuery(question).definition).toBe(true);
  });

  it.each(["كم مدة الإجازة السنوية للعامل؟", "هل يجوز فصل العامل دون إشعار؟", "من يعد الميزانية السنوية للهيئة؟", "What is the penalty for harassment?"])(
    "not %s",
    (question) => {
      expect(analyzeQuery(question).definition).toBe(false);
    },
  );
});

describe("analyzeQuery in English", () => {
  it("maps glossary phrases, longest first, onto Arabic terms", () => {
    expect(analyzeQuery("probation period under the Labor Law", "en").clauses).toEqual([["فتر"], ["تجرب"], ["نظام"], ["عمل"]]);
  });

  it("reads 'fire' with a person after it as a dismissal, and alone as a blaze", () => {
    const terms = (question: string) => analyzeQuery(question, "en").clauses.flat();
    expect(terms("Can my employer fire me without notice?")).toEqual(expect.arrayContaining(["فصل", "فسخ"]));
    expect(terms("Can my employer fire me without notice?")).not.toContain("حريق");
    expect(terms("The flat was destroyed in a fire")).toContain("حريق");
    expect(terms("The flat was destroyed in a fire")).not.toContain("فصل");
  });

  it("maps everyday English onto the words the articles use", () => {
    const terms = (question: string) => analyzeQuery(question, "en").clauses.flat();
    const term = (word: string) => stemArabic(normalizeArabic(word));
    expect(terms("Someone defamed me on social media")).toEqual(expect.arrayContaining([term("التشهير"), term("الشبكة"), term("المعلوماتية")]));
    expect(terms("repairs in a rented apartment")).toEqual(expect.arrayContaining([term("الإصلاحات"), term("المأجور")]));
    expect(terms("driving without a license")).toEqual(expect.arrayContaining([term("قيادة"), term("رخصة")]));
    // "leave without notice" is leaving the job, not a holiday.
    expect(terms("Can a worker leave without notice?")).toContain(term("ترك"));
    expect(terms("Can a worker leave without notice?")).not.toContain(term("إجازة"));
    expect(terms("How many hours per week?")).toContain(term("الأسبوع"));
    // Wages not paid are the texts' "تأخر … عن أداء أجر"; a parent's death, a sublet, entering an account.
    expect(terms("My employer has not paid my salary for three months")).toEqual(expect.arrayContaining([term("تأخر"), term("أداء"), term("ثلاثة")]));
    expect(terms("when my father dies")).toEqual(expect.arrayContaining([term("الأب"), term("توفي")]));
    expect(terms("Can a tenant sublet the apartment?")).toEqual(expect.arrayContaining([term("يؤجر"), term("الباطن")]));
    expect(terms("accessing someone's account without permission")).toEqual(expect.arrayContaining([term("الدخول"), term("المشروع")]));
    expect(terms("sell my customers' data to a marketing company")).toEqual(expect.arrayContaining([term("العميل"), term("التسويق")]));
    // Leaving a job is not a leave (إجازة); a non-compete clause, a different job, another company.
    expect(terms("Can he work for another company after leaving if he signed a non-compete clause?")).toEqual(
      expect.arrayContaining([term("آخر"), term("ترك"), term("منافسة"), term("شرط")]),
    );
    expect(terms("after leaving")).not.toContain(term("إجازة"));
    // "my will" is a bequest, not the modal verb; hackers' access is the texts' unlawful access.
    expect(terms("Can I leave half of my wealth to a charity in my will?")).toEqual(expect.arrayContaining([term("الوصية"), term("النصف")]));
    expect(terms("Hackers got into our customer database")).toEqual(expect.arrayContaining([term("الدخول"), term("المشروع"), term("البيانات")]));
    // An employer who must "keep paying" pays (أداء), not retains; a cheque without "enough money" has no مقابل وفاء.
    expect(terms("Must my employer keep paying me while I'm off sick?")).toEqual(expect.arrayContaining([term("أداء"), term("مرضه")]));
    expect(terms("Must my employer keep paying me while I'm off sick?")).not.toContain(term("الاحتفاظ"));
    expect(terms("my account didn't have enough money")).toEqual(expect.arrayContaining([term("مقابل"), term("وفاء")]));
    expect(terms("promotional text messages")).toEqual(expect.arrayContaining([term("دعائية"), term("الرسائل")]));
    expect(terms("when the prosecutor questions me")).toContain(term("استجواب"));
    // Everyday English words that had no Arabic and were dropped: sold, broken, a supplier, a grandson.
    expect(terms("The AC broke and the landlord sold the flat")).toEqual(expect.arrayContaining([term("تلف"), term("البيع")]));
    expect(terms("I paid a supplier")).toContain(term("مورد"));
    expect(terms("my grandson")).toEqual(expect.arrayContaining([term("ابن"), term("الابن")]));
    // A worker's sponsor or boss is the employer; an exit re-entry visa keeps its words through the hyphen.
    expect(terms("My boss refuses to give me an exit re-entry visa")).toEqual(expect.arrayContaining([term("صاحب"), term("العمل"), term("الخروج"), term("العودة")]));
    expect(terms("Can my sponsor refuse?")).toEqual(expect.arrayContaining([term("صاحب"), term("العمل")]));
    expect(terms("How many days of leave do I get?")).toContain(term("إجازة"));
    // "don't pay" is not the pay of a wage; Twitter is the information network; hitting a parked car and leaving
    // is the Traffic Law's accident and its scene, not an assault and a holiday.
    expect(terms("What happens if I don't pay my debt?")).toEqual(expect.arrayContaining([term("امتنع"), term("الوفاء")]));
    expect(terms("What happens if I don't pay my debt?")).not.toContain(term("الأجر"));
    expect(terms("insulting someone on Twitter")).toEqual(expect.arrayContaining([term("الشبكة"), term("المعلوماتية")]));
    expect(terms("If I hit a parked car and leave, what happens?")).toEqual(expect.arrayContaining([term("حادث"), term("مكان"), term("المركبة")]));
    expect(terms("If I hit a parked car and leave, what happens?")).not.toContain(term("الضرب"));
    expect(terms("If I hit a parked car and leave, what happens?")).not.toContain(term("إجازة"));
    // Firing someone is a dismissal, not a blaze; a real estate agent is the broker; "who pays" bears a cost, not a wage.
    expect(terms("Is it legal to fire someone for being sick?")).toEqual(expect.arrayContaining([term("فصل"), term("يجوز")]));
    expect(terms("Is it legal to fire someone for being sick?")).not.toContain(term("حريق"));
    expect(terms("Who pays the real estate agent's commission?")).toEqual(expect.arrayContaining([term("الوسيط"), term("يتحمل")]));
    expect(terms("Who pays the real estate agent's commission?")).not.toContain(term("الأجر"));
    expect(terms("What is the age of criminal responsibility?")).toEqual(expect.arrayContaining([term("يساءل"), term("جزائيا")]));
    // Misled is the texts' تغرير; late rent is the tenant's (المستأجر), not a wage paid late.
    expect(terms("Can I cancel a contract if I was misled?")).toContain(term("التغرير"));
    expect(terms("What is the penalty for late rent payment?")).toContain(term("المستأجر"));
    expect(terms("Is it illegal to share someone's photo without consent?")).toEqual(expect.arrayContaining([term("نشر"), term("صورة")]));
    expect(terms("Is it illegal to share someone's photo without consent?")).not.toContain(term("السهم"));
    expect(terms("a different job")).toContain(term("يختلف"));
    // Contracts, capacity, harm and family in the Civil Transactions and Personal Status Laws' words.
    expect(terms("The other party did not perform the contract")).toEqual(expect.arrayContaining([term("المتعاقد"), term("الوفاء")]));
    expect(terms("Can a court reduce a penalty clause?")).toEqual(expect.arrayContaining([term("تخفيض"), term("التعويض"), term("الاتفاقي")]));
    expect(terms("full legal capacity")).toEqual(expect.arrayContaining([term("كامل"), term("الأهلية")]));
    expect(terms("compensation for emotional harm")).toContain(term("المعنوي"));
    expect(terms("My ex-wife will not let me see my children")).toEqual(expect.arrayContaining([term("المطلقة"), term("زيارة"), term("المحضون")]));
    // Sharing data is disclosing it, not a company's shares; paying a debt is its الوفاء, not a wage.
    expect(terms("Can a company share my personal data?")).toContain(term("الإفصاح"));
    expect(terms("Can a company share my personal data?")).not.toContain(term("السهم"));
    expect(terms("a debtor who refuses to pay")).toEqual(expect.arrayContaining([term("امتنع"), term("الوفاء")]));
    expect(terms("Within what period must a cheque be presented for payment?")).toEqual(expect.arrayContaining([term("تقديم"), term("الوفاء")]));
    expect(terms("Can witnesses prove a loan of a large amount?")).toEqual(expect.arrayContaining([term("إثبات"), term("مبلغ")]));
    // An employer gone bankrupt is the texts' "إفلاس صاحب العمل"; a husband who "does not pay" maintenance withholds it.
    expect(terms("What are my rights if my employer goes bankrupt?")).toContain(term("إفلاس"));
    expect(terms("if the husband does not pay maintenance")).toEqual(expect.arrayContaining([term("امتنع"), term("الإنفاق")]));
    expect(terms("if the husband does not pay maintenance")).not.toContain(term("الأجر"));
    expect(terms("Can a wife ask the court to dissolve the marriage?")).toEqual(expect.arrayContaining([term("طلب"), term("فسخ")]));
    // Public holidays are the Labor Law's "الأعياد والمناسبات" (112), not any public (عام) leave.
    expect(terms("Am I paid for public holidays?")).toContain(term("الأعياد"));
    // A broker's commission is his عمولة; a commission may still be a body (هيئة).
    expect(terms("How much commission does a real estate broker get?")).toEqual(expect.arrayContaining([term("عمولة"), term("الهيئة"), term("الوسيط")]));
    // "fire me without notice" is the texts' "دون … إشعاره" (Labor Law 80), not any article on notice.
    expect(terms("Can my employer fire me without notice?")).toEqual(expect.arrayContaining([term("دون"), term("إشعار")]));
    // Resigning from one's job is also the texts' "ترك العمل" (the unemployment-insurance condition).
    expect(terms("If I resign from my job voluntarily")).toEqual(expect.arrayContaining([term("ترك"), term("العمل"), term("إرادته")]));
    // "the same weight as written evidence" is the texts' "حكم الإثبات بالكتابة" as well as their "حجية".
    expect(terms("digital evidence carries the same weight as written evidence")).toEqual(expect.arrayContaining([term("الدليل"), term("الرقمي"), term("حكم")]));
    // Security cameras are the texts' كاميرات المراقبة الأمنية, not securities (أوراق مالية); installing them is تركيب, not an instalment.
    expect(terms("Can a gym install security cameras in its changing rooms?")).toEqual(
      expect.arrayContaining([term("تركيب"), term("كاميرات"), term("الأمنية"), term("تبديل"), term("الملابس")]),
    );
    expect(terms("Can a gym install security cameras in its changing rooms?")).not.toEqual(expect.arrayContaining([term("قسط")]));
    expect(terms("security cameras")).not.toContain(term("الأوراق"));
    // A sales commission is an عمولة; a death, travel abroad, a trial sale and a right of way in the texts' words.
    expect(terms("my sales commissions")).toContain(term("عمولة"));
    expect(terms("My husband passed away")).toContain(term("وفاة"));
    expect(terms("Can I take my children abroad?")).toEqual(expect.arrayContaining([term("خارج"), term("المملكة")]));
    expect(terms("I could try the sofa for a week")).toContain(term("تجربة"));
    expect(terms("no access to a public road")).toEqual(expect.arrayContaining([term("الطريق"), term("العام")]));
    // Medical care is العناية, not a car (the stemmed "care" had met "car", سيارة); "my company" an employee speaks of is
    // the employer, as "شركتي" reads; a gift "while terminally ill" is one made in مرض الموت.
    expect(terms("Does my employer have to provide medical care?")).toContain(term("العناية"));
    expect(terms("Does my employer have to provide medical care?")).not.toContain(term("سيارة"));
    expect(terms("Can my company terminate me without any notice?")).toEqual(expect.arrayContaining([term("صاحب"), term("العمل"), term("إشعار")]));
    expect(terms("My father gave my brother a house while he was terminally ill")).toEqual(expect.arrayContaining([term("مرض"), term("الموت")]));
  });

  it("offers the alternatives of one glossary word as one clause", () => {
    expect(analyzeQuery("salary", "en").clauses).toEqual([["اجر", "راتب"]]);
  });

  it("matches glossary entries across inflections", () => {
    expect(analyzeQuery("terminated employers", "en").clauses).toEqual(analyzeQuery("termination employer", "en").clauses);
  });

  it("reads the legal words of everyday English questions: suing, court fees, a silent partner, a confession", () => {
    const clauses = (text: string) => analyzeQuery(text, "en").clauses;
    expect(clauses("suing")).toEqual(clauses("sue"));
    expect(clauses("court fees")).toEqual(analyzeQuery("التكاليف القضائية", "ar").clauses);
    // "limited" alone is محدودة: the partner of a limited partnership is its الشريك الموصي.
    expect(clauses("limited partner")).toEqual(analyzeQuery("الشريك الموصي", "ar").clauses);
    expect(clauses("confessing").flat()).toContain(analyzeQuery("الاعتراف", "ar").clauses[0]![0]);
  });

  it("keeps untranslatable words as English terms so they count against coverage", () => {
    expect(analyzeQuery("What is the capital of France?", "en").clauses).toEqual([["راس"], ["مال"], ["franc"]]);
  });

  it("detects the language from the script when none is given", () => {
    expect(analyzeQuery("divorce").clauses).toEqual([["طلاق"]]);
    expect(analyzeQuery("الطلاق").clauses).toEqual([["طلاق"]]);
  });
});

describe("the English→Arabic glossary", () => {
  it("has a few hundred distinct lower-case entries with Arabic renderings", () => {
    const keys = GLOSSARY.map(([english]) => english);
    expect(keys.length).toBeGreaterThan(300);
    expect(new Set(keys).size).toBe(keys.length);
    for (const [english, arabic] of GLOSSARY) {
      expect(english).toBe(english.toLowerCase().trim());
      expect(arabic).toMatch(/^[\u0600-\u06FF]+([ /][\u0600-\u06FF]+)*$/);
    }
  });
});
