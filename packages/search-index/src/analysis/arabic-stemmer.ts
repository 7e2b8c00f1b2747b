/**
 * A light Arabic stemmer in the spirit of Light10 (Larkey et al.), on normalised words (ة is already ه):
 * strip a leading و, then one definite-article prefix or else one preposition ب/ل, then walk the
 * suffix list once. Variants measured on the dev questions are in the package README.
 */
import { normalizeArabic } from "./normalize";

/** Light10's guard: a stem keeps at least two letters. */
const MIN_STEM = 2;
/** ب/ل are stripped only from words of 5+ letters ("لنظام" → "نظام", but "بند", "لجنه" stay). */
const MIN_AFTER_PREPOSITION = 4;
const ARTICLE_PREFIXES = ["وال", "بال", "كال", "فال", "لل", "ال"];
const PREPOSITIONS = ["ب", "ل"];
/** Light10's list without ي: stripping the nisba ي ("مالي" → "مال") cost recall. */
const SUFFIXES = ["ها", "ان", "ات", "ون", "ين", "يه", "ه"];

function stripPrefix(word: string, prefix: string, minRest: number): string {
  return word.startsWith(prefix) && word.length - prefix.length >= minRest ? word.slice(prefix.length) : word;
}

function stripPrefixes(word: string): string {
  const stem = stripPrefix(word, "و", 3);
  for (const prefix of ARTICLE_PREFIXES) {
    const stripped = stripPrefix(stem, prefix, MIN_STEM);
    // The article before a word whose own letters begin with ال ("الإلغاء"، "الالتزام"، "الإلكترونية"): those go too,
    // as they do from the indefinite form ("إلغاء" → "غاء"), so both forms are one term.
    if (stripped !== stem) return stripPrefix(stripped, "ال", MIN_STEM + 1);
  }
  const preposition = PREPOSITIONS.find((letter) => stem.startsWith(letter));
  return preposition ? stripPrefix(stem, preposition, MIN_AFTER_PREPOSITION) : stem;
}

/**
 * Broken plurals of kin nouns, as "plural=singular": a light stemmer leaves "أولاد" and "الولد", "بنات" ("بن")
 * and "بنت", "الورثة" ("ورث") and "الوارث" apart, and family questions ask in one number what the law states
 * in the other ("نفقة الأولاد" — "نفقة الولد"). The same for frequent legal nouns (حقوق، عقود، ديون، أيام…) was
 * measured and not kept (everyday-dev R@5 −0.05, retrieval-dev R@1 −0.005); "محاكم" is kept, so that "المحكمة
 * التجارية" writes the title of "نظام المحاكم التجارية" (`LawDirectory.mentioned`). The sound plurals of the debtor and
 * the creditor are here too: the suffix list cuts them to homographs (المدينون → "مد" of المدة, الدائنون → "دا" of بداية).
 */
const BROKEN_PLURALS_TEXT = `
أولاد=ولد أبناء=ابن بنات=بنت آباء=أب أمهات=أم إخوة=أخ إخوان=أخ أخوات=أخت أزواج=زوج أقارب=قريب أطفال=طفل
أعمام=عم أخوال=خال ورثة=وارث محاكم=محكمة تأمينات=تأمين مدينون=مدين مدينين=مدين دائنون=دائن دائنين=دائن`;

/**
 * Words whose last letters only look like a suffix: "عربون" (a deposit) is not "عرب" + ون, the stem of every
 * "العربية" (the deposit question's article scored like any article naming the Kingdom); "الجمعة" (Friday) is not
 * "جمع" (the Social Insurance Law's "الجمع بين المعاشات" led a question about working on a Friday). Likewise the
 * homographs the light stem made of frequent words: الأمين (a secretary-general) was الأم (a mother), الدائن (a
 * creditor) بداية (a beginning), الصحية (health) صحة (validity), حجية (probative force) الحج (hajj), السنة (a year)
 * السن (an age), مكان (a place) مكة, الضمان (a guarantee) ضم, بضاعة (goods) ضاع, ورقة (a paper) الرق, مدينة (a city)
 * المدين (a debtor), المحكمة (a court) المحكم (an arbitrator; المحاكم is its plural), الرياضة (sport) الرياض, المكتبة (a
 * library) المكتب (an office), المرهون (mortgaged) مرة, يعين (appoints) بيع, البنية (infrastructure) ابن, الدينية
 * (religious) الدين (a debt), التأمين (insurance; التأمينات is its plural) التامة (complete), المدين (a debtor, 838 times
 * in the laws; المدينون its plural) المدة (a period), البيئة (the environment) البيان (a statement), الاجتماعية
 * (social) الاجتماع (a meeting: "اجتماعات المجلس" named نظام التأمينات الاجتماعية), الكلية (a college) كل (every),
 * الدولية (international) الدولة (the State), المدنية (civil: نظام المعاملات المدنية) المدن (cities: هيئات تطوير
 * المناطق والمدن). Checked with and without its prefixes: "بضاعة" and "ورقة" begin with letters the stemmer would strip.
 */
