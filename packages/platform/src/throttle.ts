/**
 * Lets one event per key through per interval (a user's activity reports, say), from memory: the
 * keys not seen within the interval are forgotten once per interval, so memory follows active keys.
 */
export class KeyedThrottle {
  private readonly seen = new Map<string, number>();
  private sweptAt = 0;

  constructor(private readonly intervalMs: number) {}

  /** True at most once per interval for a key. */
  due(key: string, now: Date): boolean {
    const time = now.getTime();
    this.sweep(time);
    const last = this.seen.get(key);
    if (last !== undefined && time - last < this.intervalMs) return false;
    this.seen.set(key, time);
    return true;
  }

  private sweep(time: number): void {
    if (time - this.sweptAt < this.intervalMs) return;
    for (const [key, at] of this.seen) if (time - at >= this.intervalMs) this.seen.delete(key);
    this.sweptAt = time;
  }
}
