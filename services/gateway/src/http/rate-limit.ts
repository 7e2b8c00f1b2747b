/** At most `limit` hits per key (a client IP) and window; `hit` answers 0 when allowed, else the seconds to wait. */
export interface RateLimiter {
  readonly limit: number;
  readonly windowMs: number;
  hit(key: string): Promise<number>;
}

/**
 * A fixed-window counter per key held in memory (one gateway). Keys are forgotten when their window
 * ends, so memory stays bounded by the keys seen in one window.
 */
export class InMemoryRateLimiter implements RateLimiter {
  private windows = new Map<string, { started: number; hits: number }>();
  private sweptAt = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a hit; returns 0 when allowed, else the seconds until the key's window ends. */
  async hit(key: string): Promise<number> {
    const now = this.now();
    this.sweep(now);
    const window = this.windows.get(key);
    if (!window || now - window.started >= this.windowMs) {
      this.windows.set(key, { started: now, hits: 1 });
      return 0;
    }
    if (window.hits >= this.limit) return Math.max(1, Math.ceil((window.started + this.windowMs - now) / 1000));
    window.hits += 1;
    return 0;
  }

  private sweep(now: number): void {
    if (now - this.sweptAt < this.windowMs) return;
    this.sweptAt = now;
    for (const [key, window] of this.windows) if (now - window.started >= this.windowMs) this.windows.delete(key);
  }
}
