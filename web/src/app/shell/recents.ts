import { differenceInCalendarDays } from "date-fns";

export type Period = "today" | "yesterday" | "previous7" | "older";
const ORDER: readonly Period[] = ["today", "yesterday", "previous7", "older"];

/** Spec §9: sidebar titles are cut at 45 characters plus an ellipsis; 3 period groups show by default. */
export const RECENT_TITLE_MAX = 45;
export const GROUPS_SHOWN = 3;

export function periodOf(date: Date, now: Date = new Date()): Period {
  const days = differenceInCalendarDays(now, date);
  if (days <= 0) return "today";
  if (days === 1) return "yesterday";
  if (days <= 7) return "previous7";
  return "older";
}

/** Groups items (newest first in, kept in order) by period, in period order, dropping empty groups. */
export function groupByPeriod<T>(items: readonly T[], dateOf: (item: T) => string | null, now: Date = new Date()): Array<{ period: Period; items: T[] }> {
  const groups = new Map<Period, T[]>();
  for (const item of items) {
    const raw = dateOf(item);
    const date = raw ? new Date(raw) : null;
    const period = date && !Number.isNaN(date.getTime()) ? periodOf(date, now) : "older";
    groups.set(period, [...(groups.get(period) ?? []), item]);
  }
  return ORDER.filter((period) => groups.has(period)).map((period) => ({ period, items: groups.get(period)! }));
}
