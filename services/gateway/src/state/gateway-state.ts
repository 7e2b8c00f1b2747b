import { InMemoryRateLimiter, type RateLimiter } from "../http/rate-limit";
import { InMemoryRevocationList, type RevocationList } from "../http/revoked-sessions";

/**
 * What gateways must agree on when several run: the revoked sessions and the rate-limit counters.
 * In memory for one gateway (the embedded default); in Redis (`redis-state.ts`) for several.
 */
export interface GatewayState {
  revocations: RevocationList;
  /** A limiter named `name` (its counters are apart from other limiters'). */
  rateLimiter(name: string, limit: number, windowMs: number): RateLimiter;
  close(): Promise<void>;
}

export function inMemoryGatewayState(): GatewayState {
  return {
    revocations: new InMemoryRevocationList(),
    rateLimiter: (_name, limit, windowMs) => new InMemoryRateLimiter(limit, windowMs),
    close: async () => undefined,
  };
}
