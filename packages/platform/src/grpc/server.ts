import { once } from "node:events";
import * as grpc from "@grpc/grpc-js";
import { HealthImplementation, type ServingStatus } from "grpc-health-check";
import type { GenService } from "@bufbuild/protobuf/codegenv2";
import type { Logger } from "pino";
import { AppError } from "../errors";
import { REQUEST_ID_HEADER, requestIdFrom } from "../logger";
import { cancelledByClient, deadlineExceeded, ServedCalls, type CallContext, type ServedCall } from "./calls";
import { grpcServiceDefinition, type Input, type Methods, type OutputInit } from "./definition";
import { LocalServer } from "./in-process";
import { toServiceError } from "./status";

export type { CallContext } from "./calls";

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
 * gracefully (in-flight calls may finish within a grace period, then are cancelled). The same
 * handlers can instead be served in-process (`listenInProcess`): callers in this process then
 * call them directly.
 */
/** How early grpc-js may cancel a call for its deadline (its timer and ours start at different moments). */
const DEADLINE_SLACK_MS = 20;

export class GrpcServer {
  private readonly server: grpc.Server;
  private readonly health = new HealthImplementation({ "": "NOT_SERVING" });
  private readonly serviceNames: string[] = [];
  private readonly calls: ServedCalls;
  private readonly local: LocalServer;

  constructor(
    private readonly logger: Logger,
    options: GrpcServerOptions = {},
  ) {
    this.server = new grpc.Server(messageSizeOptions(options.maxReceiveMessageBytes, options.maxSendMessageBytes));
    this.health.addToServer(this.server);
    this.calls = new ServedCalls(logger);
    this.local = new LocalServer(this.calls);
  }

  add<S extends Methods>(service: GenService<S>, handlers: ServiceHandlers<S>): this {
    const implementation: grpc.UntypedServiceImplementation = {};
    for (const method of service.methods) {
      const handler = (handlers as Record<string, unknown>)[method.localName];
      if (typeof handler !== "function") throw new Error(`${service.typeName}: no handler for ${method.name}`);
      const name = `${service.typeName}/${method.name}`;
      this.local.add(name, method, handler as UnaryHandler | StreamHandler);
      implementation[method.localName] =
        method.methodKind === "server_streaming"
          ? this.streamingHandler(name, handler as StreamHandler)
          : this.unaryHandler(name, handler as UnaryHandler);
    }
    this.server.addService(grpcServiceDefinition(service), implementation);
    this.serviceNames.push(service.typeName);
    this.setServing(false, service.typeName);
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

  /** Serves callers in this process at `bindAddress` ("in-process:<name>") and returns the address they call. */
  listenInProcess(bindAddress: string): string {
    return this.local.bind(bindAddress);
  }

  /** Marks the server (and each of its services) as serving or not, in grpc.health.v1 and to in-process `checkHealth`. */
  setServing(serving: boolean, serviceName?: string): void {
    const status: ServingStatus = serving ? "SERVING" : "NOT_SERVING";
    for (const name of serviceName ? [serviceName] : ["", ...this.serviceNames]) {
      this.health.setStatus(name, status);
      this.local.setServing(name, serving);
    }
  }

  /** Stops accepting calls, lets in-flight calls finish for `graceMs`, then cancels the rest. */
  async shutdown(graceMs: number): Promise<void> {
    this.setServing(false);
    this.local.unbind();
    let grpcDrained = false;
    const drained = new Promise<void>((resolve) => this.server.tryShutdown(() => resolve())).then(() => (grpcDrained = true));
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
    await Promise.race([Promise.all([drained, this.calls.whenIdle()]), graceOver]);
    clearTimeout(timer);
    if (this.calls.size > 0) {
      this.logger.warn({ calls: this.calls.size }, "cancelling in-flight calls");
      this.calls.cancelAll(new AppError("unavailable", "server shutting down"));
    }
    if (!grpcDrained) this.server.forceShutdown();
    await drained;
  }

  private open(call: AnyCall): ServedCall {
    const deadline = call.getDeadline();
    const deadlineAt = deadline instanceof Date ? deadline.getTime() : Number.isFinite(deadline) ? Number(deadline) : undefined;
    // grpc-js cancels a call whose deadline passed, maybe before our timer fires — and its own timer, started
    // when the headers arrived, may fire a few ms before the deadline we compute: within that, it is the deadline.
    const onCancel = () => served.abort(deadlineAt !== undefined && Date.now() >= deadlineAt - DEADLINE_SLACK_MS ? deadlineExceeded() : cancelledByClient());
    const served = this.calls.open(requestIdFrom(call.metadata.get(REQUEST_ID_HEADER)[0]), deadlineAt === undefined ? undefined : deadlineAt - Date.now(), () =>
      call.off("cancelled", onCancel),
    );
    call.once("cancelled", onCancel);
    return served;
  }

  private unaryHandler(name: string, handler: UnaryHandler): grpc.handleUnaryCall<unknown, unknown> {
    return (call, callback) => {
      const served = this.open(call);
      void this.calls.run(name, served, async () => {
        try {
          callback(null, await handler(call.request, served.context));
        } catch (error) {
          callback(toServiceError(this.calls.failure(name, error)));
        }
      });
    };
  }

  private streamingHandler(name: string, handler: StreamHandler): grpc.handleServerStreamingCall<unknown, unknown> {
    return (call) => {
      const served = this.open(call);
      void this.calls.run(name, served, async () => {
        try {
          await this.pump(call, handler(call.request, served.context), served.context.signal);
          call.end();
        } catch (error) {
          if (!call.cancelled) call.emit("error", toServiceError(this.calls.failure(name, error)));
        }
      });
    };
  }

  private async pump(call: grpc.ServerWritableStream<unknown, unknown>, messages: AsyncIterable<unknown>, signal: AbortSignal): Promise<void> {
    for await (const message of messages) {
      if (signal.aborted) throw signal.reason;
      if (!call.write(message)) await once(call, "drain", { signal });
    }
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
