/** lastActiveAt moves at most once per minute per user: the gateway reports every authenticated request. */
export const ACTIVITY_INTERVAL_MS = 60_000;

export function activityDue(lastActiveAt: string, now: Date): boolean {
  return now.getTime() - Date.parse(lastActiveAt) >= ACTIVITY_INTERVAL_MS;
}

/** Remembers recent reports in memory, so that most of them cost no store access. */
export class ActivityThrottle {
  private readonly reported = new Map<string, number>();
  private sweptAt = 0;

  /** True at most once per interval for a user. */
  due(userId: string, now: Date): boolean {
    const time = now.getTime();
    this.sweep(time);
    const last = this.reported.get(userId);
    if (last !== undefined && time - last < ACTIVITY_INTERVAL_MS) return false;
    this.reported.set(userId, time);
    return true;
  }

  /** Forgets users not seen within the interval (once per interval), so memory follows active users. */
  private sweep(time: number): void {
    if (time - this.sweptAt < ACTIVITY_INTERVAL_MS) return;
    for (const [userId, at] of this.reported) if (time - at >= ACTIVITY_INTERVAL_MS) this.reported.delete(userId);
    this.sweptAt = time;
  }
}
