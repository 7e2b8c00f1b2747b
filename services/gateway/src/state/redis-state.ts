import type { Redis } from "ioredis";
import { connectRedis } from "@qai/platform";
import type { RateLimiter } from "../http/rate-limit";
import { REVOCATION_TOLERANCE_MS, type Revocation, type RevocationList } from "../http/revoked-sessions";
import type { GatewayState } from "./gateway-state";

/** One fixed window per key: the first hit starts it (and its expiry); returns the hits and the ms left. */
const HIT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {hits, redis.call('PTTL', KEYS[1])}
`;

interface Scripts {
  rateHit(key: string, windowMs: number): Promise<[number, number]>;
}

/**
 * The gateways' shared state in one Redis server: `<prefix>revoked:session:<id>` / `revoked:user:<id>`
 * exist until the tokens they concern have expired (an expiry only ever moves later), and
 * `<prefix>rate:<name>:<key>` counts one window's hits.
 */
export async function openRedisGatewayState(url: string, prefix = "qai:gateway:"): Promise<GatewayState> {
  const redis = (await connectRedis(url)) as Redis & Scripts;
  redis.defineCommand("rateHit", { numberOfKeys: 1, lua: HIT });
  const revocations: RevocationList = {
    async add({ userId, sessionIds, allSessions, holdUntilMs }: Revocation) {
      const until = holdUntilMs + REVOCATION_TOLERANCE_MS;
      const keys = [...sessionIds.map((id) => `${prefix}revoked:session:${id}`), ...(allSessions ? [`${prefix}revoked:user:${userId}`] : [])];
      const batch = redis.multi();
      for (const key of keys) batch.set(key, "1", "PXAT", until, "NX").pexpireat(key, until, "GT");
      await batch.exec();
    },
    async isRevoked({ userId, sessionId }) {
      return (await redis.exists(`${prefix}revoked:session:${sessionId}`, `${prefix}revoked:user:${userId}`)) > 0;
    },
  };
  return {
    revocations,
    rateLimiter: (name: string, limit: number, windowMs: number): RateLimiter => ({
      limit,
      windowMs,
      async hit(key: string) {
        const [hits, leftMs] = await redis.rateHit(`${prefix}rate:${name}:${key}`, windowMs);
        return hits > limit ? Math.max(1, Math.ceil(leftMs / 1000)) : 0;
      },
    }),
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
