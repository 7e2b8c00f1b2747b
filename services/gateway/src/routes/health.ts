import type { GatewayDependencies } from "../dependencies";
import { BackendHealth, type Backend } from "../http/backend-health";
import { ok, type JsonRead } from "../http/json-reads";

/**
 * /healthz: the process is up. /readyz: every backend reports SERVING (knowledge only once loaded)
 * and auth answers — from checks run in the background (`BackendHealth`), so a probe costs no call
 * and stays 200 while the process is busy streaming answers.
 */
export function healthReads(deps: GatewayDependencies, isShuttingDown: () => boolean): JsonRead[] {
  const health = deps.backendHealth ?? new BackendHealth(gatewayBackends(deps)).start();
  return [
    { path: "/healthz", answer: () => ok({ status: "ok" }) },
    {
      path: "/readyz",
      async answer() {
        const checks = await health.snapshot();
        const services = Object.fromEntries(checks.map(([name, serving]) => [name, serving ? "serving" : "not_serving"]));
        const ready = !isShuttingDown() && checks.every(([, serving]) => serving);
        return { status: ready ? 200 : 503, body: { status: ready ? "ready" : "not_ready", services } };
      },
    },
  ];
}

/** The gRPC backends, and the auth server (an HTTP service: its GoTrue-style /health answers 200 when up). */
export function gatewayBackends({ backends, authUrl }: Pick<GatewayDependencies, "backends" | "authUrl">): Backend[] {
  return [...backends, { name: "auth", check: () => authHealthy(authUrl) }];
}

async function authHealthy(authUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${authUrl}/auth/v1/health`, { signal: AbortSignal.timeout(1000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}
