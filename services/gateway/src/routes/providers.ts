import type { GatewayDependencies } from "../dependencies";
import { ok, type JsonRead } from "../http/json-reads";

/**
 * GET /api/chat/providers: every answer provider with whether it can answer now and, if not, why.
 * `[{ id, label, available, status: "available" | "unavailable", reason?, specialised? }]`; QAI-1.0
 * (qai-local) is the specialised legal model. A question naming an unavailable provider is answered
 * by qai-local, and the stream says so (`fallbackFrom`).
 */
export function providerReads({ chat }: GatewayDependencies): JsonRead[] {
  return [
    {
      path: "/api/chat/providers",
      async answer() {
        const { providers } = await chat.listProviders({});
        return ok(
          providers.map((provider) => ({
            id: provider.id,
            label: provider.label,
            available: provider.available,
            status: provider.available ? "available" : "unavailable",
            ...(provider.available || !provider.reason ? {} : { reason: provider.reason }),
            ...(provider.specialised ? { specialised: true } : {}),
          })),
        );
      },
    },
  ];
}
