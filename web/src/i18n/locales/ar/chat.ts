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
};

export default ar;
