/**
 * Arabic legal synonyms: each group lists words (any form; analysed like the text) that questions and
 * article texts use for one notion — a question asks "ما العقوبة", the article says "يعاقب … بغرامة".
 * A query word in a group is expanded, down-weighted, to the other members' terms (see `expandTerm`).
 * General Arabic legal vocabulary, not taken from the evaluation questions. Groups meet on light stems,
 * so a word whose stem is another notion's is left out (غاية is "غا" like إلغاء, أجرة is "اجر" like أجر,
 * نفقات is "نفق" like نفقة); مدين stays in the debt group although its stem "مد" is also مدة's: without
 * it a question about a debtor ("حبس المدين") lost its article from the top 10 (everyday-dev R@10 −0.03).
 */
import { stemArabic } from "./arabic-stemmer";
import { normalizeArabic } from "./normalize";

const GROUPS = `
عقوبة عقوبات يعاقب يعاقبون جزاء جزاءات غرامة سجن
شرط شروط يشترط تشترط اشتراط
مسؤول مسؤولة مسؤولية يتولى تتولى يختص تختص
صلاحية صلاحيات اختصاص اختصاصات سلطة سلطات يختص تختص
مهام مهمة اختصاصات يتولى تتولى
هدف أهداف يهدف تهدف غرض أغراض
مدة فترة مهلة أجل يوما أيام شهرا أشهر سنة سنوات
عامل عمال موظف موظفين أجير
أجر أجور راتب رواتب
فصل عزل إنهاء إقالة
استقالة استقال يستقيل استقيل استقلت
إلغاء يلغي تلغى يلغى ملغى ألغى
نفاذ سريان يسري تسري نافذ
تعريف يقصد يراد معنى
اجتماع اجتماعات يجتمع ينعقد انعقاد
تعيين يعين تعين
تشكيل يشكل تشكل يؤلف تتكون يتكون
تظلم يتظلم اعتراض يعترض طعن يطعن
ترخيص رخصة تصريح إذن
تمويل موارد إيرادات
ميزانية موازنة
نزاع نزاعات منازعات خلاف خلافات
تعويض يعوض ضرر أضرار
إبلاغ تبليغ إخطار إشعار يبلغ يخطر
حظر يحظر تحظر منع يمنع
التزام يلتزم تلتزم ملزم واجب
أدنى يقل تقل
أقصى قصوى يزيد تزيد يتجاوز تتجاوز زاد زادت
عضو أعضاء عضوية
رئيس رئاسة يرأس
وزير وزارة
نشر ينشر تنشر
تسجيل يسجل تسجل قيد
تفويض يفوض تفوض
صدور يصدر تصدر إصدار
استئناف يستأنف
تفتيش مفتشين مفتش
إيقاف يوقف وقف تعليق
قرار قرارات يقرر تقرر
مخالفة مخالفات يخالف مخالف
خصم يخصم تخصم حسم يحسم اقتطاع يقتطع حسميات
سلفة سلف قرض قروض
كسر كسرت أتلف إتلاف تلف يتلف
إجازة إجازات عطلة
ولادة وضع أمومة
راحة استراحة
زيارة رؤية
رفض يرفض رافض امتنع يمتنع امتناع
تسليم يسلم توصيل
إرضاع رضاعة ترضع
تنازل يتنازل إبراء مصالحة إسقاط
حقوق مستحقات
سكن مسكن إسكان
مواصلات نقل
هبة يهب وهب الواهب الموهوب
شفهي شفهيا شفاهة
توثيق توثيقها موثق وثيقة
وكالة وكيل موكل توكيل
كفالة كفيل كفل كفلت الكفيل
دين ديون مدين دائن
مطالبة يطالب رجوع يرجع
شريك شركاء شيوع الشائع
طرف الطرفين أطراف متعاقد المتعاقدين
نصيب حصة حصص
مهر صداق
طلاق طلق يطلق الفرقة افترقا مطلقة مفارقة
صحة يصح تصح صحيح
أب أصول
أم أصول
ابن فروع
بنت فروع
خلع مخالعة
نفقة إنفاق ينفق
حضانة حاضن الحاضنة
ميراث إرث تركة ورثة وارث يرث ترث
بنت بنات ابنة
ذكر ذكور
أنثى إناث
أولاد أبناء أطفال المحضون
فسخ يفسخ انفساخ ينفسخ انفسخ إنهاء انتهاء ينتهي
غياب غاب يغيب تغيب تخلف يتخلف
دعوى دعاوى قضية
حبس سجن توقيف موقوف
مستأجر مؤجر إيجار مأجور
هدم يهدم
فاتورة فواتير
متجر متاجر
مستهلك مشتري
غش مغشوش يغش تدليس
تزوير يزور زور مزور
تقليد يقلد قلد مقلد
بضاعة بضائع سلعة سلع منتج منتجات
تهديد يهدد
تحرش يتحرش تحرشت متحرش
ضرب إيذاء
هاتف جوال
موافقة يوافق قبول
عدول عدلت العدول
تغيير تغييرا يغير تغير
حالة حالات الأحوال
سحب يسحب سحبت أسحب الرجوع
سيارة سيارات مركبة مركبات
ملكية تملك مالك
جنسية تجنس
اختبارات امتحانات اختبار امتحان
مدفوعة مدفوع بأجر
أداء تأدية
تأخير تأخر متأخر
وفاة توفي يتوفى ميت متوفى موت
مكتوب كتابة كتابي كتابيا
إثبات يثبت بينة دليل أدلة
صيانة إصلاح ترميم
تكاليف مصروفات مصاريف
عمارة مبنى بناء
جدار حائط
جار جيران
خسارة خسائر ضرر أضرار
محو يمحو تمحى يمحى تمحا محي
سقوط سقط انهدام تهدم
حاجة احتاج يحتاج تحتاج نحتاج
`;

function termOf(word: string): string {
  return stemArabic(normalizeArabic(word));
}

function buildSynonyms(): ReadonlyMap<string, readonly string[]> {
  const related = new Map<string, Set<string>>();
  for (const line of GROUPS.split("\n")) {
    const terms = [...new Set(line.split(/\s+/).filter(Boolean).map(termOf))];
    for (const term of terms) {
      let set = related.get(term);
      if (!set) related.set(term, (set = new Set()));
      for (const other of terms) if (other !== term) set.add(other);
    }
  }
  return new Map([...related].map(([term, set]) => [term, [...set]]));
}

const SYNONYMS = buildSynonyms();

/** Terms related to an index term by the synonym list (empty when it is in no group). */
export function expandTerm(term: string): readonly string[] {
  return SYNONYMS.get(term) ?? [];
}
