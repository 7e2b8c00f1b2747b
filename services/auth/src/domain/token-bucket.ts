/** A token bucket: `ratePerSecond` refill up to `burst`; each request takes one token. */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number,
    nowMs: number,
  ) {
    this.tokens = burst;
    this.updatedAt = nowMs;
  }

  take(nowMs: number): boolean {
    this.refill(nowMs);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** True when the bucket is full again (it can be forgotten). */
  isFull(nowMs: number): boolean {
    this.refill(nowMs);
    return this.tokens >= this.burst;
  }

  private refill(nowMs: number): void {
    const elapsed = Math.max(0, nowMs - this.updatedAt) / 1000;
    this.tokens = Math.min(this.burst, this.tokens + elapsed * this.ratePerSecond);
    this.updatedAt = nowMs;
  }
}

/** One bucket per key (e.g. client IP); full buckets are forgotten so memory stays bounded. */
export class KeyedLimiter {
  private readonly buckets = new Map<string, TokenBucket>();

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number,
    private readonly maxKeys = 10_000,
  ) {}

  take(key: string, nowMs: number): boolean {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size >= this.maxKeys) this.forgetFull(nowMs);
      bucket = new TokenBucket(this.ratePerSecond, this.burst, nowMs);
      this.buckets.set(key, bucket);
    }
    return bucket.take(nowMs);
  }

  private forgetFull(nowMs: number): void {
    for (const [key, bucket] of this.buckets) if (bucket.isFull(nowMs)) this.buckets.delete(key);
    const oldest = this.buckets.keys().next();
    if (this.buckets.size >= this.maxKeys && !oldest.done) this.buckets.delete(oldest.value);
  }
}
