/** lastActiveAt moves at most once per minute per user: the gateway reports authenticated requests. */
export const ACTIVITY_INTERVAL_MS = 60_000;

export function activityDue(lastActiveAt: string, now: Date): boolean {
  return now.getTime() - Date.parse(lastActiveAt) >= ACTIVITY_INTERVAL_MS;
}
