/** How failed attempts slow down the next ones. */
export interface BackoffPolicy {
  /** Failures allowed before any waiting. */
  freeFailures: number;
  /** Wait after the first failure beyond the free ones; it doubles with each further failure. */
  baseDelayMs: number;
  /** The longest wait: once reached, each further failure refuses attempts for this long. */
  maxDelayMs: number;
  /** A key without failures for this long starts over. */
  forgetAfterMs: number;
}

interface Failures {
  count: number;
  lastAt: number;
}

/**
 * Failure counts per key (an account, or an account at an address) with exponential waits:
 * `freeFailures` free, then 1 s, 2 s, 4 s … up to `maxDelayMs` after the latest failure. Kept in
 * memory and bounded: the oldest keys go first when `maxKeys` is reached.
 */
export class FailureBackoff {
  private readonly failures = new Map<string, Failures>();

  constructor(
    private readonly policy: BackoffPolicy,
    private readonly maxKeys = 50_000,
  ) {}

  /** Milliseconds `key` must still wait before its next attempt (0: it may try now). */
  waitMs(key: string, nowMs: number): number {
    const entry = this.current(key, nowMs);
    if (!entry || entry.count <= this.policy.freeFailures) return 0;
    const doublings = Math.min(entry.count - this.policy.freeFailures - 1, 30);
    const delay = Math.min(this.policy.baseDelayMs * 2 ** doublings, this.policy.maxDelayMs);
    return Math.max(0, entry.lastAt + delay - nowMs);
  }

  fail(key: string, nowMs: number): void {
    const count = (this.current(key, nowMs)?.count ?? 0) + 1;
    this.failures.delete(key);
    if (this.failures.size >= this.maxKeys) this.failures.delete(this.failures.keys().next().value!);
    this.failures.set(key, { count, lastAt: nowMs });
  }

  clear(key: string): void {
    this.failures.delete(key);
  }

  private current(key: string, nowMs: number): Failures | undefined {
    const entry = this.failures.get(key);
    if (entry && nowMs - entry.lastAt >= this.policy.forgetAfterMs) {
      this.failures.delete(key);
      return undefined;
    }
    return entry;
  }
}
