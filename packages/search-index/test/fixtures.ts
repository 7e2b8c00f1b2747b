import type { IndexedArticle } from "../src/port";

const LABOR = { lawId: "labor", lawName: "نظام العمل", lawNameEn: "Labor Law", status: "in_force" } as const;
const COMPANIES = { lawId: "companies", lawName: "نظام الشركات", status: "in_force" } as const;
const CIVIL = { lawId: "civil", lawName: "نظام المعاملات المدنية", status: "in_force" } as const;
const PERSONAL = { lawId: "personal-status", lawName: "نظام الأحوال الشخصية", status: "in_force" } as const;
const HARASSMENT = { lawId: "harassment", lawName: "نظام مكافحة جريمة التحرش", lawNameEn: "Anti-Harassment Law", status: "in_force" } as const;
const CYBER = { lawId: "cyber", lawName: "نظام مكافحة جرائم المعلوماتية", lawNameEn: "Anti-Cyber Crime Law", status: "repealed" } as const;

/** Real article texts (shortened) from Saudi laws; ids follow "<law>#<article number>". */
export const FIXTURE: readonly IndexedArticle[] = [
  {
    ...LABOR,
    id: "labor#53",
    articleNumber: 53,
    articleTitle: "المادة الثالثة والخمسون",
    content:
      "إذا كان العامل خاضعاً لفترة تجربة، وجب النص على ذلك صراحة في عقد العمل، وتحديدها بوضوح، بحيث لا تزيد على تسعين يوماً. ويجوز باتفاق مكتوب بين العامل وصاحب العمل تمديد فترة التجربة، على ألا تزيد على مائة وثمانين يوماً.",
  },
  {
    ...LABOR,
    id: "labor#77",
    articleNumber: 77,
    articleTitle: "المادة السابعة والسبعون",
    content:
      "ما لم يتضمن العقد تعويضاً محدداً مقابل إنهائه من أحد الطرفين لسبب غير مشروع، يستحق الطرف المتضرر من إنهاء العقد تعويضاً: أجر خمسة عشر يوماً عن كل سنة من سنوات خدمة العامل، إذا كان العقد غير محدد المدة.",
  },
  {
    ...LABOR,
    id: "labor#109",
    articleNumber: 109,
    articleTitle: "المادة التاسعة بعد المائة",
    content:
      "يستحق العامل عن كل عام إجازة سنوية لا تقل مدتها عن واحد وعشرين يومًا، تُزاد إلى مدة لا تقل عن ثلاثين يومًا إذا أمضى العامل في خدمة صاحب العمل خمس سنوات متصلة، وتكون الإجازة بأجر يدفع مقدمًا.",
  },
  {
    ...LABOR,
    id: "labor#11",
    articleNumber: 11,
    articleTitle: "المادة الحادية عشرة",
    content: "يجب على صاحب العمل أن يضع لائحة لتنظيم العمل في منشأته، وتعتمد الوزارة هذه اللائحة.",
  },
  {
    ...CIVIL,
    id: "civil#310",
    articleNumber: 310,
    articleTitle: "المادة العاشرة بعد الثلاثمائة",
    content:
      "يجوز البيع بشرط التجربة خلال مدة معينة، وإذا لم يعين المتبايعان المدة حملت على المدة المعتادة للتجربة، وللمشتري فسخ البيع بشرط إعلام البائع بالفسخ خلال مدة التجربة.",
  },
  {
    ...CIVIL,
    id: "civil#77",
    articleNumber: 77,
    articleTitle: "المادة السابعة والسبعون",
    content: "يلتزم المدين بتعويض الدائن عن الضرر الناشئ عن عدم تنفيذ الالتزام ما لم يثبت أن عدم التنفيذ نشأ عن سبب أجنبي.",
  },
  {
    ...COMPANIES,
    id: "companies#60",
    articleNumber: 60,
    articleTitle: "المادة الستون: رأس المال المصدر والمصرح به",
    content:
      "يكون لشركة المساهمة رأس مال مصدر يمثل الأسهم المكتتب بها، ويجوز أن يحدد نظام الشركة الأساس رأس مال مصرحًا به.",
  },
  {
    ...PERSONAL,
    id: "personal-status#127",
    articleNumber: 127,
    articleTitle: "المادة السابعة والعشرون بعد المائة",
    content:
      "الحضانة من واجبات الوالدين معاً ما دامت الزوجية قائمة بينهما، فإن افترقا فتكون الحضانة للأم، ثم الأحق بها على الترتيب الآتي: الأب، ثم أم الأم، ثم أم الأب، ثم تقرر المحكمة ما ترى فيه مصلحة المحضون.",
  },
  {
    ...HARASSMENT,
    id: "harassment#6",
    articleNumber: 6,
    articleTitle: "المادة السادسة",
    content:
      "يعاقب بالسجن مدة لا تزيد على سنتين، وبغرامة مالية لا تزيد على مائة ألف ريال، أو بإحدى هاتين العقوبتين؛ كل من ارتكب جريمة تحرش.",
  },
  {
    ...CYBER,
    id: "cyber#3",
    articleNumber: 3,
    articleTitle: "المادة الثالثة",
    content:
      "يعاقب بالسجن مدة لا تزيد على سنة وبغرامة لا تزيد على خمسمائة ألف ريال كلُّ شخص يرتكب الدخول غير المشروع إلى موقع إلكتروني، أو التنصت على ما هو مرسل عن طريق الشبكة المعلوماتية.",
  },
];

export function fixtureArticle(id: string): IndexedArticle {
  const article = FIXTURE.find((candidate) => candidate.id === id);
  if (!article) throw new Error(`no fixture article ${id}`);
  return article;
}
