import { PerformanceObserver, constants } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";

/** Full collections that compact once asked: the one under way when asked may have chosen not to. */
const COMPACTING_COLLECTIONS = 2;

let compacting = false;

/**
 * Has the next full garbage collections of this process compact the old generation (V8's
 * `--compact-on-every-full-gc`, read at each full collection, switched off again after COMPACTING_COLLECTIONS).
 * For the end of a burst: objects that lived seconds (an open answer stream's) were promoted and scattered over
 * old-space pages among long-lived ones, and a full collection without compaction frees them but keeps nearly every
 * page (`bench/streams.ts`: 129 of 127 MB growth still held, V8's heap 173 MB for 46 MB live). Not always on: with the
 * flag set for good, the full collections of a knowledge-base replace (hundreds of MB live) paused 70–260 ms
 * (`--trace-gc`, against at most 24 ms without).
 */
export function compactNextFullCollections(): void {
  if (compacting) return;
  compacting = true;
  setFlagsFromString("--compact-on-every-full-gc");
  let left = COMPACTING_COLLECTIONS;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const { detail } = entry as { detail?: { kind?: number } };
      if (detail?.kind !== constants.NODE_PERFORMANCE_GC_MAJOR || --left > 0) continue;
      setFlagsFromString("--no-compact-on-every-full-gc");
      observer.disconnect();
      compacting = false;
      return;
    }
  });
  observer.observe({ entryTypes: ["gc"] });
}
