import { create, type DescMethod } from "@bufbuild/protobuf";
import { AppError } from "../errors";
import { currentRequestContext, requestIdFrom, withRequestContext } from "../logger";
import { methodPath } from "./definition";
import { cancelledByClient, type CallContext, type ServedCall, type ServedCalls } from "./calls";
import { asReceived } from "./status";

/** Addresses of servers reached by direct calls in this process: `in-process:<name>`. */
const SCHEME = "in-process:";

export function isInProcessAddress(address: string): boolean {
  return address.startsWith(SCHEME);
}

/** The bind address that serves `name` in this process only (no port; callers reach it by direct calls). */
export function inProcessAddress(name: string): string {
  return `${SCHEME}${name}`;
}

/** What a client passes with each call (see client.ts `CallOptions`). */
interface LocalCallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

type UnaryHandler = (request: unknown, context: CallContext) => Promise<unknown>;
type StreamHandler = (request: unknown, context: CallContext) => AsyncIterable<unknown>;

interface LocalMethod {
  name: string;
  method: DescMethod;
  handler: UnaryHandler | StreamHandler;
}

const servers = new Map<string, LocalServer>();
let bound = 0;

/** The server at an in-process address, if one serves it (looked up at each call, as a gRPC channel reconnects). */
export function localServerAt(address: string): LocalServer | undefined {
  return servers.get(address);
}

/** A unary call to the server at `address`; unavailable (as over gRPC) when nothing serves it. */
export function unaryAt(address: string, method: DescMethod, request: unknown, options: LocalCallOptions): Promise<unknown> {
  const server = servers.get(address);
  return server ? server.unary(method, request, options) : Promise.reject(unavailable(address));
}

/**
 * A server stream from the server at `address`, under the caller's request id `requestId`: the server's
 * own generator, not one delegating to it (each layer of generators holds its own promises per open stream).
 */
export function streamAt(address: string, method: DescMethod, request: unknown, options: LocalCallOptions, requestId: string | undefined): AsyncGenerator<unknown> {
  const server = servers.get(address);
  return server ? server.stream(method, request, options, requestId) : failed(unavailable(address));
}

/** A stream whose first pull fails with `error`. */
// eslint-disable-next-line require-yield
async function* failed(error: AppError): AsyncGenerator<unknown> {
  throw error;
}

function unavailable(address: string): AppError {
  return new AppError("unavailable", `nothing serves ${address} in this process`);
}

/**
 * A GrpcServer's handlers as callers in the same process reach them: the call is a function call.
 * Requests and responses are completed with `create` (defaults filled in, as decoding would) but
 * not copied: neither side may change a message after passing it. Request ids, deadlines,
 * cancellation, errors (as a gRPC client receives them) and health behave as over gRPC.
 */
export class LocalServer {
  private readonly methods = new Map<string, LocalMethod>();
  private readonly serving = new Map<string, boolean>();
  private address: string | undefined;

  constructor(private readonly calls: ServedCalls) {}

  add(name: string, method: DescMethod, handler: UnaryHandler | StreamHandler): void {
    this.methods.set(methodPath(method), { name, method, handler });
  }

  /** Serves the handlers at `bindAddress` plus a unique suffix (one process may run a service twice); returns the address. */
  bind(bindAddress: string): string {
    if (this.address) throw new Error(`already serving at ${this.address}`);
    this.address = `${bindAddress}#${++bound}`;
    servers.set(this.address, this);
    return this.address;
  }

  /** Takes no new calls (they fail as unavailable, as at a stopped gRPC server). */
  unbind(): void {
    if (this.address) servers.delete(this.address);
  }

  setServing(service: string, serving: boolean): void {
    this.serving.set(service, serving);
  }

  isServing(service: string): boolean {
    return this.serving.get(service) === true;
  }

  async unary(method: DescMethod, request: unknown, options: LocalCallOptions): Promise<unknown> {
    const { name, method: served, handler } = this.method(method);
    const input = create(served.input, request as never);
    const call = this.open(options, currentRequestContext()?.requestId);
    const cancel = () => call.abort(cancelledByClient());
    options.signal?.addEventListener("abort", cancel, { once: true });
    const output = this.calls.run(name, call, () => (handler as UnaryHandler)(input, call.context)).then(
      (response) => create(served.output, response as never),
      (error: unknown) => {
        throw asReceived(this.calls.failure(name, error));
      },
    );
    try {
      return await untilAborted(output, call);
    } finally {
      options.signal?.removeEventListener("abort", cancel);
    }
  }

  /**
   * A server stream, pulled by the caller under its request id; leaving the loop early cancels the handler.
   * (The id is its own argument, not spread into a copy of `options`: a copy of an object holding an
   * AbortSignal, whose hidden class Node makes anew for each signal, got a hidden class per stream.)
   */
  async *stream(method: DescMethod, request: unknown, options: LocalCallOptions, requestId: string | undefined): AsyncGenerator<unknown> {
    const { name, method: served, handler } = this.method(method);
    const call = this.open(options, requestId);
    const started = performance.now();
    const cancel = () => call.abort(cancelledByClient());
    options.signal?.addEventListener("abort", cancel, { once: true });
    const inContext = <T>(work: () => T): T => withRequestContext({ requestId: call.context.requestId }, work);
    let messages: AsyncIterator<unknown> | undefined;
    let ended = false;
    try {
      messages = inContext(() => (handler as StreamHandler)(create(served.input, request as never), call.context)[Symbol.asyncIterator]());
      for (;;) {
        const step = await untilAborted(inContext(() => messages!.next()), call).catch((error: unknown) => {
          // The handler failed (rather than the call being aborted while it worked).
          if (error !== call.reason) ended = true;
          throw error;
        });
        if (step.done) {
          ended = true;
          return;
        }
        yield create(served.output, step.value as never);
      }
    } catch (error) {
      if (call.reason && error === call.reason) throw error;
      throw asReceived(this.calls.failure(name, error));
    } finally {
      options.signal?.removeEventListener("abort", cancel);
      this.end(name, call, started, ended ? undefined : messages);
    }
  }

  private method(method: DescMethod): LocalMethod {
    const found = this.methods.get(methodPath(method));
    // As a gRPC client sees UNIMPLEMENTED.
    if (!found) throw new AppError("internal", `${methodPath(method)} is not served at ${this.address}`);
    return found;
  }

  private open(options: LocalCallOptions, requestId: string | undefined): ServedCall {
    if (options.signal?.aborted) throw new AppError("cancelled", "call cancelled");
    return this.calls.open(requestIdFrom(requestId), options.timeoutMs);
  }

  /** Ends a stream's call; a handler still producing is cancelled and closed first (its `finally` blocks run). */
  private end(name: string, call: ServedCall, started: number, unfinished: AsyncIterator<unknown> | undefined): void {
    if (!unfinished) return this.calls.finished(name, call, started);
    call.abort(cancelledByClient());
    const close = unfinished.return ? Promise.resolve(unfinished.return()) : Promise.resolve();
    void close.catch(() => undefined).finally(() => this.calls.finished(name, call, started));
  }
}

/** `work`, or the call's abort reason as soon as it is aborted (a handler that ignores its signal does not hold the caller). */
function untilAborted<T>(work: Promise<T>, call: ServedCall): Promise<T> {
  if (call.reason) {
    work.catch(() => undefined);
    return Promise.reject(call.reason);
  }
  return new Promise((resolve, reject) => {
    const stopListening = call.onAbort(reject);
    work.then(
      (value) => {
        stopListening();
        resolve(value);
      },
      (error: unknown) => {
        stopListening();
        reject(error as Error);
      },
    );
  });
}
