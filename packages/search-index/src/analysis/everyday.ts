/**
 * Everyday wording of questions mapped onto the vocabulary of the law texts:
 * - colloquial Saudi Arabic (وش، ابغى، الكفيل، الدوام، فصلوني، طاح …) → the Modern Standard Arabic
 *   words the articles use, or nothing for conversational filler;
 * - a few colloquial two-word phrases read as one notion ("صاحب البيت" → المؤجر، "نهاية الخدمة" → مكافأة نهاية الخدمة);
 * - first-person and possessive forms, which questions use and law texts do not ("راتبي", "أستحق",
 *   "رواتبنا"), get the third-person/bare form as an alternative for the same query position.
 * General Saudi colloquial vocabulary, none of it naming a law or an article (a few entries, such as "نزل الراتب" for
 * a salary paid, were found through the dev questions the product misread).
 */
import { normalizeArabic } from "./normalize";

/**
 * colloquial word(s) = MSA replacement (empty: conversational filler, dropped). "الشركة" keeps itself and gains
 * "صاحب العمل": an employee asking about "the company" (خصمت الشركة من راتبي، طلبت مني الشركة…) means the employer.
 */
const DIALECT = `
وش ايش إيش شو وشو ليش وين مين منو وشلون شلون =
ابغى أبغى ابغي أبغي ابي أبي نبغى نبي نبغي يبغى يبي تبغى تبي يبون يبغون ودي =
اقدر أقدر نقدر يقدر تقدر يقدرون اقدرش =
عندي عندنا عنده عندها عندهم =
اللي إللي هذي ذي هاذا هذولا هذيك ذاك =
الحين ذحين الحين دحين توه توني =
بس يعني طيب كذا زي مثل وايد واجد حيل مره مرة شي شيء ابد أبد مو مب برضو شوي شوية لسه للحين =
عشان علشان لاجل =
اسوي أسوي نسوي يسوي تسوي يسوون سويت سوى =
حط حطت حطوا حطني =
صار صارت يصير تصير صاروا =
جاني جاتني جتني يجيني تجيني يجينا تجينا =
قاعد قاعدة قاعدين =
الكفيل كفيلي = صاحب العمل
الدوام دوام دوامي = العمل
اشتغل أشتغل يشتغل تشتغل نشتغل اشتغلت شغل شغلي الشغل = العمل
انصبت انصاب تعورت = إصابة
فصلوني فصلني فصلتني فنشوني فنشني طردوني طردني انطردت انفصلت تفنيش = فصل
سرحوني سرحني تسريح = فصل
طاح طاحت يطيح تطيح طايح = سقط
خرب خربها خربت خربوا تخرب = تلف
خراب = عيب تلف
موتر موتري = سيارة
الزبون الزبائن زبون زباين الزباين = المستهلك
اونلاين أونلاين اون لاين = الإلكترونية
النت الانترنت الإنترنت = الشبكة المعلوماتية
تويتر سناب سنابشات انستقرام انستغرام واتساب الواتساب تيك توك تيكتوك فيسبوك الفيس = الشبكة المعلوماتية
المحل محل = المتجر
الجوال جوال جوالي = الهاتف
فلوس فلوسي فلوسه فلوسها فلوسنا فلوسك فلوسهم = المال
أسدد نسدد أسددها نسددها أسدده نسدده سددت سددنا = سداد وفاء
نلزم ألزم نلتزم = يلزم
معاش معاشي = الأجر
ساكن ساكنة ساكنين اسكن أسكن = مقيم
قضية القضية قضيه = دعوى
المعزب = صاحب العمل
الشركة شركتي شركتنا = الشركة صاحب العمل
مؤسستي مؤسستنا مؤسسته = المؤسسة المنشأة
يتعاقب يتعاقبون ينعاقب تنعاقب = يعاقب عقوبة
خويي خوياي = صديق
ثاني ثانية ثانيه = ثانية آخر
استقلت استقليت = استقالة
اشتريت اشترينا شريت شرينا = المشتري
رفعت رفعنا = رفع المدعي
استأجرت استاجرت استأجرنا استاجرنا = المستأجر
استلفت تسلفت اقترضت = القرض
أخوي اخوي اخوياي = أخ
ابوي أبوي والدي والدنا ابونا أبونا = الأب
امي أمي والدتي والدتنا امنا أمنا = الأم
ولدي ولده ولدها = الولد
بناتي بناتها بناته بناتنا = البنات
عيالي عيالنا عياله عيالها العيال عيال = الأولاد
حرمتي مرتي = زوجة
طليقتي طليقته = المطلقة
ألغي ألغيت نلغي ألغاه ألغاها ألغته ألغتها = إلغاء
طليقي طليقها = المطلق
رجلي رجلها = زوج
يضربني يضربها ضربني ضربها = الضرب
شقتي شقته = شقة
بيتي بيته = المنزل
راتبي راتبه رواتبنا رواتبهم = الأجر
نزل نزلت ينزل تنزل نزلوا ينزلون = أداء
يصرف يصرفون = يصرف الإنفاق النفقة
صرف صرفوا = صرف أداء
صرفه = صرف الوفاء
يمكنني يمكننا يمكنك أستطيع استطيع نستطيع شئت =
أعطيت اعطيت أعطاني اعطاني =
يلزمني يلزمنا = يلزم
فيني =
الحل =
سب سبني يسب شتم شتمني يشتم = سب شتم التشهير
خلص يخلص خلصت تخلص خلصوا = انتهاء إنجاز
يبيني يبينا تبيني تبينا =
عطتني عطاني عطوني =
ولدت = ولادة مولود
يهددني هددني يبتزني ابتزني = تهديد ابتزاز
صوري صورتي = صور الحياة الخاصة
طلقني طلقها = طلاق
نتقاسم نتقاسمه نقسم نقسمه يتقاسمون = قسمة
يطلعني يطلعنا طلعني طلعوني يطردني = إخلاء إخراج
ارجعه ارجعها نرجعه = رد
رجعها رجعه يرجعها = رد
صدم صدمني صدمت يصدم = حادث
هرب = فرار
سلفت سلفته اقرضت أقرضت = القرض المقرض
سلمت سلمته سلمتها سلمناه = سلم تسليم
يفحط فحط يفحطون مفحط = التفحيط
حقي حقنا = حق
انمسك انمسكت مسكوه مسكوني = ضبط القبض
حلفته أحلفه احلفه = يحلف اليمين
تلد ستلد وستلد يلد تولد = ولادة
تزوجت اتزوج أتزوج سأتزوج ساتزوج بتزوج = زواج
يضايقني يضايقها يضايقه ضايقني ضايقها مضايقة مضايقات = تحرش
أوفرتايم اوفرتايم = ساعات العمل الإضافية
ساند = التأمين ضد التعطل
عاقبني عاقبوني عاقبتني = جزاء
الورث ورث ورثي ورثنا = الإرث
هكر هكروا تهكير هاكر اخترق اخترقوا = الدخول غير المشروع
فضحني يفضحني فضحها فضحه = التشهير
سواق سواقي السواق = سائق
ضمنت ضمنته = كفالة ضمان
حافز = إعانة البحث عن عمل
يدري تدري ادري أدري يدرون دريت = يعلم
شال شالوا شالت يشيل يشيلون = حذف إلغاء
راهنت راهنته تراهنا تراهنت مراهنة رهان = قمار
المسن مسن المسنين مسنين = كبير السن
وردية ورديات الوردية الورديات شفت الشفت شفتات = التناوب مناوبة
مقلد مقلدة مقلده مضروب مضروبة مضروبه = مقلد مغشوش
كحول الكحول كحولية كحوليه الكحولية خمر الخمر خمور الخمور مسكرات = الخمر المسكرات محرمة
مسافر مسافرة مسافره = مسافر غائب
فسخت فسخنا = فسخ
أصبت اصبت = إصابة
تنازلت تنازلنا = تنازل
تصالحت تصالحنا = صلح
استلمت استلمنا = استلام تسلم
تطلقت = طلاق
خدعني خدعه خدعوني خدعنا = تغرير تدليس
يهددنا هددنا يهددونا يهددونه = تهديد
ينحسب تنحسب ينحسبن تنحسبن = يعد يعتبر
الدكتور دكتور الدكتورة دكتورة = الطبيب
غرمتنا غرمونا غرموني غرمتني غرمني = غرامة
يفتشون يفتشونه يفتشوني فتشوا فتشوني فتشوه = تفتيش
ماطلوا يماطل يماطلون يماطلني مماطل = المماطلة المطل
يتهرب يتهربون تهرب = التهرب
يبتز يبتزون يبتزها يبتزه = ابتزاز
فضيحة فضايح = التشهير
هروب هربت هربوا = فرار تغيب
خصموا خصمو خصمت = خصم
دوا الدوا = الدواء
ساهر = المخالفة المرورية
سمسار السمسار سماسرة السماسرة = الوسيط العقاري
سحبوا سحبو = سحب
حجزوا حجزو = حجز
جمدوا جمدو جمد جمدت = حجز تجميد
جددوا جددو = تجديد
سامحتك سامحته سامحني سامحه سامحتها مسامحة = إبراء
أترجم اترجم نترجم ترجمت = ترجمة
فاتتني فاتني فاتتنا فاتنا = فاته كسب
ظننت ظنيت = غلط
يغرم يغرمونه يتغرم = غرامة
أرمم ارمم ارممه أرممه نرمم نرممه يرمم رممت رممنا = ترميم
شغالة الشغالة شغالتي شغالات = عاملة منزلية
أوقفوا اوقفوا أوقفوه اوقفوه وقفوه وقفوني أوقفوني اوقفوني = القبض التوقيف
يتصل اتصل يتصلون نتصل = الاتصال
خطبت = خطبة
يدخن يدخنون تدخن = التدخين
خربان خربانة خربانه = عيب تلف
`;

