import { AppError } from "@qai/platform";
import type { ThemeId } from "./themes";

/** The application-side user, keyed by the auth user id (the access token's subject). */
export interface ProfileRecord {
  id: string;
  /** Lower-case. */
  email: string;
  firstName: string;
  lastName: string;
  /** Granted through SetAdmin or the CLI; ADMIN_EMAILS addresses are admins without it. */
  isAdmin: boolean;
  /** Empty until the user picks a theme. */
  themePreference: ThemeId | "";
  createdAt: string;
  lastActiveAt: string;
  /** The auth provider of the last sign-in; absent on profiles stored before it was recorded (read as "email"). */
  provider?: string;
}

export interface Names {
  firstName: string;
  lastName: string;
}

export const NAME_MAX_LENGTH = 100;
/** The provider of e-mail and password sign-ins, the only one before providers were recorded. */
export const DEFAULT_PROVIDER = "email";
const EMAIL_MAX_LENGTH = 254;
const USER_ID_MAX_LENGTH = 128;
/** Spec §5: local part, @, domain, dot, at least two characters. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;

export function requireUserId(userId: string): string {
  if (!userId || userId.length > USER_ID_MAX_LENGTH) throw new AppError("invalid_argument", "user_id is required");
  return userId;
}

/** Trimmed and lower-cased; refused unless it looks like an address. */
export function requireEmail(email: string): string {
  const normalized = normalizeEmail(email);
  if (normalized.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(normalized)) {
    throw new AppError("invalid_argument", "a valid e-mail address is required", {
      userMessage: {
        en: "The email is not valid, please enter a valid email and try again.",
        ar: "البريد الإلكتروني غير صالح، يرجى إدخال بريد إلكتروني صالح والمحاولة مرة أخرى.",
      },
    });
  }
  return normalized;
}

export function providerOf(profile: Pick<ProfileRecord, "provider">): string {
  return profile.provider || DEFAULT_PROVIDER;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Trimmed names of at most NAME_MAX_LENGTH characters; either may be empty (sign-in sync). */
export function boundedNames(firstName: string, lastName: string): Names {
  const names = { firstName: firstName.trim(), lastName: lastName.trim() };
  if (names.firstName.length > NAME_MAX_LENGTH || names.lastName.length > NAME_MAX_LENGTH) {
    throw new AppError("invalid_argument", `names are limited to ${NAME_MAX_LENGTH} characters`, {
      userMessage: {
        en: `First and last name can each be at most ${NAME_MAX_LENGTH} characters.`,
        ar: `يجب ألا يتجاوز كل من الاسم الأول واسم العائلة ${NAME_MAX_LENGTH} حرف.`,
      },
    });
  }
  return names;
}

/** Profile save (spec §5): both names non-empty after trimming, else "Please fill in all fields". */
export function requiredNames(firstName: string, lastName: string): Names {
  const names = boundedNames(firstName, lastName);
  if (!names.firstName || !names.lastName) {
    throw new AppError("invalid_argument", "first and last name are required", {
      userMessage: { en: "Please fill in all fields", ar: "يرجى تعبئة جميع الحقول" },
    });
  }
  return names;
}

/** An admin named a user who has no profile (never signed in, or deleted). */
export function userNotFound(userId: string): AppError {
  return new AppError("not_found", `no profile for user ${userId}`, {
    userMessage: { en: "This user does not exist (the account may have been deleted).", ar: "هذا المستخدم غير موجود (ربما حُذف الحساب)." },
  });
}

export function profileNotFound(userId: string): AppError {
  return new AppError("not_found", `no profile for user ${userId}`, {
    userMessage: { en: "Profile not found. Please sign in again.", ar: "لم يتم العثور على الملف الشخصي. يرجى تسجيل الدخول مرة أخرى." },
  });
}
