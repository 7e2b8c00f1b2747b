/** Fewest characters revealed per frame (~720 a second at 60 frames a second). */
const MIN_CHARS_PER_FRAME = 12;
/** A backlog is worked off in about this many frames (so a long answer arriving at once takes ~1 s). */
const CATCH_UP_FRAMES = 20;

export interface PacerScheduler {
  requestFrame(callback: () => void): number;
  cancelFrame(handle: number): void;
  /** Show everything at once: the person prefers reduced motion, or the page is hidden (no frames run). */
  immediate(): boolean;
}

const browserScheduler: PacerScheduler = {
  requestFrame: (callback) => window.requestAnimationFrame(callback),
  cancelFrame: (handle) => window.cancelAnimationFrame(handle),
  immediate: () => document.visibilityState === "hidden" || (typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches),
};

/**
 * Reveals a streamed answer progressively, one animation frame at a time. The server sends text as
 * soon as it has it (a local answer arrives within milliseconds, in a few large pieces), so the
 * display, not the server, sets the pace: each frame shows max(12, backlog ÷ 20) more characters.
 * With prefers-reduced-motion, or in a hidden tab, text is shown as it arrives.
 */
export class TextPacer {
  private target = "";
  private shown = 0;
  private frame: number | null = null;
  private waiters: Array<() => void> = [];

  constructor(
    private readonly show: (text: string) => void,
    private readonly scheduler: PacerScheduler = browserScheduler,
  ) {}

  /** The whole text received so far (each call a longer prefix of the same answer). */
  get text(): string {
    return this.target;
  }

  append(piece: string): void {
    this.target += piece;
    if (this.scheduler.immediate()) this.flush();
    else this.frame ??= this.scheduler.requestFrame(this.tick);
  }

  /** Resolves once everything received so far is on screen. */
  caughtUp(): Promise<void> {
    if (this.shown >= this.target.length) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Shows everything received at once. */
  flush(): void {
    this.cancel();
    this.reveal(this.target.length);
  }

  /** Forgets the answer (a new one starts, or it was stopped); pending `caughtUp` calls resolve. */
  reset(): void {
    this.cancel();
    this.target = "";
    this.shown = 0;
    this.release();
  }

  private readonly tick = (): void => {
    this.frame = null;
    if (this.scheduler.immediate()) {
      this.flush();
      return;
    }
    const backlog = this.target.length - this.shown;
    this.reveal(this.shown + Math.max(MIN_CHARS_PER_FRAME, Math.ceil(backlog / CATCH_UP_FRAMES)));
    if (this.shown < this.target.length) this.frame = this.scheduler.requestFrame(this.tick);
  };

  private reveal(upTo: number): void {
    let end = Math.min(upTo, this.target.length);
    // Never split a surrogate pair (an emoji, a rare character) across frames.
    if (end < this.target.length && /[\uD800-\uDBFF]/.test(this.target.charAt(end - 1))) end += 1;
    if (end === this.shown) return;
    this.shown = end;
    this.show(this.target.slice(0, end));
    if (end >= this.target.length) this.release();
  }

  private cancel(): void {
    if (this.frame !== null) this.scheduler.cancelFrame(this.frame);
    this.frame = null;
  }

  private release(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
