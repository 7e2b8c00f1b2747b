import type { SameShape } from "../../types";
import type en from "../en/searchLaws";

/** البحث في الأنظمة، بالعربية. */
const searchLaws: SameShape<typeof en> = {
  title: "البحث في الأنظمة",
  subtitle: "ابحث في مواد الأنظمة السعودية والوثائق النظامية بالنص والتصنيف.",
  queryLabel: "نص البحث",
  placeholder: "ابحث في الأنظمة والمواد…",
  categoryLabel: "التصنيف",
  search: "بحث",
  prompt: "اكتب كلمة أو اختر تصنيفاً ثم اضغط بحث.",
  loading: "جارٍ البحث…",
  failed: "فشل البحث",
  emptyTitle: "لم يتم العثور على وثائق",
  emptyBody: "جرّب كلمات أخرى أو تصنيفاً آخر.",
  count: "النتائج: {{count}}",
  source: "المصدر",
  lastUpdated: "آخر تحديث",
  viewFull: "عرض الوثيقة كاملة",
  documentsTitle: "الوثائق النظامية",
  articlesTitle: "مواد الأنظمة",
  article: "المادة {{number}}",
  openArticle: "عرض المادة",
  openArticleNamed: "عرض المادة: {{law}}، {{article}}",
  inForce: "سارية",
  repealed: "ملغاة",
};

export default searchLaws;
