import { createHash } from "node:crypto";
import type { Owner } from "@qai/contracts";
import { AppError } from "@qai/platform";
import { accountKey } from "./identity";

/** Spec §1/§9: guests get 5 questions per session, registered users 20 per day. */
export const GUEST_QUESTION_LIMIT = 5;
export const USER_DAILY_QUESTION_LIMIT = 20;
/** Guests' questions per IP address and Saudi day, across guest sessions (stops cookie-clearing abuse). */
export const GUEST_IP_DAILY_QUESTION_LIMIT = 50;

export interface QuotaLimits {
  /** Questions per guest session. */
  guest: number;
  /** Questions per registered user and Saudi day. */
  userDaily: number;
  /** Guest questions per IP address and Saudi day (0 turns the cap off). */
  guestIpDaily: number;
}

export const DEFAULT_LIMITS: QuotaLimits = { guest: GUEST_QUESTION_LIMIT, userDaily: USER_DAILY_QUESTION_LIMIT, guestIpDaily: GUEST_IP_DAILY_QUESTION_LIMIT };

/** Days are counted in Saudi time (UTC+3, no daylight saving). */
const RIYADH_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export function riyadhDay(now: Date): string {
  return new Date(now.getTime() + RIYADH_OFFSET_MS).toISOString().slice(0, 10);
}

/** The next midnight in Riyadh after `now` (21:00 UTC), when registered users' budgets start again. */
export function nextRiyadhMidnight(now: Date): Date {
  const local = now.getTime() + RIYADH_OFFSET_MS;
  return new Date(Math.floor(local / DAY_MS) * DAY_MS + DAY_MS - RIYADH_OFFSET_MS);
}

/** When the Saudi day `day` ("YYYY-MM-DD") ends: the Riyadh midnight after it (21:00 UTC that date). */
export function riyadhDayEnd(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS - RIYADH_OFFSET_MS);
}

/** The counter a question is charged to: the guest session, or the user's current day. */
export interface Budget {
  counterId: string;
  /** "guest:<session id>" or "user:<user id>": whose counters and reservations these are. */
  ownerKey: string;
  limit: number;
  kind: "guest" | "user";
  /** When the budget starts again (users: the next Riyadh midnight); none for guest sessions. */
  resetsAt?: Date;
  /** The Saudi day a user's counter counts (guest sessions have none). */
  day?: string;
}

/**
 * The counter a question is charged to. A registered user's day is counted under the account's
 * e-mail (`accountKey`) when the gateway passes it, so it survives deleting and re-creating the
 * account; without an e-mail, under the user id.
 */
export function budgetFor(owner: Owner, now: Date, limits: QuotaLimits = DEFAULT_LIMITS, accountEmail = ""): Budget {
  switch (owner.kind.case) {
    case "guestSessionId":
      return { counterId: `guest:${owner.kind.value}`, ownerKey: `guest:${owner.kind.value}`, limit: limits.guest, kind: "guest" };
    case "userId": {
      const day = riyadhDay(now);
      return {
        counterId: `${accountKey(accountEmail) ?? userOwnerKey(owner.kind.value)}:${day}`,
        day,
        ownerKey: userOwnerKey(owner.kind.value),
        limit: limits.userDaily,
        kind: "user",
        resetsAt: nextRiyadhMidnight(now),
      };
    }
    default:
      throw new AppError("invalid_argument", "owner is required");
  }
}

/** The per-IP daily counter of guest questions; the address is stored hashed, never in clear. */
export function ipBudget(clientIp: string, now: Date, limits: QuotaLimits): { counterId: string; ownerKey: string; limit: number; day: string } | undefined {
  if (!clientIp || limits.guestIpDaily <= 0) return undefined;
  const ownerKey = `ip:${createHash("sha256").update(clientIp).digest("hex").slice(0, 24)}`;
  const day = riyadhDay(now);
  return { counterId: `${ownerKey}:${day}`, ownerKey, limit: limits.guestIpDaily, day };
}

export function userOwnerKey(userId: string): string {
  return `user:${userId}`;
}

/** The owner of a counter id: "user:<id>" for "user:<id>:<day>", the guest counter id itself otherwise. */
export function ownerKeyOfCounter(counterId: string): string {
  return counterId.replace(/:\d{4}-\d{2}-\d{2}$/, "");
}

export function limitReached(budget: Budget, userDailyLimit: number = USER_DAILY_QUESTION_LIMIT): AppError {
  const userMessage =
    budget.kind === "guest"
      ? {
          ar: `لقد استخدمت جميع أسئلتك المجانية لهذه الجلسة. أنشئ حسابًا مجانيًا للحصول على ${userDailyLimit} سؤالًا يوميًا.`,
          en: `You have used all your free questions for this session. Create a free account to get ${userDailyLimit} questions a day.`,
        }
      : {
          ar: `لقد بلغت الحد اليومي للأسئلة (${budget.limit} سؤالًا). يمكنك المتابعة غدًا.`,
          en: `You have reached your daily limit of ${budget.limit} questions. You can continue tomorrow.`,
        };
  return new AppError("resource_exhausted", `question limit of ${budget.limit} reached`, {
    userMessage,
    details: { remainingQuestions: 0, questionLimit: budget.limit, ...(budget.resetsAt ? { resetsAt: budget.resetsAt.toISOString() } : {}) },
  });
}

export function ipLimitReached(limit: number, guestLimit: number): AppError {
  return new AppError("resource_exhausted", `guest questions from this address reached the daily cap of ${limit}`, {
    userMessage: {
      ar: "تم بلوغ الحد اليومي لأسئلة الضيوف من شبكتك. أنشئ حسابًا مجانيًا للمتابعة، أو حاول غدًا.",
      en: "The daily limit of guest questions from your network has been reached. Create a free account to continue, or try again tomorrow.",
    },
    details: { remainingQuestions: 0, questionLimit: guestLimit },
  });
}
