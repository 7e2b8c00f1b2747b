/**
 * Answer times as a log-scale histogram: bucket b ≥ 1 holds [2^((b-1)/4), 2^(b/4)) ms (each about
 * 19 % wide), bucket 0 holds under 1 ms. Days keep one each; a period's are merged, and a
 * percentile is read as its bucket's geometric middle, within about 9 % of the exact value.
 */
export type Histogram = Record<string, number>;

const STEPS_PER_DOUBLING = 4;

function bucketOf(ms: number): number {
  return ms < 1 ? 0 : Math.floor(Math.log2(ms) * STEPS_PER_DOUBLING) + 1;
}

export function addSample(histogram: Histogram, ms: number): void {
  const bucket = String(bucketOf(ms));
  histogram[bucket] = (histogram[bucket] ?? 0) + 1;
}

export function mergeInto(target: Histogram, source: Histogram): void {
  for (const [bucket, count] of Object.entries(source)) target[bucket] = (target[bucket] ?? 0) + count;
}

/** The `p`-th percentile (0 < p ≤ 1) in ms; 0 for an empty histogram. */
export function percentile(histogram: Histogram, p: number): number {
  const buckets = Object.entries(histogram)
    .map(([bucket, count]) => [Number(bucket), count] as const)
    .sort(([a], [b]) => a - b);
  const total = buckets.reduce((sum, [, count]) => sum + count, 0);
  const rank = Math.max(1, Math.ceil(p * total));
  let seen = 0;
  for (const [bucket, count] of buckets) {
    seen += count;
    if (seen >= rank) return middleOf(bucket);
  }
  return 0;
}

function middleOf(bucket: number): number {
  return bucket === 0 ? 0 : Math.round(2 ** ((bucket - 0.5) / STEPS_PER_DOUBLING) * 10) / 10;
}
