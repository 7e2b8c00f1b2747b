import type { Logger } from "pino";
import { AppError, toAppError } from "../errors";
import { withRequestContext } from "../logger";

/** What a handler knows about its call. */
export interface CallContext {
  requestId: string;
  /** Aborted when the client cancels, the deadline passes or the server shuts down. */
  signal: AbortSignal;
}

/** One call being served, until `done`. */
export interface ServedCall {
  context: CallContext;
  /** Aborts the handler's signal with `reason`. */
  abort(reason: AppError): void;
  done(): void;
}

export const cancelledByClient = () => new AppError("cancelled", "call cancelled by the client");
export const deadlineExceeded = () => new AppError("deadline_exceeded", "deadline exceeded");

/**
 * The calls a server is serving, over gRPC or in-process: each gets its request context and a
 * signal (client cancellation, deadline, shutdown); each is logged (debug) with its duration.
 */
export class ServedCalls {
  private readonly inFlight = new Set<AbortController>();
  private idle: Array<() => void> = [];

  constructor(private readonly logger: Logger) {}

  get size(): number {
    return this.inFlight.size;
  }

  /** A new call; `deadlineMs` from now, if any, aborts it with deadline_exceeded. */
  open(requestId: string, deadlineMs: number | undefined): ServedCall {
    const controller = new AbortController();
    this.inFlight.add(controller);
    const timer = deadlineMs !== undefined && deadlineMs > 0 ? setTimeout(() => controller.abort(deadlineExceeded()), deadlineMs) : undefined;
    return {
      context: { requestId, signal: controller.signal },
      abort: (reason) => controller.abort(reason),
      done: () => {
        clearTimeout(timer);
        this.inFlight.delete(controller);
        if (this.inFlight.size === 0) for (const resolve of this.idle.splice(0)) resolve();
      },
    };
  }

  /** Runs a call's handler in its request context, logs it with its duration, and ends the call. */
  async run<T>(name: string, call: ServedCall, work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    return withRequestContext({ requestId: call.context.requestId }, async () => {
      try {
        return await work();
      } finally {
        this.logDone(name, call, started);
        call.done();
      }
    });
  }

  /** Ends a call whose handler ran outside `run` (an in-process stream), logging it under its request id. */
  finished(name: string, call: ServedCall, started: number): void {
    if (this.logger.isLevelEnabled("debug")) withRequestContext({ requestId: call.context.requestId }, () => this.logDone(name, call, started));
    call.done();
  }

  private logDone(name: string, call: ServedCall, started: number): void {
    this.logger.debug({ method: name, ms: Math.round(performance.now() - started), cancelled: call.context.signal.aborted }, "call done");
  }

  /** A handler's error as an AppError, logged: internal ones as errors, refusals at debug. */
  failure(name: string, error: unknown): AppError {
    const appError = toAppError(error);
    if (appError.code === "internal") this.logger.error({ err: error, method: name }, "call failed");
    else this.logger.debug({ code: appError.code, method: name, message: appError.message }, "call refused");
    return appError;
  }

  /** Settles once no call is in flight. */
  whenIdle(): Promise<void> {
    return this.inFlight.size === 0 ? Promise.resolve() : new Promise((resolve) => this.idle.push(resolve));
  }

  cancelAll(reason: AppError): void {
    for (const controller of this.inFlight) controller.abort(reason);
  }
}
