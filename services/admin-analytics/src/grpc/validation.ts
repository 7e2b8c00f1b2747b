import { ActivityWindow } from "@qai/contracts";
import { AppError } from "@qai/platform";
import { decodeCursor } from "../domain/cursor";
import type { ActivityWindowName } from "../app/queries/users";

const invalid = (message: string, ar: string, en: string) => new AppError("invalid_argument", message, { userMessage: { ar, en } });

/** A page size: 0 means the default, otherwise 1–max. */
export function pageSize(limit: number, { fallback, max }: { fallback: number; max: number }): number {
  if (limit === 0) return fallback;
  if (Number.isInteger(limit) && limit >= 1 && limit <= max) return limit;
  throw invalid(`limit must be between 1 and ${max}`, `يجب أن يكون عدد النتائج بين 1 و${max}.`, `The limit must be between 1 and ${max}.`);
}

/** The insights period: 30 (the default, for 0) or 90 days. */
export function periodDays(days: number): 30 | 90 {
  if (days === 0 || days === 30) return 30;
  if (days === 90) return 90;
  throw invalid("days must be 30 or 90", "يجب أن تكون الفترة 30 أو 90 يومًا.", "The period must be 30 or 90 days.");
}

/** The sort key a cursor carries; undefined for "" (the first page). */
export function cursorKey(cursor: string): string | undefined {
  if (cursor === "") return undefined;
  const key = decodeCursor(cursor);
  if (key === undefined) throw invalid("cursor is not a next_cursor of this list", "مؤشر الصفحة غير صالح.", "The page cursor is not valid.");
  return key;
}

const WINDOWS: Partial<Record<ActivityWindow, ActivityWindowName>> = {
  [ActivityWindow.NOW]: "now",
  [ActivityWindow.TODAY]: "today",
  [ActivityWindow.WEEK]: "week",
};

export function activityWindow(window: ActivityWindow): ActivityWindowName {
  const name = WINDOWS[window];
  if (!name) throw invalid("window must be NOW, TODAY or WEEK", "يجب أن تكون الفترة: الآن أو اليوم أو هذا الأسبوع.", "The window must be now, today or week.");
  return name;
}

const PROVIDER = /^[a-z0-9_]{0,40}$/;
const MAX_SEARCH_LENGTH = 200;

export function userFilter(search: string, provider: string): { search: string; provider: string } {
  if (!PROVIDER.test(provider)) throw invalid("provider must be a provider id such as email", "مزوّد تسجيل الدخول غير صالح.", "The sign-in provider is not valid.");
  if (search.length > MAX_SEARCH_LENGTH) {
    throw invalid(`search must be at most ${MAX_SEARCH_LENGTH} characters`, `يجب ألا يزيد البحث عن ${MAX_SEARCH_LENGTH} حرف.`, `The search must be at most ${MAX_SEARCH_LENGTH} characters.`);
  }
  return { search, provider };
}
