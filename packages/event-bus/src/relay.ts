import { setImmediate as nextTurn } from "node:timers/promises";
import type { RecordStore } from "@qai/record-store";
import { outboxRows, toEnvelope } from "./outbox";
import type { EventBus } from "./port";

/** The part of a logger the relay uses (a pino Logger fits). */
export interface RelayLogger {
  error(details: object, message: string): void;
}

export interface OutboxRelayOptions {
  /** Poll period when not nudged by `notify()` (default 1000 ms). */
  intervalMs?: number;
  /** Rows per `publish` (default 100). */
  batchSize?: number;
  /** Where failed publishes are reported while running (default: console). */
  logger?: RelayLogger;
}

const consoleLogger: RelayLogger = { error: (details, message) => console.error(message, details) };

/**
 * Publishes a store's outbox rows to the bus in `seq` order, one batch at a time, and deletes a
 * batch only after `publish` resolved. A crash or a rejected publish leaves the rows in place, so
 * they are published again later: delivery is at least once.
 */
export class OutboxRelay {
  private readonly intervalMs: number;
  private readonly batchSize: number;
  private readonly logger: RelayLogger;
  private readonly wakeup = new Wakeup();
  private batches: Promise<unknown> = Promise.resolve();
  private loop?: Promise<void>;
  private stopping = false;

  constructor(
    private readonly store: RecordStore,
    private readonly bus: EventBus,
    options: OutboxRelayOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 1000;
    this.batchSize = options.batchSize ?? 100;
    this.logger = options.logger ?? consoleLogger;
  }

  /** Starts polling; `notify()` after a commit publishes without waiting for the next poll. */
  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.loop = this.run();
  }

  notify(): void {
    this.wakeup.signal();
  }

  /** Publishes everything pending; rejects (rows kept) if the bus rejects. */
  async flush(): Promise<void> {
    let more = true;
    while (more) more = await this.publishBatch();
  }

  /** Stops polling once the batch in flight is done. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeup.signal();
    await this.loop;
    this.loop = undefined;
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      try {
        let more = true;
        while (more && !this.stopping) {
          more = await this.publishBatch();
          await nextTurn(); // requests get a turn between batches
        }
      } catch (error) {
        this.logger.error({ err: error }, "outbox relay: publish failed, the events stay in the outbox");
      }
      if (!this.stopping) await this.wakeup.wait(this.intervalMs);
    }
  }

  /** Publishes the oldest pending rows (batches never overlap); resolves whether more are pending. */
  private publishBatch(): Promise<boolean> {
    const batch = this.batches.then(() => this.publishOldest());
    this.batches = batch.catch(() => undefined);
    return batch;
  }

  private async publishOldest(): Promise<boolean> {
    const page = await outboxRows(this.store).find({ orderBy: { field: "seq", direction: "asc" }, limit: this.batchSize });
    if (page.items.length === 0) return false;
    await this.bus.publish(page.items.map(toEnvelope));
    await this.store.transaction(async (tx) => {
      for (const row of page.items) await outboxRows(tx).delete(row.id);
    });
    return page.nextCursor !== undefined;
  }
}

/** A sleep that `signal()` cuts short; a signal sent while not sleeping skips the next sleep. */
class Wakeup {
  private pending = false;
  private wake?: () => void;

  signal(): void {
    this.pending = true;
    this.wake?.();
  }

  async wait(ms: number): Promise<void> {
    if (!this.pending) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        timer.unref();
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
    this.pending = false;
  }
}
