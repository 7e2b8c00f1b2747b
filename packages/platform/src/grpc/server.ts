import { once } from "node:events";
import * as grpc from "@grpc/grpc-js";
import { HealthImplementation, type ServingStatus } from "grpc-health-check";
import type { GenService } from "@bufbuild/protobuf/codegenv2";
import type { Logger } from "pino";
import { AppError, toAppError } from "../errors";
import { REQUEST_ID_HEADER, requestIdFrom, withRequestContext } from "../logger";
import { grpcServiceDefinition, type Input, type Methods, type OutputInit } from "./definition";
import { toServiceError } from "./status";

/** What a handler knows about its call. */
export interface CallContext {
  requestId: string;
  /** Aborted when the client cancels, the deadline passes or the server shuts down. */
  signal: AbortSignal;
  metadata: grpc.Metadata;
}

type Handler<M extends Methods[string]> = M["methodKind"] extends "server_streaming"
  ? (request: Input<M>, context: CallContext) => AsyncIterable<OutputInit<M>>
  : (request: Input<M>, context: CallContext) => Promise<OutputInit<M>>;

/** RPC handlers: a plain object keyed by method name; server streams are async generators. */
export type ServiceHandlers<S extends Methods> = { [K in keyof S]: Handler<S[K]> };

type AnyCall = grpc.ServerUnaryCall<unknown, unknown> | grpc.ServerWritableStream<unknown, unknown>;

export interface GrpcServerOptions {
  /** Largest request message accepted, in bytes (gRPC's default: 4 MiB). */
  maxReceiveMessageBytes?: number;
  /** Largest response message sent, in bytes (gRPC's default: unlimited). */
  maxSendMessageBytes?: number;
}

/**
 * A gRPC server that serves services from their generated descriptors, registers
 * grpc.health.v1, propagates the request id, maps typed errors to status codes and shuts down
 * gracefully (in-flight calls may finish within a grace period, then are cancelled).
 */
export class GrpcServer {
  private readonly server: grpc.Server;
  private readonly health = new HealthImplementation({ "": "NOT_SERVING" });
  private readonly serviceNames: string[] = [];
  private readonly inFlight = new Set<AbortController>();

  constructor(
    private readonly logger: Logger,
    options: GrpcServerOptions = {},
  ) {
    this.server = new grpc.Server(messageSizeOptions(options.maxReceiveMessageBytes, options.maxSendMessageBytes));
    this.health.addToServer(this.server);
  }

  add<S extends Methods>(service: GenService<S>, handlers: ServiceHandlers<S>): this {
    const implementation: grpc.UntypedServiceImplementation = {};
    for (const method of service.methods) {
      const handler = (handlers as Record<string, unknown>)[method.localName];
      if (typeof handler !== "function") throw new Error(`${service.typeName}: no handler for ${method.name}`);
      const name = `${service.typeName}/${method.name}`;
      implementation[method.localName] =
        method.methodKind === "server_streaming"
          ? this.streamingHandler(name, handler as StreamHandler)
          : this.unaryHandler(name, handler as UnaryHandler);
    }
    this.server.addService(grpcServiceDefinition(service), implementation);
    this.serviceNames.push(service.typeName);
    this.health.setStatus(service.typeName, "NOT_SERVING");
    return this;
  }

