import { Router } from "express";
import { checkHealth } from "@qai/platform";
import type { GatewayDependencies } from "../dependencies";

/** /healthz: the process is up. /readyz: every backend reports SERVING (knowledge only once loaded) and auth answers. */
export function healthRoutes({ backends, authUrl }: GatewayDependencies, isShuttingDown: () => boolean): Router {
  const router = Router();
  router.get("/healthz", (_request, response) => {
    response.json({ status: "ok" });
  });
  router.get("/readyz", async (_request, response) => {
    const checks = await Promise.all([
      ...backends.map(async ({ name, address }) => [name, await checkHealth(address)] as const),
      ["auth", await authHealthy(authUrl)] as const,
    ]);
    const services = Object.fromEntries(checks.map(([name, ok]) => [name, ok ? "serving" : "not_serving"]));
    const ready = !isShuttingDown() && checks.every(([, ok]) => ok);
    response.status(ready ? 200 : 503).json({ status: ready ? "ready" : "not_ready", services });
  });
  return router;
}

/** The auth server is an HTTP service: its GoTrue-style /health answers 200 when it is up. */
async function authHealthy(authUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${authUrl}/auth/v1/health`, { signal: AbortSignal.timeout(1000) });
    return response.ok;
  } catch {
    return false;
  }
}
