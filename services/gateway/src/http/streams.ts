/** The default cap on answers streaming at once in one gateway process (`MAX_CONCURRENT_ANSWERS`). */
export const DEFAULT_MAX_CONCURRENT_ANSWERS = 1000;

/** A burst: at least this many answers streaming at once… */
export const BURST_STREAMS = 256;
/** …that is over once this share of them is left. */
const BURST_OVER_SHARE = 0.25;

/**
 * The answer streams in flight: capped at `limit` per process (beyond it an ask is refused before
 * any quota is charged), and a shutdown can let them finish and then cancel the rest. `onBurstOver` runs when
 * the streams fall to a quarter of a peak of at least BURST_STREAMS (the gateway has the memory they took compacted).
 */
export class ActiveStreams {
  private readonly streams = new Set<AbortController>();
  private idleWaiters: Array<() => void> = [];
  private peak = 0;

  constructor(
    readonly limit: number = DEFAULT_MAX_CONCURRENT_ANSWERS,
    private readonly onBurstOver: () => void = () => undefined,
  ) {}

  get size(): number {
    return this.streams.size;
  }

  /** A slot for one more answer, or undefined when `limit` answers are already streaming. */
  tryOpen(): AbortController | undefined {
    return this.streams.size >= this.limit ? undefined : this.open();
  }

  open(): AbortController {
    const controller = new AbortController();
    this.streams.add(controller);
    this.peak = Math.max(this.peak, this.streams.size);
    return controller;
  }

  close(controller: AbortController): void {
    this.streams.delete(controller);
    if (this.peak >= BURST_STREAMS && this.streams.size <= this.peak * BURST_OVER_SHARE) {
      this.peak = this.streams.size;
      this.onBurstOver();
    }
    if (this.streams.size === 0) {
      for (const resolve of this.idleWaiters) resolve();
      this.idleWaiters = [];
    }
  }

  /** Resolves when no stream is open, or after `timeoutMs`; returns whether they all finished. */
  async drain(timeoutMs: number): Promise<boolean> {
    if (this.streams.size === 0) return true;
    let timer: NodeJS.Timeout | undefined;
    const idle = new Promise<boolean>((resolve) => this.idleWaiters.push(() => resolve(true)));
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    const finished = await Promise.race([idle, timeout]);
    clearTimeout(timer);
    return finished;
  }

  cancelAll(reason: unknown): void {
    for (const controller of this.streams) controller.abort(reason);
  }
}
