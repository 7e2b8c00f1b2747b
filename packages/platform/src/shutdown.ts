import type { Logger } from "pino";

type Step = { name: string; run: () => Promise<void> };

/**
 * Graceful shutdown: on SIGTERM or SIGINT run the registered steps in reverse order of
 * registration (stop accepting first, close stores last), then exit. A step that hangs past
 * `timeoutMs` ends the process with a non-zero code.
 */
export class Shutdown {
  private readonly steps: Step[] = [];
  private running?: Promise<void>;

  constructor(
    private readonly logger: Logger,
    private readonly timeoutMs = 9000,
  ) {}

  /** Registers a step; steps run last-registered first. */
  add(name: string, run: () => Promise<void> | void): void {
    this.steps.push({ name, run: async () => run() });
  }

  /** Installs the signal handlers; `exit` is called with the exit code when done. */
  listen(exit: (code: number) => void = (code) => process.exit(code)): void {
    const onSignal = (signal: NodeJS.Signals) => {
      this.logger.info({ signal }, "shutting down");
      void this.run().then(
        () => exit(0),
        () => exit(1),
      );
    };
    process.once("SIGTERM", onSignal);
    process.once("SIGINT", onSignal);
  }

  /** Runs every step once (later calls return the same promise). */
  run(): Promise<void> {
    this.running ??= this.runSteps();
    return this.running;
  }

  private async runSteps(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`shutdown took longer than ${this.timeoutMs} ms`)), this.timeoutMs);
    });
    try {
      await Promise.race([this.runInOrder(), timeout]);
      this.logger.info("shutdown complete");
    } catch (error) {
      this.logger.error({ err: error }, "shutdown failed");
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  private async runInOrder(): Promise<void> {
    for (const step of [...this.steps].reverse()) {
      try {
        await step.run();
        this.logger.debug({ step: step.name }, "shutdown step done");
      } catch (error) {
        this.logger.error({ err: error, step: step.name }, "shutdown step failed");
      }
    }
  }
}
