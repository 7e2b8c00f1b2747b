import * as grpc from "@grpc/grpc-js";
import { service as healthService } from "grpc-health-check";
import { isInProcessAddress, localServerAt } from "./in-process";

const HealthClient = grpc.makeGenericClientConstructor(healthService as unknown as grpc.ServiceDefinition, "Health");

/** Asks a server's grpc.health.v1 whether `service` ("" for the whole server) is serving. */
export async function checkHealth(address: string, service = "", timeoutMs = 1000): Promise<boolean> {
  if (isInProcessAddress(address)) return localServerAt(address)?.isServing(service) ?? false;
  const client = new HealthClient(address, grpc.credentials.createInsecure());
  try {
    const response = await new Promise<{ status?: unknown }>((resolve, reject) => {
      (client as unknown as HealthCheck).check({ service }, { deadline: Date.now() + timeoutMs }, (error, reply) =>
        error ? reject(error) : resolve(reply),
      );
    });
    return response.status === "SERVING" || response.status === 1;
  } catch {
    return false;
  } finally {
    client.close();
  }
}

interface HealthCheck {
  check(request: { service: string }, options: grpc.CallOptions, callback: (error: grpc.ServiceError | null, reply: { status?: unknown }) => void): void;
}
