import type { SameShape } from "../../types";
import type en from "../en/questionHistory";

/** سجل الأسئلة، بالعربية. */
const questionHistory: SameShape<typeof en> = {
  title: "سجل الأسئلة",
  subtitle: "كل سؤال طرحته، مع بداية إجابته.",
  searchLabel: "ابحث في أسئلتك",
  searchPlaceholder: "ابحث في الأسئلة والإجابات…",
  loading: "جارٍ تحميل الأسئلة…",
  loadFailed: "تعذّر تحميل أسئلتك.",
  retry: "حاول مرة أخرى",
  emptyTitle: "لا توجد أسئلة محفوظة",
  emptyBody: "ستُحفظ هنا الأسئلة التي تطرحها.",
  noMatchTitle: "لا توجد أسئلة سابقة",
  noMatchBody: "لا يطابق بحثك أي سؤال أو إجابة.",
  open: "فتح المحادثة",
  delete: "حذف",
  confirmTitle: "حذف هذا السؤال؟",
  confirmBody: "سيُحذف السؤال وإجابته، ولا يمكن التراجع عن ذلك:",
  deleted: "تم حذف السؤال",
  deleteFailed: "فشل حذف السؤال",
};

export default questionHistory;