/**
 * Colloquial phrases of two words, normalised (first word, second word = MSA replacement): "صاحب البيت" is the
 * landlord, "نهاية الخدمة" the end-of-service award the Labor Law calls "مكافأة … عن مدة خدمته". "في النظام
 * السعودي" is "in Saudi law", not a title: its two words named نظام الجنسية العربية السعودية, which then answered
 * "ما هو سن الرشد في النظام السعودي؟".
 */
const PHRASES = `
صاحب البيت = المؤجر
صاحب الشقة = المؤجر
صاحب العمارة = المؤجر
نهاية الخدمة = مكافأة نهاية الخدمة
نهاية خدمة = مكافأة نهاية الخدمة
شهادة خبرة = شهادة خدمة
اجر زيادة = أجر إضافي
مواقع التواصل = الشبكة المعلوماتية
وسائل التواصل = الشبكة المعلوماتية
منصات التواصل = الشبكة المعلوماتية
برامج التواصل = الشبكة المعلوماتية
صاحب الدين = الدائن
نقل كفالة = نقل خدمات
نقل الكفالة = نقل خدمات
العطلة الأسبوعية = الراحة الأسبوعية
عطلة أسبوعية = الراحة الأسبوعية
الإجازة الأسبوعية = الراحة الأسبوعية
إجازة أسبوعية = الراحة الأسبوعية
الوقت الزائد = ساعات العمل الإضافية
وقت زائد = ساعات العمل الإضافية
الوقت الإضافي = ساعات العمل الإضافية
وقت إضافي = ساعات العمل الإضافية
الدوام الإضافي = ساعات العمل الإضافية
دوام إضافي = ساعات العمل الإضافية
ساعات زيادة = ساعات العمل الإضافية
ساعات إضافية = ساعات العمل الإضافية
مبلغا مقدما = مبلغ عربون
مبلغ مقدم = مبلغ عربون
دفعة مقدمة = عربون
ينصب علي = احتيال
ينصبون علي = احتيال
نصب علي = احتيال
نصبوا علي = احتيال
الدفعة المقدمة = العربون
على طول =
مكتب عقاري = الوسيط العقاري
المكتب العقاري = الوسيط العقاري
مكتب العقار = الوسيط العقاري
مكاتب العقار = الوسيط العقاري
على طوول =
النظام السعودي =
القانون السعودي =
الأنظمة السعودية =
القوانين السعودية =
`;