  /** Binds to `address` (e.g. "127.0.0.1:0") and returns the bound port. */
  async listen(address: string): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.bindAsync(address, grpc.ServerCredentials.createInsecure(), (error, port) =>
        error ? reject(error) : resolve(port),
      );
    });
  }

  /** Marks the server (and each of its services) as serving or not in grpc.health.v1. */
  setServing(serving: boolean, serviceName?: string): void {
    const status: ServingStatus = serving ? "SERVING" : "NOT_SERVING";
    for (const name of serviceName ? [serviceName] : ["", ...this.serviceNames]) this.health.setStatus(name, status);
  }

  /** Stops accepting calls, lets in-flight calls finish for `graceMs`, then cancels the rest. */
  async shutdown(graceMs: number): Promise<void> {
    this.setServing(false);
    const drained = new Promise<void>((resolve) => this.server.tryShutdown(() => resolve()));
    const timer = setTimeout(() => {
      if (this.inFlight.size > 0) this.logger.warn({ calls: this.inFlight.size }, "cancelling in-flight calls");
      for (const controller of this.inFlight) controller.abort(new AppError("unavailable", "server shutting down"));
      this.server.forceShutdown();
    }, graceMs);
    await drained;
    clearTimeout(timer);
  }

  private context(call: AnyCall): { context: CallContext; done: () => void } {
    const controller = new AbortController();
    this.inFlight.add(controller);
    const onCancel = () => controller.abort(new AppError("cancelled", "call cancelled by the client"));
    call.once("cancelled", onCancel);
    const deadline = call.getDeadline();
    const ms = deadline instanceof Date ? deadline.getTime() - Date.now() : Number.isFinite(deadline) ? Number(deadline) - Date.now() : undefined;
    const timer = ms !== undefined && ms > 0 ? setTimeout(() => controller.abort(new AppError("deadline_exceeded", "deadline exceeded")), ms) : undefined;
    const requestId = requestIdFrom(call.metadata.get(REQUEST_ID_HEADER)[0]);
    const done = () => {
      clearTimeout(timer);
      call.off("cancelled", onCancel);
      this.inFlight.delete(controller);
    };
    return { context: { requestId, signal: controller.signal, metadata: call.metadata }, done };
  }

  private unaryHandler(name: string, handler: UnaryHandler): grpc.handleUnaryCall<unknown, unknown> {
    return (call, callback) => {
      const { context, done } = this.context(call);
      void this.traced(name, context, done, async () => {
        try {
          callback(null, await handler(call.request, context));
        } catch (error) {
          callback(this.failure(name, error));
        }
      });
    };
  }

  private streamingHandler(name: string, handler: StreamHandler): grpc.handleServerStreamingCall<unknown, unknown> {
    return (call) => {
      const { context, done } = this.context(call);
      void this.traced(name, context, done, async () => {
        try {
          await this.pump(call, handler(call.request, context), context.signal);
          call.end();
        } catch (error) {
          if (!call.cancelled) call.emit("error", this.failure(name, error));
        }
      });
    };
  }

  /** Runs a call in its request context and logs it (debug) with its duration, under the caller's request id. */
  private async traced(name: string, context: CallContext, done: () => void, run: () => Promise<void>): Promise<void> {
    const started = performance.now();
    await withRequestContext({ requestId: context.requestId }, async () => {
      await run();
      this.logger.debug({ method: name, ms: Math.round(performance.now() - started), cancelled: context.signal.aborted }, "call done");
    });
    done();
  }

  private async pump(call: grpc.ServerWritableStream<unknown, unknown>, messages: AsyncIterable<unknown>, signal: AbortSignal): Promise<void> {
    for await (const message of messages) {
      if (signal.aborted) throw signal.reason;
      if (!call.write(message)) await once(call, "drain", { signal });
    }
  }

  private failure(name: string, error: unknown): Partial<grpc.ServiceError> {
    const appError = toAppError(error);
    if (appError.code === "internal") this.logger.error({ err: error, method: name }, "call failed");
    else this.logger.debug({ code: appError.code, method: name, message: appError.message }, "call refused");
    return toServiceError(appError);
  }
}

/** gRPC channel options for message size limits (only those given). */
export function messageSizeOptions(maxReceive: number | undefined, maxSend: number | undefined): grpc.ChannelOptions {
  return {
    ...(maxReceive === undefined ? {} : { "grpc.max_receive_message_length": maxReceive }),
    ...(maxSend === undefined ? {} : { "grpc.max_send_message_length": maxSend }),
  };
}

type UnaryHandler = (request: unknown, context: CallContext) => Promise<unknown>;
type StreamHandler = (request: unknown, context: CallContext) => AsyncIterable<unknown>;

/** The handler type of a generated service: `HandlersOf<typeof ChatService>`. */
export type HandlersOf<T> = T extends GenService<infer S> ? ServiceHandlers<S> : never;
