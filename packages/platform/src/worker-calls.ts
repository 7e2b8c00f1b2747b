import { existsSync } from "node:fs";
import { join } from "node:path";
import { Worker, type Transferable } from "node:worker_threads";

/** What a worker answers to one call: the value, or the failure as data (errors do not cross threads). */
export type WorkerReply<F> = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: F };

/**
 * Starts the worker module `name` beside the caller: the compiled `<name>.js` (dist), or, from the
 * TypeScript sources (jest, tsx), `<name>.ts` compiled by tsx as it loads.
 */
export function spawnModuleWorker(dir: string, name: string, workerData?: unknown): Worker {
  const compiled = join(dir, `${name}.js`);
  if (existsSync(compiled)) return new Worker(compiled, { workerData });
  const source = join(dir, `${name}.ts`);
  const code = `require(require.resolve("tsx/cjs", { paths: [${JSON.stringify(dir)}] }));\nrequire(${JSON.stringify(source)});`;
  return new Worker(code, { eval: true, workerData });
}

/**
 * Calls to a worker thread, each one message `{ id, ...call }` answered by one `WorkerReply`. The
 * worker starts on the first call and keeps the process alive only while calls wait; if it dies, the
 * calls waiting on it fail and the next call starts a fresh one.
 */
export class WorkerCalls<F> {
  private worker: Worker | undefined;
  private readonly waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private nextId = 0;

  /** `spawn` starts the worker; `name` says which one in errors; `toError` turns a failure back into an error. */
  constructor(
    private readonly spawn: () => Worker,
    private readonly name: string,
    private readonly toError: (failure: F) => Error,
  ) {}

  get started(): boolean {
    return this.worker !== undefined;
  }

  call<T>(call: object, transfer: readonly Transferable[] = []): Promise<T> {
    const worker = (this.worker ??= this.start());
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.ref();
      worker.postMessage({ ...call, id }, [...transfer]);
    });
  }

  /** Ends the worker; calls still waiting fail. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.failWaiting(new Error(`${this.name} was closed`));
    await worker?.terminate();
  }

  private start(): Worker {
    const worker = this.spawn();
    worker.on("message", (reply: WorkerReply<F>) => {
      const waiting = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (this.waiting.size === 0) worker.unref();
      if (reply.ok) waiting?.resolve(reply.value);
      else waiting?.reject(this.toError(reply.error));
    });
    const lost = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.failWaiting(error);
    };
    worker.on("error", lost);
    worker.on("exit", (code) => lost(new Error(`${this.name} exited with code ${code}`)));
    worker.unref();
    return worker;
  }

  private failWaiting(error: Error): void {
    for (const { reject } of this.waiting.values()) reject(error);
    this.waiting.clear();
  }
}