/**
 * A table of "left = MSA replacement" lines (an empty replacement: filler), normalised, each line entered under the
 * keys `keysOf` reads from its left side.
 */
function readTable(text: string, keysOf: (left: string) => string[]): ReadonlyMap<string, readonly string[]> {
  const map = new Map<string, readonly string[]>();
  for (const line of text.split("\n")) {
    const [left, replacement = ""] = line.split("=");
    if (!left?.trim()) continue;
    const target = replacement.trim() === "" ? [] : normalizeArabic(replacement).split(" ");
    for (const key of keysOf(left.trim())) map.set(normalizeArabic(key), target);
  }
  return map;
}

/** Each colloquial word of a line. */
const DIALECT_WORDS = readTable(DIALECT, (words) => words.split(/\s+/));
/** Each line's phrase, whole. */
const PHRASE_WORDS = readTable(PHRASES, (phrase) => [phrase]);

/** Prefixes a colloquial word may carry: a conjunction, a preposition or the article ("بالواتساب", "والمدير"). */
const PREFIX = /^(?:وال|بال|فال|لل|ال|و|ب)/u;
const DEMONSTRATIVE = "هال";

/**
 * The MSA words for a colloquial word ([] for filler), or undefined when it is not colloquial; a colloquial word
 * after a conjunction, a preposition or the article ("وصارت", "بالواتساب") reads as the word alone.
 */
