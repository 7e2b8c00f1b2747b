import * as grpc from "@grpc/grpc-js";
import type { GenService } from "@bufbuild/protobuf/codegenv2";
import { AppError } from "../errors";
import { REQUEST_ID_HEADER, currentRequestContext } from "../logger";
import { deserializer, methodPath, assertSupported, serializer, type InputInit, type Methods, type Output } from "./definition";
import { messageSizeOptions } from "./server";
import { fromServiceError, isServiceError } from "./status";
import { isInProcessAddress, streamAt, unaryAt } from "./in-process";

export interface CallOptions {
  /** Aborting cancels the call (the server's handler sees its signal abort). */
  signal?: AbortSignal;
  /** Deadline in milliseconds from now; defaults to the client's `timeoutMs`. */
  timeoutMs?: number;
}

type ClientMethod<M extends Methods[string]> = M["methodKind"] extends "server_streaming"
  ? (request: InputInit<M>, options?: CallOptions) => AsyncIterable<Output<M>>
  : (request: InputInit<M>, options?: CallOptions) => Promise<Output<M>>;

/** A typed client: one method per RPC; server streams are async iterables. */
export type ServiceClient<S extends Methods> = { [K in keyof S]: ClientMethod<S[K]> } & { close(): void };

export interface ClientOptions {
  /** Default deadline for unary calls (ms). Streams have none unless a call sets one. */
  timeoutMs?: number;
  /** Largest response message accepted, in bytes (gRPC's default: 4 MiB). */
  maxReceiveMessageBytes?: number;
  /** Largest request message sent, in bytes (gRPC's default: unlimited). */
  maxSendMessageBytes?: number;
}

/**
 * A client of the server at `address`: host:port over gRPC, or "in-process:…" (the address a server
 * serving with `listenInProcess` reports) by direct calls, where the message size limits do not apply.
 */
export function createServiceClient<S extends Methods>(service: GenService<S>, address: string, options: ClientOptions = {}): ServiceClient<S> {
  if (isInProcessAddress(address)) return inProcessClient(service, address, options);
  const client = new grpc.Client(address, grpc.credentials.createInsecure(), messageSizeOptions(options.maxReceiveMessageBytes, options.maxSendMessageBytes));
  const unaryTimeout = options.timeoutMs ?? 10_000;
  const methods: Record<string, unknown> = { close: () => client.close() };
  for (const method of service.methods) {
    assertSupported(method);
    const target: Target = { client, path: methodPath(method), serialize: serializer(method.input) as Target["serialize"], deserialize: deserializer(method.output) };
    methods[method.localName] =
      method.methodKind === "server_streaming"
        ? (request: unknown, call: CallOptions = {}) => streamCall(target, request, call, outgoingMetadata())
        : (request: unknown, call: CallOptions = {}) => unaryCall(target, request, { ...call, timeoutMs: call.timeoutMs ?? unaryTimeout });
  }
  return methods as ServiceClient<S>;
}

function inProcessClient<S extends Methods>(service: GenService<S>, address: string, options: ClientOptions): ServiceClient<S> {
  const unaryTimeout = options.timeoutMs ?? 10_000;
  const methods: Record<string, unknown> = { close: () => undefined };
  for (const method of service.methods) {
    assertSupported(method);
    methods[method.localName] =
      method.methodKind === "server_streaming"
        ? (request: unknown, call: CallOptions = {}) => streamAt(address, method, request, call, currentRequestContext()?.requestId)
        : (request: unknown, call: CallOptions = {}) => unaryAt(address, method, request, { ...call, timeoutMs: call.timeoutMs ?? unaryTimeout });
  }
  return methods as ServiceClient<S>;
}

/** One RPC of one server. */
interface Target {
  client: grpc.Client;
  path: string;
  serialize: (value: unknown) => Buffer;
  deserialize: (bytes: Buffer) => unknown;
}

/** The caller's request id travels as metadata (read when the call is made, streams included). */
function outgoingMetadata(): grpc.Metadata {
  const metadata = new grpc.Metadata();
  const context = currentRequestContext();
  if (context) metadata.set(REQUEST_ID_HEADER, context.requestId);
  return metadata;
}

function callOptions(options: CallOptions): grpc.CallOptions {
  return options.timeoutMs ? { deadline: Date.now() + options.timeoutMs } : {};
}

function toError(error: unknown): unknown {
  return isServiceError(error) ? fromServiceError(error) : error;
}

function unaryCall({ client, path, serialize, deserialize }: Target, request: unknown, options: CallOptions): Promise<unknown> {
  if (options.signal?.aborted) return Promise.reject(new AppError("cancelled", "call cancelled"));
  return new Promise((resolve, reject) => {
    const cancel = () => call.cancel();
    const call = client.makeUnaryRequest(path, serialize, deserialize, request, outgoingMetadata(), callOptions(options), (error, response) => {
      options.signal?.removeEventListener("abort", cancel);
      if (error) reject(toError(error));
      else resolve(response);
    });
    options.signal?.addEventListener("abort", cancel, { once: true });
  });
}

async function* streamCall({ client, path, serialize, deserialize }: Target, request: unknown, options: CallOptions, metadata: grpc.Metadata): AsyncGenerator<unknown> {
  if (options.signal?.aborted) throw new AppError("cancelled", "call cancelled");
  const call = client.makeServerStreamRequest(path, serialize, deserialize, request, metadata, callOptions(options));
  const cancel = () => call.cancel();
  options.signal?.addEventListener("abort", cancel, { once: true });
  try {
    for await (const message of call) yield message;
  } catch (error) {
    throw toError(error);
  } finally {
    options.signal?.removeEventListener("abort", cancel);
    // Leaving the loop early (break, return, throw in the consumer) cancels the call.
    call.cancel();
  }
}

/** The client type of a generated service: `ClientOf<typeof ChatService>`. */
export type ClientOf<T> = T extends GenService<infer S> ? ServiceClient<S> : never;
