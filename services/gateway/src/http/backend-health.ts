import { checkHealth, type Logger } from "@qai/platform";

export interface Backend {
  name: string;
  /** A gRPC address answering grpc.health.v1, or an HTTP URL answering 200 when healthy. */
  address?: string;
  check?: () => Promise<boolean>;
}

export interface BackendHealthOptions {
  /** Time between background checks (default 2 s). */
  intervalMs?: number;
  /** Consecutive failed checks before a backend that was serving counts as down (default 3). */
  failuresToDown?: number;
  logger?: Logger;
}

/**
 * The backends' health, checked in the background and kept, so /readyz answers from memory in
 * microseconds however busy the process is. A backend counts as down only after `failuresToDown`
 * failed checks in a row: one check timing out while the process is saturated with answers does not
 * take it out of the load balancer. Until every backend has served once, /readyz asks for a fresh
 * check (cheap at start-up, when nothing else runs).
 */
export class BackendHealth {
  private readonly serving = new Map<string, boolean>();
  private readonly failures = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly backends: Backend[],
    private readonly options: BackendHealthOptions = {},
  ) {}

  start(): this {
    void this.refresh();
    this.timer = setInterval(() => void this.refresh(), this.options.intervalMs ?? 2000);
    this.timer.unref();
    return this;
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Every backend's state, from the last checks; refreshed first while not all are serving yet. */
  async snapshot(): Promise<Array<[string, boolean]>> {
    if (!this.allServing()) await this.refresh();
    return this.backends.map(({ name }) => [name, this.serving.get(name) ?? false]);
  }

  /** One round of checks (concurrent calls share it). */
  refresh(): Promise<void> {
    this.running ??= Promise.all(this.backends.map((backend) => this.checkOne(backend))).then(
      () => {
        this.running = undefined;
      },
      () => {
        this.running = undefined;
      },
    );
    return this.running;
  }

  private allServing(): boolean {
    return this.backends.every(({ name }) => this.serving.get(name) === true);
  }

  private async checkOne(backend: Backend): Promise<void> {
    const ok = await (backend.check ? backend.check().catch(() => false) : checkHealth(backend.address ?? ""));
    if (ok) {
      this.failures.set(backend.name, 0);
      this.serving.set(backend.name, true);
      return;
    }
    const failures = (this.failures.get(backend.name) ?? 0) + 1;
    this.failures.set(backend.name, failures);
    const wasServing = this.serving.get(backend.name) === true;
    if (!wasServing || failures >= (this.options.failuresToDown ?? 3)) {
      if (wasServing) this.options.logger?.warn({ backend: backend.name, failures }, "backend not serving");
      this.serving.set(backend.name, false);
    }
  }
}
