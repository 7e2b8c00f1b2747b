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
  /** Why the call was aborted, once it was. */
  readonly reason: AppError | undefined;
  /** Aborts the handler's signal with `reason` (the first reason wins). */
  abort(reason: AppError): void;
  /** Calls `listener` when the call is aborted; returns the function that stops listening. */
  onAbort(listener: (reason: AppError) => void): () => void;
  done(): void;
}

export const cancelledByClient = () => new AppError("cancelled", "call cancelled by the client");
export const deadlineExceeded = () => new AppError("deadline_exceeded", "deadline exceeded");

/** A call's context: its request id, and its signal, made when the handler first reads it. */
class Context implements CallContext {
  constructor(
    readonly requestId: string,
    private readonly call: Call,
  ) {}

  get signal(): AbortSignal {
    return this.call.signal;
  }
}

/**
 * One call being served. A class, not an object of closures: a held answer stream keeps its calls for
 * minutes, and closures plus an object with getters (kept by V8 as a dictionary) cost ~1 KB each.
 * The handler's AbortSignal is made when it first reads it (most handlers never do, and an
 * AbortController with its listeners costs more than a short call itself).
 */
class Call implements ServedCall {
  readonly context: CallContext;
  private controller: AbortController | undefined;
  private why: AppError | undefined;
  private listeners: Array<(reason: AppError) => void> | undefined;
  private readonly timer: NodeJS.Timeout | undefined;

  constructor(
    requestId: string,
    deadlineMs: number | undefined,
    private readonly release: (call: Call) => void,
    private readonly onDone: (() => void) | undefined,
  ) {
    this.context = new Context(requestId, this);
    this.timer = deadlineMs !== undefined && deadlineMs > 0 ? setTimeout(() => this.abort(deadlineExceeded()), deadlineMs) : undefined;
  }

  get reason(): AppError | undefined {
    return this.why;
  }

  get signal(): AbortSignal {
    this.controller ??= new AbortController();
    if (this.why && !this.controller.signal.aborted) this.controller.abort(this.why);
    return this.controller.signal;
  }

  abort(why: AppError): void {
    if (this.why) return;
    this.why = why;
    this.controller?.abort(why);
    for (const listener of this.listeners?.slice() ?? []) listener(why);
  }

  onAbort(listener: (reason: AppError) => void): () => void {
    (this.listeners ??= []).push(listener);
    return () => {
      const at = this.listeners?.indexOf(listener) ?? -1;
      if (at >= 0) this.listeners!.splice(at, 1);
    };
  }

  done(): void {
    clearTimeout(this.timer);
    this.onDone?.();
    this.release(this);
  }
}

/**
 * The calls a server is serving, over gRPC or in-process: each gets its request context and a
 * signal (client cancellation, deadline, shutdown); each is logged (debug) with its duration.
 */
export class ServedCalls {
  private readonly inFlight = new Set<ServedCall>();
  private idle: Array<() => void> = [];
  private readonly release = (call: ServedCall) => {
    this.inFlight.delete(call);
    if (this.inFlight.size === 0) for (const resolve of this.idle.splice(0)) resolve();
  };

  constructor(private readonly logger: Logger) {}

  get size(): number {
    return this.inFlight.size;
  }

  /** A new call; `deadlineMs` from now, if any, aborts it with deadline_exceeded. `onDone` runs when it ends. */
  open(requestId: string, deadlineMs: number | undefined, onDone?: () => void): ServedCall {
    const call = new Call(requestId, deadlineMs, this.release, onDone);
    this.inFlight.add(call);
    return call;
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
    this.logger.debug({ method: name, ms: Math.round(performance.now() - started), cancelled: call.reason !== undefined }, "call done");
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
    for (const call of this.inFlight) call.abort(reason);
  }
}
