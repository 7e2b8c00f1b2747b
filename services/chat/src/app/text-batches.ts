import type { GenerationEvent } from "../providers/provider";

export interface BatchLimits {
  /** A batch is sent once it holds this many characters… */
  maxChars: number;
  /** …or once its oldest piece has waited this long (ms). */
  maxDelayMs: number;
}

/** ~64 characters or 50 ms: about 15 messages a second at most for a fast model, one per piece for a slow one. */
export const DEFAULT_BATCH_LIMITS: BatchLimits = { maxChars: 64, maxDelayMs: 50 };

const WAITED = Symbol("waited");

/**
 * A provider's text pieces merged into fewer, larger ones: the first piece goes out at once (the
 * first content event is not delayed), later ones are held until `maxChars` have gathered or the
 * oldest has waited `maxDelayMs`, and whatever is held goes out when the provider ends. Citation events
 * pass through as they come. Every character is kept, in order. Once `signal` aborts nothing more
 * is pulled from the provider (even one that ignores its signal) and nothing more is sent; returning
 * early (the consumer stopped) returns the provider's iterator too.
 */
export async function* batchText(events: AsyncIterable<GenerationEvent>, signal: AbortSignal, limits: BatchLimits = DEFAULT_BATCH_LIMITS): AsyncGenerator<GenerationEvent> {
  const source = events[Symbol.asyncIterator]();
  let held = "";
  let heldSince = 0;
  let sentAny = false;
  let pending: Promise<IteratorResult<GenerationEvent>> | undefined;
  try {
    for (;;) {
      if (signal.aborted) return;
      pending ??= source.next();
      const next = held ? await withDeadline(pending, limits.maxDelayMs - (performance.now() - heldSince)) : await pending;
      if (next === WAITED) {
        yield { type: "text", text: held };
        held = "";
        continue;
      }
      pending = undefined;
      if (next.done) break;
      const event = next.value;
      if (event.type !== "text") {
        yield event;
        continue;
      }
      if (!sentAny) {
        sentAny = true;
        yield event;
        continue;
      }
      if (!held) heldSince = performance.now();
      held += event.text;
      if (held.length >= limits.maxChars) {
        yield { type: "text", text: held };
        held = "";
      }
    }
    if (held) yield { type: "text", text: held };
  } finally {
    // A provider still working on its next piece ends on its own once the call's signal aborts.
    if (pending) void source.return?.()?.catch(() => undefined);
    else await source.return?.();
  }
}

/** `next`, or WAITED once `ms` have passed without it settling. */
async function withDeadline<T>(next: Promise<T>, ms: number): Promise<T | typeof WAITED> {
  if (ms <= 0) return WAITED;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<typeof WAITED>((resolve) => {
    timer = setTimeout(() => resolve(WAITED), ms);
  });
  try {
    return await Promise.race([next, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
