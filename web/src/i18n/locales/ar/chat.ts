import type en from "../en/chat";
import type { SameShape } from "../../types";

const ar: SameShape<typeof en> = {
  newChat: "محادثة جديدة",
  welcome: {
    modelLabel: "النموذج",
    title: "مساعدك في الأنظمة السعودية",
    subtitle: "اطرح سؤالك القانوني عن الأنظمة واللوائح السعودية واحصل على إجابة فورية تستند إلى المواد الرسمية.",
  },
  disclaimer:
    "هذه الإجابة صادرة عن أداة ذكاء اصطناعي وليست استشارة قانونية نهائية. يُرجى الرجوع إلى المصادر الرسمية أو استشارة محامٍ.",
  conversation: "المحادثة",
  loadingConversation: "جارٍ تحميل المحادثة…",
  you: "أنت",
  assistant: "QAI",
  typing: "يكتب QAI الإجابة…",
  input: {
    label: "سؤالك القانوني",
    placeholder: "اكتب سؤالك القانوني…",
    send: "إرسال",
    stop: "إيقاف",
    sessionPending: "جارٍ بدء الجلسة…",
  },
  citations: {
    title: "المصادر",
    article: "المادة {{number}}",
    separator: "، ",
    repealed: "ملغاة",
    inForce: "سارية",
    repealedNote: "هذا النظام ملغى، ويُعرض نصه للاطلاع فقط.",
    lawNumber: "رقم النظام",
    lawDate: "بتاريخ",
    loading: "جارٍ تحميل المادة…",
    unavailable: "تعذّر تحميل النص الكامل لهذه المادة. يمكنك الاطلاع عليه في المصدر الرسمي.",
    official: "فتح المصدر الرسمي",
    close: "إغلاق",
    newTab: "(يُفتح في علامة تبويب جديدة)",
  },
  actions: {
    like: "مفيدة",
    dislike: "غير مفيدة",
    copy: "نسخ الإجابة",
    copySources: "المصادر",
    copied: "تم النسخ",
    favorite: "إضافة إلى المفضلة",
    unfavorite: "إزالة من المفضلة",
    retry: "إعادة المحاولة",
  },
  followUps: {
    title: "أسئلة متابعة مقترحة",
    answerAll: "أجب عنها جميعًا",
  },
  providers: {
    button: "مزوّد الذكاء الاصطناعي",
    title: "اختر مزوّد الذكاء الاصطناعي",
    close: "إغلاق",
    loading: "جارٍ تحميل المزوّدين…",
    failed: "تعذّر تحميل قائمة المزوّدين.",
    specialised: "متخصص في الأنظمة السعودية",
    available: "متاح",
    unavailable: "غير متاح",
  },
  guest: {
    remaining: "تبقّى لك {{count}} من الأسئلة المجانية. أنشئ حسابًا مجانيًا للمزيد.",
    freeQuestions: "الأسئلة المجانية المتبقية: {{count}}",
    register: "إنشاء حساب",
    dismiss: "إخفاء",
    lockedTitle: "استنفدت أسئلتك المجانية",
    lockedBody: "أنشئ حسابًا مجانيًا لتواصل طرح أسئلتك — 20 سؤالًا يوميًا.",
    createAccount: "إنشاء حساب مجاني",
  },
  upsell: {
    title: "احتفظ بإجاباتك",
    body: "يحفظ لك الحساب المجاني محادثاتك ومفضلتك ويمنحك 20 سؤالًا يوميًا.",
    create: "إنشاء حساب مجاني",
    later: "لاحقًا",
  },
  quota: {
    user: "تبقّى {{count}} من أسئلة اليوم",
    guest: "تبقّى {{count}} من الأسئلة المجانية",
  },
  error: {
    title: "مشكلة في الاتصال",
    tryAgain: "حاول مرة أخرى",
    switchProvider: "تبديل مزوّد الذكاء الاصطناعي",
    sendFailed: "تعذّر إرسال الرسالة.",
    readFailed: "تعذّرت قراءة الإجابة من الخادم.",
    interrupted: "توقفت الإجابة قبل اكتمالها.",
    session: "تعذّر بدء جلسة مع الخادم.",
  },
};

export default ar;
