import type { Owner } from "@qai/contracts";
import { AppError } from "@qai/platform";

/** Spec §1/§9: guests get 5 questions per session, registered users 20 per day. */
export const GUEST_QUESTION_LIMIT = 5;
export const USER_DAILY_QUESTION_LIMIT = 20;

/** Days are counted in Saudi time (UTC+3, no daylight saving). */
const RIYADH_OFFSET_MS = 3 * 60 * 60 * 1000;

export function riyadhDay(now: Date): string {
  return new Date(now.getTime() + RIYADH_OFFSET_MS).toISOString().slice(0, 10);
}

/** The counter a question is charged to: the guest session, or the user's current day. */
export interface Budget {
  counterId: string;
  /** "guest:<session id>" or "user:<user id>": whose counters and reservations these are. */
  ownerKey: string;
  limit: number;
  kind: "guest" | "user";
}

export function budgetFor(owner: Owner, now: Date): Budget {
  switch (owner.kind.case) {
    case "guestSessionId":
      return { counterId: `guest:${owner.kind.value}`, ownerKey: `guest:${owner.kind.value}`, limit: GUEST_QUESTION_LIMIT, kind: "guest" };
    case "userId":
      return { counterId: `${userOwnerKey(owner.kind.value)}:${riyadhDay(now)}`, ownerKey: userOwnerKey(owner.kind.value), limit: USER_DAILY_QUESTION_LIMIT, kind: "user" };
    default:
      throw new AppError("invalid_argument", "owner is required");
  }
}

export function userOwnerKey(userId: string): string {
  return `user:${userId}`;
}

/** The owner of a counter id: "user:<id>" for "user:<id>:<day>", the guest counter id itself otherwise. */
export function ownerKeyOfCounter(counterId: string): string {
  return counterId.replace(/:\d{4}-\d{2}-\d{2}$/, "");
}

export function limitReached(budget: Budget): AppError {
  const userMessage =
    budget.kind === "guest"
      ? {
          ar: "لقد استخدمت جميع أسئلتك المجانية لهذه الجلسة. أنشئ حسابًا مجانيًا للحصول على 20 سؤالًا يوميًا.",
          en: "You have used all your free questions for this session. Create a free account to get 20 questions a day.",
        }
      : {
          ar: "لقد بلغت الحد اليومي للأسئلة (20 سؤالًا). يمكنك المتابعة غدًا.",
          en: "You have reached your daily limit of 20 questions. You can continue tomorrow.",
        };
  return new AppError("resource_exhausted", `question limit of ${budget.limit} reached`, {
    userMessage,
    details: { remainingQuestions: 0, questionLimit: budget.limit },
  });
}
