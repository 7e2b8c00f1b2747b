import type { SameShape } from "../../types";
import type en from "../en/favorites";

/** المفضلة، بالعربية. */
const favorites: SameShape<typeof en> = {
  title: "المفضلة",
  subtitle: "الإجابات والمحادثات التي حفظتها.",
  loading: "جارٍ تحميل المفضلة…",
  loadFailed: "فشل جلب المفضلة",
  retry: "حاول مرة أخرى",
  emptyTitle: "لا توجد مفضلات بعد",
  emptyBody: "احفظ إجابة بزر النجمة لتجدها هنا.",
  untitled: "عنصر محفوظ",
  types: {
    message: "إجابة",
    conversation: "محادثة",
    other: "أخرى",
  },
  delete: "إزالة",
  deleted: "أُزيل من المفضلة",
  deleteFailed: "فشل حذف المفضلة",
};

export default favorites;
