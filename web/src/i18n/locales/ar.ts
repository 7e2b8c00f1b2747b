import type { Messages } from "./en";

/** Arabic strings (the default language). */
export const ar: Messages = {
  app: {
    name: "QAI",
    documentTitle: "QAI — المساعد القانوني للأنظمة السعودية",
    loading: "جارٍ التحميل…",
    newChat: "محادثة جديدة",
    home: "الصفحة الرئيسية لـ QAI",
  },
  language: {
    switchTo: "English",
    switchLabel: "التبديل إلى الإنجليزية",
  },
  notFound: {
    code: "404",
    title: "الصفحة غير موجودة",
    body: "الصفحة التي تبحث عنها غير موجودة أو تم نقلها.",
    backHome: "العودة إلى الرئيسية",
  },
  crash: {
    title: "حدث خطأ ما",
    body: "واجهت الصفحة خطأً غير متوقع.",
    reload: "إعادة التحميل",
  },
  chat: {
    welcome: {
      modelLabel: "النموذج",
      title: "مساعدك في الأنظمة السعودية",
      subtitle: "اطرح سؤالك القانوني عن الأنظمة واللوائح السعودية واحصل على إجابة فورية تستند إلى المواد الرسمية.",
    },
    disclaimer:
      "هذه الإجابة صادرة عن أداة ذكاء اصطناعي وليست استشارة قانونية نهائية. يُرجى الرجوع إلى المصادر الرسمية أو استشارة محامٍ.",
    conversation: "المحادثة",
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
      repealed: "ملغاة",
      newTab: "(يُفتح في علامة تبويب جديدة)",
    },
    error: {
      title: "مشكلة في الاتصال",
      tryAgain: "حاول مرة أخرى",
      sendFailed: "تعذّر إرسال الرسالة.",
      readFailed: "تعذّرت قراءة الإجابة من الخادم.",
      interrupted: "توقفت الإجابة قبل اكتمالها.",
      session: "تعذّر بدء جلسة مع الخادم.",
    },
  },
};
