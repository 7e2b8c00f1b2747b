import type en from "../en/settingsTheme";
import type { SameShape } from "../../types";

const ar: SameShape<typeof en> = {
  title: "إعدادات المظهر",
  descriptionUser: "اختر مظهر QAI. يُحفظ اختيارك في حسابك.",
  descriptionGuest: "اختر مظهر QAI. يُحفظ اختيارك على هذا الجهاز.",
  choose: "المظاهر",
  preview: "معاينة",
  previewTitle: "QAI",
  previewQuestion: "ما مدة فترة التجربة في نظام العمل؟",
  previewAnswer: "لا يجوز أن تزيد فترة التجربة على تسعين يوماً، ويجوز تمديدها باتفاق مكتوب بحيث لا تزيد على مائة وثمانين يوماً.",
  previewCitation: "نظام العمل — المادة 53",
  default: "افتراضي",
  apply: "تطبيق",
  cancel: "إلغاء",
  applied: "تم تطبيق المظهر",
  saveFailedTitle: "خطأ",
  saveFailed: "تم تطبيق المظهر على هذا الجهاز لكن تعذّر حفظه في حسابك.",
  themes: {
    default: { name: "احترافي", description: "مظهر QAI: كحلي عميق مع الأخضر المزرق والذهبي." },
    boe: { name: "حكومي", description: "الأخضر الحكومي السعودي مع لمسة ذهبية." },
    dark: { name: "داكن", description: "مريح للعين في الليل." },
    light: { name: "فاتح", description: "مشرق وبسيط بلمسات زرقاء." },
    green: { name: "أخضر", description: "درجات خضراء هادئة للقراءة الطويلة." },
    purple: { name: "بنفسجي", description: "بنفسجي ملكي مع ذهبي دافئ." },
  },
};

export default ar;