const WHOLE_WORDS = new Set(["عربون", "جمعة", "أمين", "دائن", "صحية", "حجية", "سنة", "مكان", "ضمان", "بضاعة", "ورقة", "مدينة", "محكمة", "رياضية", "رياضة", "مكتبة", "مرهون", "يعين", "بنية", "دينية", "تأمين", "مدين", "بيئة", "اجتماعية", "كلية", "دولية", "مدنية"].map(normalizeArabic));

/** Normalised plural (no prefix) → the singular's stem. */
const BROKEN_PLURALS = new Map(
  BROKEN_PLURALS_TEXT.split(/\s+/)
    .filter(Boolean)
    .map((pair) => pair.split("=").map(normalizeArabic) as [string, string])
    .map(([plural, singular]) => [plural, WHOLE_WORDS.has(singular) ? singular : stripSuffixes(singular)]),
);

/** Each whole word with each prefix it may carry ("والدائن", "بضاعة" …) → the word: one lookup per analysed word. */
const WHOLE_FORMS = new Map(
  [...WHOLE_WORDS].flatMap((whole) => ["", "وال", "بال", "فال", "كال", "لل", "ال", "و", "ف", "ب", "ل"].map((prefix) => [prefix + whole, whole] as const)),
);

/** The whole word `word` is, with or without one of its prefixes, or undefined. */
function wholeWord(word: string): string | undefined {
  return WHOLE_FORMS.get(word);
}

/**
 * A daughter's and a sister's nouns with a possessive pronoun ("بنته", "ابنتها", "أختي"): the ت before the pronoun
 * went the way of ة, so "ابنته" (his daughter) was "ابن" (a son), "أخته" "اخ" (a brother), and "بنتها" lost its ب as
 * a preposition ("نت"); a question about a father keeping his daughter from marrying then missed the subject index's
 * "الأب يمنع بنته من الزواج". They are the noun itself, with or without و, ل or ب before them.
 */
const KIN_POSSESSIVES = new Map(
  [["بنت", "بنت"], ["ابنت", "بنت"], ["اخت", "اخت"]].flatMap(([noun, stem]) =>
    ["ه", "ها", "ي", "ك", "نا", "هم", "هما", "كم", "هن"].map((pronoun) => [`${noun}${pronoun}`, stem] as const),
  ),
);

function kinPossessive(word: string): string | undefined {
  const bare = word.startsWith("و") ? word.slice(1) : word;
  return KIN_POSSESSIVES.get(bare) ?? ("لب".includes(bare[0] ?? "") ? KIN_POSSESSIVES.get(bare.slice(1)) : undefined);
}

export function stemArabic(word: string): string {
  const whole = wholeWord(word) ?? kinPossessive(word);
  if (whole) return whole;
  const bare = stripPrefixes(word);
  // Before the suffixes ("إخوان" is not "إخو" + ان) and after them ("أزواجها" → "أزواج"); "أولادي" → "أولاد" too.
  const stem = stripSuffixes(bare);
  return BROKEN_PLURALS.get(bare) ?? BROKEN_PLURALS.get(stem) ?? (bare.endsWith("ي") ? BROKEN_PLURALS.get(bare.slice(0, -1)) : undefined) ?? stem;
}

/**
 * The word's stems for a query: its light stem and the readings of its leading letter the stemmer
 * cannot decide alone. A و, ب or ل it stripped may be a root letter: "وكالة" is "كال" but "الوكالة" is
 * "وكال" in the index, "والدي" is "دي" but "الوالد" is "والد", "بيانات" is "يان" but "البيانات" is
 * "بيان". A ف, ب or ل it kept may be a conjunction or preposition: "فخلال" → "خلال", "لبيع" → "بيع".
 * Index terms keep one stem per word; the question matches every reading.
 */
export function stemArabicReadings(word: string): string[] {
  const stem = stemArabic(word);
  const readings = [stem];
  const first = word[0] ?? "";
  // و before ال is the conjunction, unless too little is left of the word ("والدي" → "دي").
  const conjunctionWithArticle = word.startsWith("وال") && stem.length >= 3;
  if ("وبل".includes(first) && !stem.startsWith(first) && !conjunctionWithArticle) readings.push(stripSuffixes(word));
  const keptConjunction = first === "ف" ? !word.startsWith("فال") : "بل".includes(first) && stem.startsWith(first);
  if (first !== "" && keptConjunction && word.length - 1 >= 3) readings.push(stemArabic(word.slice(1)));
  // ل before a word beginning with ل and the article writes "لل" once: "للائحة" is "ل" + "اللائحة", not "ل" + "ال" + "ائحة".
  if (word.startsWith("لل") && word.length >= 5) readings.push(stemArabic(`ال${word.slice(1)}`));
  return [...new Set(readings)];
}

