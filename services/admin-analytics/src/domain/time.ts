/** Days are calendar days in Riyadh (UTC+3, no daylight saving), like the quota's. */
const RIYADH_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** "Now" in the active-users panel: the last 5 minutes. */
export const NOW_WINDOW_MS = 5 * 60 * 1000;
/** A week, and the Active badge (spec §9): the last 7 days. */
export const WEEK_MS = 7 * DAY_MS;

/** The Riyadh calendar day (YYYY-MM-DD) of an instant. */
export function riyadhDay(at: Date | string): string {
  return new Date(new Date(at).getTime() + RIYADH_OFFSET_MS).toISOString().slice(0, 10);
}

/** The start of the Riyadh day of `now` ("today" begins at midnight in Riyadh). */
export function riyadhMidnight(now: Date): Date {
  return new Date(Date.parse(`${riyadhDay(now)}T00:00:00.000Z`) - RIYADH_OFFSET_MS);
}

/** The `count` days ending with `lastDay`, oldest first. */
export function daysEnding(lastDay: string, count: number): string[] {
  const last = Date.parse(`${lastDay}T00:00:00.000Z`);
  return Array.from({ length: count }, (_, i) => new Date(last - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

export function msBefore(now: Date, ms: number): string {
  return new Date(now.getTime() - ms).toISOString();
}

/** The later of two ISO-8601 instants (either may be missing). */
export function latest(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return a >= b ? a : b;
}
