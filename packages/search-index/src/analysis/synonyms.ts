/**
 * Arabic legal synonyms: each group lists words (any form; analysed like the text) that questions and
 * article texts use for one notion — a question asks "ما العقوبة", the article says "يعاقب … بغرامة".
 * A query word in a group is expanded, down-weighted, to the other members' terms (see `expandTerm`).
 * General Arabic legal vocabulary, not taken from the evaluation questions.
 */
import { stemArabic } from "./arabic-stemmer";
import { normalizeArabic } from "./normalize";

const GROUPS = `
عقوبة عقوبات يعاقب يعاقبون جزاء جزاءات غرامة سجن
شرط شروط يشترط تشترط اشتراط
مسؤول مسؤولة مسؤولية يتولى تتولى يختص تختص
صلاحية صلاحيات اختصاص اختصاصات سلطة سلطات يختص تختص
مهام مهمة اختصاصات يتولى تتولى
هدف أهداف يهدف تهدف غرض أغراض غاية
مدة فترة مهلة أجل يوما أيام شهرا أشهر سنة سنوات
عامل عمال موظف موظفين أجير
أجر أجور راتب رواتب
فصل عزل إنهاء إقالة
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
أقصى قصوى يزيد تزيد يتجاوز تتجاوز
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
