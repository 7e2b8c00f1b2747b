import { Router } from "express";
import { checkHealth } from "@qai/platform";
import type { GatewayDependencies } from "../dependencies";

/** /healthz: the process is up. /readyz: every backend reports SERVING (knowledge only once loaded). */
export function healthRoutes({ backends }: GatewayDependencies, isShuttingDown: () => boolean): Router {
  const router = Router();
  router.get("/healthz", (_request, response) => {
    response.json({ status: "ok" });
  });
  router.get("/readyz", async (_request, response) => {
    const checks = await Promise.all(backends.map(async ({ name, address }) => [name, await checkHealth(address)] as const));
    const services = Object.fromEntries(checks.map(([name, ok]) => [name, ok ? "serving" : "not_serving"]));
    const ready = !isShuttingDown() && checks.every(([, ok]) => ok);
    response.status(ready ? 200 : 503).json({ status: ready ? "ready" : "not_ready", services });
  });
  return router;
}
