import type { ServiceDefinition } from "@grpc/grpc-js";
import { create, fromBinary, toBinary, type DescMessage, type DescMethod, type DescService, type MessageInitShape, type MessageShape } from "@bufbuild/protobuf";
import type { GenServiceMethods } from "@bufbuild/protobuf/codegenv2";

/** The methods of a generated service, keyed by their local (camelCase) name. */
export type Methods = GenServiceMethods;
export type Input<M extends Methods[string]> = MessageShape<M["input"]>;
export type InputInit<M extends Methods[string]> = MessageInitShape<M["input"]>;
export type Output<M extends Methods[string]> = MessageShape<M["output"]>;
export type OutputInit<M extends Methods[string]> = MessageInitShape<M["output"]>;

export function methodPath(method: DescMethod): string {
  return `/${method.parent.typeName}/${method.name}`;
}

export function serializer<D extends DescMessage>(schema: D) {
  return (message: MessageInitShape<D>): Buffer => Buffer.from(toBinary(schema, create(schema, message)));
}

export function deserializer<D extends DescMessage>(schema: D) {
  return (bytes: Buffer): MessageShape<D> => fromBinary(schema, bytes);
}

/** The only method kinds the bridge supports. */
export function assertSupported(method: DescMethod): void {
  if (method.methodKind !== "unary" && method.methodKind !== "server_streaming") {
    throw new Error(`${methodPath(method)}: ${method.methodKind} methods are not supported`);
  }
}

/** A grpc-js service definition built from a protobuf-es service descriptor. */
export function grpcServiceDefinition(service: DescService): ServiceDefinition {
  const definition: Record<string, ServiceDefinition[string]> = {};
  for (const method of service.methods) {
    assertSupported(method);
    definition[method.localName] = {
      path: methodPath(method),
      requestStream: false,
      responseStream: method.methodKind === "server_streaming",
      requestSerialize: serializer(method.input),
      requestDeserialize: deserializer(method.input),
      responseSerialize: serializer(method.output),
      responseDeserialize: deserializer(method.output),
    };
  }
  return definition;
}
