import type en from "../en/onboarding";
import type { SameShape } from "../../types";

/** التهيئة (/onboarding) بالعربية. المفاتيح نفسها في `en/onboarding.ts`. نصوص الخطط من `landing:pricing`. */
const onboarding: SameShape<typeof en> = {
  title: "ابدأ مع QAI",
  home: "الصفحة الرئيسية لـ QAI",
  progress: "مراحل التسجيل",
  stepOf: "الخطوة {{current}} من {{total}}",
  steps: {
    access: "طريقة الدخول",
    plan: "الخطة",
    account: "الحساب",
    verify: "التحقق",
  },
  back: "رجوع",
  authChoice: {
    title: "كيف تودّ المتابعة؟",
    subtitle: "اطرح سؤالك القانوني الأول خلال ثوانٍ، أو أنشئ حسابًا لحفظ عملك.",
    guest: {
      title: "المتابعة كضيف",
      note: "5 أسئلة مجانية في كل جلسة، دون تسجيل",
    },
    signIn: {
      title: "تسجيل الدخول",
      note: "لديك حساب؟ تابع من حيث توقفت",
    },
    create: {
      title: "إنشاء حساب جديد",
      note: "يتطلب اختيار خطة",
    },
  },
  plan: {
    title: "اختر خطتك",
    subtitle: "ابدأ بالخطة المجانية اليوم، والخطة الاحترافية قادمة قريبًا.",
    legend: "الخطط",
    comingSoon: "قريبًا",
    unavailable: "غير متاحة بعد",
    continue: "متابعة",
  },
  account: {
    title: "أنشئ حسابك",
    subtitle: "بعض التفاصيل وستكون جاهزًا.",
    selectedPlan: "الخطة المختارة",
    change: "تغيير",
    firstName: "الاسم الأول",
    lastName: "اسم العائلة",
    email: "البريد الإلكتروني",
    emailPlaceholder: "name@example.com",
    password: "كلمة المرور",
    passwordHint: "8 أحرف على الأقل",
    confirmPassword: "تأكيد كلمة المرور",
    submit: "إنشاء الحساب",
    submitting: "جارٍ إنشاء حسابك…",
    unavailable: "خدمة المصادقة غير متاحة - يرجى المحاولة لاحقًا أو المتابعة كضيف",
  },
  validation: {
    firstNameRequired: "الاسم الأول مطلوب",
    lastNameRequired: "اسم العائلة مطلوب",
    emailRequired: "البريد الإلكتروني مطلوب",
    emailInvalid: "البريد الإلكتروني غير صالح، يرجى إدخال بريد إلكتروني صحيح والمحاولة مرة أخرى.",
    passwordRequired: "كلمة المرور مطلوبة",
    passwordMin: "يجب أن تتكون كلمة المرور من 8 أحرف على الأقل",
    confirmRequired: "يرجى تأكيد كلمة المرور",
    passwordMismatch: "كلمتا المرور غير متطابقتين",
  },
  errors: {
    invalidEmailTitle: "بريد إلكتروني غير صالح",
    invalidEmail: "البريد الإلكتروني غير صالح، يرجى إدخال بريد إلكتروني صحيح والمحاولة مرة أخرى.",
    existsTitle: "الحساب موجود بالفعل",
    exists: "يوجد حساب بهذا البريد الإلكتروني. يرجى تسجيل الدخول أو استخدام بريد إلكتروني آخر.",
    passwordTitle: "خطأ في كلمة المرور",
    password: "كلمة المرور لا تستوفي المعايير المطلوبة.",
    creationTitle: "خطأ في إنشاء الحساب",
    creation: "حدث خطأ أثناء إنشاء حسابك. يرجى المحاولة مرة أخرى.",
    network: "مشكلة في الاتصال بالشبكة. يرجى التحقق من اتصالك والمحاولة مرة أخرى.",
    unexpected: "حدث خطأ غير متوقع. يرجى المحاولة مرة أخرى",
    resendTitle: "تعذّر إعادة إرسال البريد",
    rateLimited: "محاولات كثيرة. يرجى الانتظار بضع دقائق ثم المحاولة مرة أخرى.",
  },
  success: {
    createdTitle: "تم إنشاء الحساب بنجاح",
    created: "تم إرسال رابط التحقق إلى بريدك الإلكتروني",
    resentTitle: "تمت إعادة إرسال البريد",
    resent: "تحقق من صندوق الوارد لديك للعثور على بريد التحقق.",
  },
  verify: {
    title: "تحقق من بريدك الإلكتروني",
    sentTo: "أرسلنا رابط التحقق إلى",
    stepsTitle: "لتفعيل حسابك",
    steps: {
      open: "افتح صندوق بريدك الإلكتروني",
      find: "ابحث عن الرسالة الواردة من QAI",
      click: "اضغط على رابط التفعيل في الرسالة",
    },
    countdown: "يمكنك إعادة إرسال البريد بعد {{seconds}} ثانية",
    resend: "إعادة إرسال البريد",
    resending: "جارٍ الإرسال…",
    backToSignIn: "العودة إلى تسجيل الدخول",
    spam: "لم تجد الرسالة؟ تحقق من مجلد البريد العشوائي (Spam).",
  },
};

export default onboarding;