function stripSuffixes(word: string): string {
  let stem = word;
  let pronoun = false;
  for (const suffix of SUFFIXES) {
    if (stem.endsWith(suffix) && stem.length - suffix.length >= MIN_STEM) {
      stem = stem.slice(0, -suffix.length);
      pronoun ||= suffix === "ها" || suffix === "ه";
    }
  }
  // The ة a pronoun turned into ت goes the way ة goes ("مدتها" → "مد", as "مدة" → "مد"); not the plural ات.
  if (pronoun && stem.endsWith("ت") && !stem.endsWith("ات") && stem.length - 1 >= MIN_STEM) stem = stem.slice(0, -1);
  // The list is walked once, ه last, so the plural before it stayed: "اجتماعاته" was "اجتماعات", not "اجتماع" as
  // "اجتماعاتها" and "الاجتماعات" are. Three letters must stay: "حياته"، "صلاته" are a singular's ة (حياة، صلة).
  else if (word.endsWith("اته") && stem.endsWith("ات") && stem.length - 2 >= 3) stem = stem.slice(0, -2);
  return stem;
}

const PRONOUN_SUFFIXES = ["هما", "هم", "هن", "كم"];
/**
 * Adjectives in ي whose meaning left their noun's, kept out of its family: "الرئيسي" (main) is not "الرئيس" (the
 * president, the head of a body), and "ما الغرض الرئيسي من نظام الجامعات؟" met every article on the university's
 * president. (The feminine "الرئيسية" is stemmed as "الرئيس" itself; kept whole, it changed the president's IDF.)
 */
const OWN_FAMILY = new Set(["رئيسي"].map((word) => normalizeArabic(word)));
const VERB_PREFIXES = ["ي", "ت"];

/**
 * The verb's key of a noun of a pattern with a leading and an inner alef: the استفعال verbal noun (استخدام، استغناء →
 * ستخدم، ستغن as يستخدم، تستغني), and إفعال / أفعال — form IV's verbal noun and the broken plural, one shape once the
 * hamza is folded (إبلاغ → بلغ as يبلغ; أحكام → حكم as حكم). "بعد استغناء الجهة عنها" meets "ما تستغني عنه من منقولات".
 * The افتعال noun measured worse the same way (اجتماع، انتهاء: retrieval-dev R@1 −0.002).
 */
function rootOfAlefPattern(key: string): string | undefined {
  if (key.length === 7 && key.startsWith("است") && key[5] === "ا") return key.endsWith("ء") ? key.slice(1, 5) : key.slice(1, 5) + key[6];
  if (key.length === 5 && key[0] === "ا" && key[3] === "ا") return key.slice(1, 3) + key[4];
  return undefined;
}

/** A verbal noun of the pattern تفعيل (تفحيط، تسجيل، تعويض): its family is the verb's (يفحط → فحط). */
function isFormTwoMasdar(key: string): boolean {
  return key.length === 5 && key.startsWith("ت") && key[3] === "ي";
}

/**
 * The conflation key of a light stem: a more aggressive stem (pronoun suffixes, the ت of ة before a
 * pronoun, nisba ي, tanween ا, a leftover ل/ب, imperfect-verb and participle prefixes, the ت…ي of a تفعيل verbal
 * noun) that groups the index terms of one word family (مخالف/يخالف/تخالف/مخالفت, صيدلاني/صيدلان, لمد/مد,
 * تفحيط/يفحط). Query terms are expanded, down-weighted, to the other index terms of their group.
 */
export function conflationKey(stem: string): string {
  let key = stem;
  if (OWN_FAMILY.has(stem)) return stem;
  for (const suffix of PRONOUN_SUFFIXES) {
    if (key.endsWith(suffix) && key.length - suffix.length >= 3) key = key.slice(0, -suffix.length);
  }
  if (key.endsWith("ا") && key.length >= 4) key = key.slice(0, -1);
  if (key.endsWith("ي") && key.length >= 4) key = key.slice(0, -1);
  if (key.endsWith("ت") && key.length >= 5) key = key.slice(0, -1);
  if ((key.startsWith("ل") || key.startsWith("ب")) && key.length >= 3 && !key.startsWith("لل")) key = key.slice(1);
  const root = rootOfAlefPattern(key);
  if (root) key = root;
  else if (isFormTwoMasdar(key)) key = key.slice(1, 3) + key.slice(4);
  else if (VERB_PREFIXES.some((prefix) => key.startsWith(prefix)) && key.length >= 4) key = key.slice(1);
  else if (key.startsWith("م") && key.length >= 5) key = key.slice(1);
  return key;
}