export function fromDialect(word: string): readonly string[] | undefined {
  // The colloquial demonstrative ها + the article, after a و or not: "هالفلوس" is "هذه الفلوس", "وهالعقوبة" "وهذه العقوبة".
  const demonstrative = word.startsWith(`و${DEMONSTRATIVE}`) ? word.slice(1) : word;
  if (demonstrative.startsWith(DEMONSTRATIVE) && demonstrative.length - DEMONSTRATIVE.length >= 3) {
    const withArticle = demonstrative.slice(1);
    return fromDialect(withArticle) ?? [withArticle];
  }
  const direct = DIALECT_WORDS.get(word);
  if (direct) return direct;
  const bare = word.replace(PREFIX, "");
  return bare !== word && bare.length > 2 ? DIALECT_WORDS.get(bare) : undefined;
}

/** The MSA words for the colloquial phrase `first second`, or undefined. */
export function fromDialectPhrase(first: string, second: string | undefined): readonly string[] | undefined {
  return second === undefined ? undefined : PHRASE_WORDS.get(`${first} ${second}`);
}

/**
 * Other forms of a normalised question word that law texts use instead: the bare noun of a
 * possessive ("راتبي" → "راتب", "سيارتي" → "سياره", "رواتبنا" → "رواتب") and the third person of a
 * first-person verb ("أستحق" → "يستحق", "أتظلم" → "يتظلم"), a verb without its object "me" ("ينقلني" → "ينقل"), and the
 * singular of a ة noun's dual ("ساعتين" → "ساعه").
 * Words with the article ال are left alone.
 */
export function questionForms(word: string): string[] {
  if (word.startsWith("ال") || word.length < 4) return [];
  const forms: string[] = [];
  if (word.endsWith("تي")) forms.push(`${word.slice(0, -2)}ه`);
  else if (word.endsWith("ي")) forms.push(word.slice(0, -1));
  if (word.endsWith("تنا")) forms.push(`${word.slice(0, -3)}ه`);
  else if (word.endsWith("نا") && word.length >= 5) forms.push(word.slice(0, -2));
  if (word.startsWith("ا")) forms.push(`ي${word.slice(1)}`);
  if (/ت(?:ين|ان)$/u.test(word) && word.length >= 5) forms.push(`${word.slice(0, -3)}ه`);
  if (word.endsWith("ني") && word.length >= 6) forms.push(word.slice(0, -2));
  return forms.filter((form) => form.length >= 3);
}
