export * from "./errors";
export * from "./config";
export * from "./logger";
export * from "./shutdown";
export { GrpcServer, type CallContext, type ServiceHandlers, type HandlersOf } from "./grpc/server";
export { createServiceClient, type ServiceClient, type ClientOf, type CallOptions, type ClientOptions } from "./grpc/client";
export { checkHealth } from "./grpc/health";
export * from "./service";
export { KeyedThrottle } from "./throttle";
