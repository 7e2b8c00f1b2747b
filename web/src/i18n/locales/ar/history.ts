import type { SameShape } from "../../types";
import type en from "../en/history";

/** سجل المحادثات، بالعربية. */
const history: SameShape<typeof en> = {
  title: "سجل المحادثات",
  subtitle: "محادثاتك السابقة، الأحدث أولاً.",
  loading: "جارٍ تحميل المحادثات…",
  loadFailed: "تعذّر تحميل محادثاتك.",
  retry: "حاول مرة أخرى",
  emptyTitle: "لا توجد أسئلة سابقة",
  emptyBody: "ستظهر محادثاتك هنا بعد أن تطرح سؤالاً.",
  untitled: "محادثة بلا عنوان",
  messages: "عدد الرسائل: {{count}}",
  delete: "حذف",
  confirmTitle: "حذف هذه المحادثة؟",
  confirmBody: "ستُحذف المحادثة وجميع رسائلها، ولا يمكن التراجع عن ذلك:",
  deleted: "تم حذف المحادثة",
  deleteFailed: "فشل حذف المحادثة",
};

export default history;
