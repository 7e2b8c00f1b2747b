import { setTimeout as sleep } from "node:timers/promises";
import { listening, realServer } from "../../../packages/platform/test/real-server";
import { inMemoryGatewayState, openRedisGatewayState, type GatewayState } from "../src";
import { REVOCATION_TOLERANCE_MS } from "../src/http/revoked-sessions";

const redis = realServer({
  what: "Redis",
  variable: "REDIS_URL",
  fallback: "redis://127.0.0.1:6379",
  script: "redis",
  answers: (url) => listening(new URL(url).hostname, Number(new URL(url).port || 6379)),
});

/** The same expectations for every kind of gateway state: what several gateways must agree on. */
function testGatewayState(name: string, open: () => Promise<GatewayState>, skipReason?: string) {
  const suite = skipReason ? describe.skip : describe;
  suite(`gateway state: ${name}${skipReason ? ` (skipped: ${skipReason})` : ""}`, () => {
    let state: GatewayState;
    const run = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
    beforeEach(async () => void (state = await open()));
    afterEach(() => state.close());

    it("refuses a revoked session's tokens, and every session of a user revoked as a whole, until they expire", async () => {
      const now = Date.now();
      await state.revocations.add({ userId: `u1-${run}`, sessionIds: [`s1-${run}`], allSessions: false, holdUntilMs: now + 60_000 });
      await state.revocations.add({ userId: `u2-${run}`, sessionIds: [], allSessions: true, holdUntilMs: now + 60_000 });
      expect(await state.revocations.isRevoked({ userId: `u1-${run}`, sessionId: `s1-${run}` })).toBe(true);
      expect(await state.revocations.isRevoked({ userId: `u1-${run}`, sessionId: `s2-${run}` })).toBe(false);
      expect(await state.revocations.isRevoked({ userId: `u2-${run}`, sessionId: `any-${run}` })).toBe(true);
      // Held until the tokens' expiry plus the clock tolerance; a shorter later hold does not shorten it.
      await state.revocations.add({ userId: `u3-${run}`, sessionIds: [`s3-${run}`], allSessions: false, holdUntilMs: now + 1_000 - REVOCATION_TOLERANCE_MS });
      await state.revocations.add({ userId: `u1-${run}`, sessionIds: [`s1-${run}`], allSessions: false, holdUntilMs: now - REVOCATION_TOLERANCE_MS });
      expect(await state.revocations.isRevoked({ userId: `u3-${run}`, sessionId: `s3-${run}` })).toBe(true);
      await sleep(1_300);
      expect(await state.revocations.isRevoked({ userId: `u3-${run}`, sessionId: `s3-${run}` })).toBe(false);
      expect(await state.revocations.isRevoked({ userId: `u1-${run}`, sessionId: `s1-${run}` })).toBe(true);
    });

    it("allows `limit` hits per key and window, then says how long to wait; keys and limiters are apart", async () => {
      const limiter = state.rateLimiter(`sessions-${run}`, 3, 1_000);
      const other = state.rateLimiter(`other-${run}`, 3, 1_000);
      expect(await Promise.all([1, 2, 3].map(() => limiter.hit("10.0.0.1")))).toEqual([0, 0, 0]);
      expect(await limiter.hit("10.0.0.1")).toBe(1);
      expect(await limiter.hit("10.0.0.2")).toBe(0);
      expect(await other.hit("10.0.0.1")).toBe(0);
      await sleep(1_200);
      expect(await limiter.hit("10.0.0.1")).toBe(0);
    });
  });
}

testGatewayState("in memory", async () => inMemoryGatewayState());
testGatewayState("redis", () => openRedisGatewayState(redis.at, `qai:test:gateway:`), redis.skipReason);

describe("gateway state in Redis, shared", () => {
  (redis.skipReason ? it.skip : it)(`two gateways see one another's revocations and count one window${redis.skipReason ? ` (skipped: ${redis.skipReason})` : ""}`, async () => {
    const [a, b] = await Promise.all([openRedisGatewayState(redis.at, "qai:test:shared:"), openRedisGatewayState(redis.at, "qai:test:shared:")]);
    try {
      const run = `${Date.now()}`;
      await a.revocations.add({ userId: `u-${run}`, sessionIds: [`s-${run}`], allSessions: false, holdUntilMs: Date.now() + 60_000 });
      expect(await b.revocations.isRevoked({ userId: `u-${run}`, sessionId: `s-${run}` })).toBe(true);
      const [limitA, limitB] = [a.rateLimiter(`g-${run}`, 2, 5_000), b.rateLimiter(`g-${run}`, 2, 5_000)];
      expect([await limitA.hit("ip"), await limitB.hit("ip"), await limitA.hit("ip")]).toEqual([0, 0, 5]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
