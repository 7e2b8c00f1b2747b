import type { Logger } from "pino";
import { z } from "zod";
import { ConfigError, env, loadConfig } from "./config";
import { createLogger } from "./logger";
import { Shutdown } from "./shutdown";
import type { GrpcServer } from "./grpc/server";
import { isInProcessAddress } from "./grpc/in-process";

/** A started service: where it listens and how to stop it. */
export interface RunningService {
  name: string;
  /** host:port of its gRPC server, or its "in-process:…" address (served to callers in this process). */
  address: string;
  /** Settles when the service is ready to serve (e.g. its data is loaded); rejects if it cannot be. */
  ready: Promise<void>;
  /** Stops accepting calls, lets in-flight ones finish for up to `graceMs`, then closes its stores. */
  stop(graceMs: number): Promise<void>;
}

/**
 * Binds `server` on `bindAddress` ("127.0.0.1:0" picks a free port; "in-process:<name>" serves callers
 * in this process by direct calls, see `inProcessAddress`) and marks it serving once ready.
 */
export async function serveGrpc(
  name: string,
  server: GrpcServer,
  bindAddress: string,
  close: () => Promise<void>,
  ready: Promise<void> = Promise.resolve(),
): Promise<RunningService> {
  const address = isInProcessAddress(bindAddress) ? server.listenInProcess(bindAddress) : await listenAt(server, bindAddress);
  // Health reports SERVING only once the service is ready.
  const serving = ready.then(() => server.setServing(true));
  return {
    name,
    ready: serving,
    address,
    async stop(graceMs) {
      await server.shutdown(graceMs);
      await close();
    },
  };
}

/** Binds a gRPC port; the address callers on this machine use. */
async function listenAt(server: GrpcServer, bindAddress: string): Promise<string> {
  const port = await server.listen(bindAddress);
  const host = bindAddress.slice(0, bindAddress.lastIndexOf(":"));
  return `${host === "0.0.0.0" || host === "[::]" ? "127.0.0.1" : host}:${port}`;
}

/** Variables every standalone service reads. */
export const serviceEnv = {
  GRPC_PORT: env.port(50051),
  DATA_DIR: z.string().default("./.data"),
  LOG_LEVEL: env.logLevel(),
};

/**
 * Runs one service as its own process (the distributed mode): reads its configuration, starts it,
 * and stops it gracefully on SIGTERM. A configuration error ends the process with its message.
 */
export async function runStandalone<S extends z.ZodObject>(
  name: string,
  schema: S,
  start: (config: z.infer<S>, logger: Logger) => Promise<RunningService>,
): Promise<void> {
  let config: z.infer<S>;
  try {
    config = loadConfig(schema);
  } catch (error) {
    process.stderr.write(`${name}: ${(error as Error).message}\n`);
    process.exit(78);
  }
  const logger = createLogger({ service: name, level: (config as { LOG_LEVEL?: string }).LOG_LEVEL });
  let service: RunningService;
  try {
    service = await start(config, logger);
  } catch (error) {
    // An adapter that cannot be used (see `openAdapter`) is a configuration error too.
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${name}: ${error.message}\n`);
    process.exit(78);
  }
  logger.info({ address: service.address }, "listening");
  const shutdown = new Shutdown(logger);
  shutdown.add(name, () => service.stop(5000));
  shutdown.listen();
  await service.ready.catch(async (error: unknown) => {
    logger.fatal({ err: error }, "could not get ready");
    await shutdown.run().catch(() => undefined);
    process.exit(1);
  });
  logger.info("ready");
}
