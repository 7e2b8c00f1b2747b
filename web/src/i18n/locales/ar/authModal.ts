import type en from "../en/authModal";
import type { SameShape } from "../../types";

/** نافذة تسجيل الدخول / إنشاء الحساب بالعربية. المفاتيح نفسها في `en/authModal.ts`. */
const authModal: SameShape<typeof en> = {
  signin: {
    title: "تسجيل الدخول",
    description: "مرحبًا بعودتك. سجّل الدخول للاحتفاظ بمحادثاتك ومفضلتك وإعداداتك.",
    submit: "تسجيل الدخول",
    submitting: "جارٍ تسجيل الدخول…",
    noAccount: "جديد على QAI؟",
    createAccount: "إنشاء حساب جديد",
  },
  signup: {
    title: "إنشاء حساب",
    description: "أنشئ حسابًا مجانيًا: 20 سؤالًا يوميًا مع حفظ سجل محادثاتك.",
    submit: "إنشاء الحساب",
    submitting: "جارٍ إنشاء الحساب…",
    haveAccount: "لديك حساب بالفعل؟",
    signIn: "تسجيل الدخول",
  },
  fields: {
    firstName: "الاسم الأول",
    lastName: "اسم العائلة",
    email: "البريد الإلكتروني",
    emailPlaceholder: "name@example.com",
    password: "كلمة المرور",
    confirmPassword: "تأكيد كلمة المرور",
  },
  guest: "المتابعة كضيف",
  guestNote: "5 أسئلة مجانية في كل جلسة، دون تسجيل",
  or: "أو",
  validation: {
    required: "هذا الحقل مطلوب",
    email: "يرجى إدخال بريد إلكتروني صحيح",
    passwordMin: "يجب أن تتكون كلمة المرور من 6 أحرف على الأقل",
    passwordMismatch: "كلمتا المرور غير متطابقتين",
  },
  errors: {
    signInTitle: "خطأ في تسجيل الدخول",
    signUpTitle: "خطأ في إنشاء الحساب",
    passwordTitle: "خطأ في كلمة المرور",
    invalidCredentials: "بيانات تسجيل الدخول غير صحيحة",
    emailNotConfirmed: "يرجى تأكيد بريدك الإلكتروني أولًا",
    alreadyRegistered: "هذا البريد الإلكتروني مسجَّل بالفعل",
    invalidEmail: "البريد الإلكتروني غير صالح، يرجى إدخال بريد إلكتروني صحيح والمحاولة مرة أخرى.",
    rateLimited: "محاولات كثيرة. يرجى الانتظار بضع دقائق ثم المحاولة مرة أخرى.",
    network: "مشكلة في الاتصال بالشبكة. يرجى التحقق من اتصالك والمحاولة مرة أخرى.",
    unexpected: "حدث خطأ غير متوقع. يرجى المحاولة مرة أخرى",
    unavailableTitle: "خدمة المصادقة غير متاحة",
    unavailable: "خدمة المصادقة غير متاحة - يرجى المحاولة لاحقًا أو المتابعة كضيف",
  },
  success: {
    welcomeTitle: "مرحبًا",
    welcome: "تم تسجيل الدخول بنجاح",
    activationTitle: "تم إرسال رابط التفعيل",
    activation: "يرجى التحقق من بريدك الإلكتروني لتفعيل حسابك. قد يستغرق ذلك بضع دقائق.",
  },
};

export default authModal;
