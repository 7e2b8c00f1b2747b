import { createLogger } from "@qai/platform";
import { createGatewayApp, type GatewayApp } from "../src/app";
import type { GatewayDependencies } from "../src/dependencies";

/** The gateway with only the services a test passes (as fakes): the rest of its dependencies are inert. */
export function bareGateway(services: Record<string, unknown> = {}): GatewayApp {
  const deps = {
    logger: createLogger({ level: "silent" }),
    cookieSecret: "x".repeat(32),
    authUrl: "http://127.0.0.1:9",
    backends: [],
    heartbeatMs: 15_000,
    secureCookies: false,
    ...services,
  } as unknown as GatewayDependencies;
  return createGatewayApp(deps);
}
