import { Router } from "express";
import type { GatewayDependencies } from "../dependencies";

/**
 * GET /api/chat/providers: every answer provider with whether it can answer now and, if not, why.
 * `[{ id, label, available, status: "available" | "unavailable", reason?, specialised? }]`; QAI-1.0
 * (qai-local) is the specialised legal model. A question naming an unavailable provider is answered
 * by qai-local, and the stream says so (`fallbackFrom`).
 */
export function providerRoutes({ chat }: GatewayDependencies): Router {
  const router = Router();
  router.get("/api/chat/providers", async (_request, response) => {
    const { providers } = await chat.listProviders({});
    response.json(
      providers.map((provider) => ({
        id: provider.id,
        label: provider.label,
        available: provider.available,
        status: provider.available ? "available" : "unavailable",
        ...(provider.available || !provider.reason ? {} : { reason: provider.reason }),
        ...(provider.specialised ? { specialised: true } : {}),
      })),
    );
  });
  return router;
}
