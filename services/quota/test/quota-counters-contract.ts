import { randomUUID } from "node:crypto";
import type { CounterCharge, QuotaCounters } from "@qai/quota";
import { riyadhDay } from "@qai/quota";

/** Fresh, empty counters for one test, and how to let go of them. */
export interface CountersUnderTest {
  counters: QuotaCounters;
  close(): Promise<void>;
}

/**
 * The contract of the `QuotaCounters` port, run against every adapter. Days are real ones (today and
 * yesterday in Riyadh): Redis expires a daily counter at the real end of its day.
 */
export function testQuotaCounters(name: string, factory: () => Promise<CountersUnderTest>): void {
  describe(`QuotaCounters contract: ${name}`, () => {
    let under: CountersUnderTest | undefined;
    let counters: QuotaCounters;
    const today = riyadhDay(new Date());
    const yesterday = riyadhDay(new Date(Date.now() - 24 * 60 * 60 * 1000));
    const session = (limit = 5): CounterCharge => ({ id: `guest:${randomUUID()}`, ownerKey: "guest:s", limit });
    const ip = (limit = 50, day = today): CounterCharge => ({ id: `ip:abc:${day}`, ownerKey: "ip:abc", limit, day });

    beforeEach(async () => {
      under = undefined;
      under = await factory();
      counters = under.counters;
    });
    afterEach(() => under?.close());

    it("charges every counter once and reads them back; a counter never charged reads 0", async () => {
      const [a, b] = [session(), ip()];
      expect(await counters.reserve([a, b])).toEqual({ granted: true, used: [1, 1] });
      expect(await counters.reserve([a, b])).toEqual({ granted: true, used: [2, 2] });
      expect(await counters.read([a.id, b.id, "guest:never"])).toEqual([2, 2, 0]);
    });

    it("refuses at the limit and then charges none of the counters, naming the first one at its limit", async () => {
      const [a, b] = [session(2), ip(3)];
      await counters.reserve([a, b]);
      await counters.reserve([a, b]);
      expect(await counters.reserve([a, b])).toEqual({ granted: false, used: [2, 2], refused: 0 });
      expect(await counters.read([a.id, b.id])).toEqual([2, 2]);
      const other = session(5);
      await counters.reserve([other, b]);
      expect(await counters.reserve([other, b])).toEqual({ granted: false, used: [1, 3], refused: 1 });
      expect(await counters.read([other.id])).toEqual([1]);
    });

    it("gives a unit back per refund, never below 0, and leaves a counter never charged at 0", async () => {
      const [a, b] = [session(1), ip()];
      await counters.reserve([a, b]);
      expect(await counters.refund([a.id, b.id])).toEqual([0, 0]);
      expect(await counters.refund([a.id, "guest:never"])).toEqual([0, 0]);
      expect(await counters.read([a.id, b.id, "guest:never"])).toEqual([0, 0, 0]);
      expect((await counters.reserve([a])).granted).toBe(true);
    });

    it("grants exactly the limit to 200 concurrent reserves", async () => {
      const shared = session(20);
      const outcomes = await Promise.all(Array.from({ length: 200 }, () => counters.reserve([shared])));
      expect(outcomes.filter((outcome) => outcome.granted)).toHaveLength(20);
      expect(await counters.read([shared.id])).toEqual([20]);
    });

    it("never takes any counter past its limit when concurrent reserves share one of them", async () => {
      const sessions = Array.from({ length: 10 }, () => session(5));
      const address = ip(20);
      const outcomes = await Promise.all(Array.from({ length: 200 }, (_, i) => counters.reserve([sessions[i % 10]!, address])));
      expect(outcomes.filter((outcome) => outcome.granted)).toHaveLength(20);
      const used = await counters.read(sessions.map((s) => s.id));
      expect(used.reduce((sum, n) => sum + n, 0)).toBe(20);
      expect(Math.max(...used)).toBeLessThanOrEqual(5);
      expect(await counters.read([address.id])).toEqual([20]);
    });

    it("forgets an owner's counters except those kept, which stay charged but no longer the owner's", async () => {
      const charge = (id: string, ownerKey: string, day?: string): CounterCharge => ({ id, ownerKey, limit: 20, ...(day ? { day } : {}) });
      const kept = charge(`acct:x:${today}`, "user:alice", today);
      const old = charge(`user:alice:${yesterday}`, "user:alice", yesterday);
      const alice = charge(`user:alice:${today}`, "user:alice", today);
      const bob = charge(`user:bob:${today}`, "user:bob", today);
      for (const c of [kept, kept, alice, bob]) await counters.reserve([c]);
      await counters.reserve([old]);
      await counters.deleteOwner("user:alice", (id) => id === kept.id);
      expect(await counters.read([kept.id, alice.id, old.id, bob.id])).toEqual([2, 0, 0, 1]);
      await counters.deleteOwner("user:alice", () => false);
      expect(await counters.read([kept.id])).toEqual([2]);
      // A new account with the same e-mail takes the kept counter over.
      expect(await counters.reserve([charge(kept.id, "user:alice2", today)])).toEqual({ granted: true, used: [3] });
      await counters.deleteOwner("user:alice2", () => false);
      expect(await counters.read([kept.id])).toEqual([0]);
    });

    it("forgets ownerless counters once their day is over, not before", async () => {
      const current = { id: `acct:y:${today}`, ownerKey: "user:carol", limit: 20, day: today };
      const past = { id: `acct:y:${yesterday}`, ownerKey: "user:carol", limit: 20, day: yesterday };
      await counters.reserve([current]);
      await counters.reserve([past]);
      await counters.deleteOwner("user:carol", () => true);
      await counters.sweepDisowned(today);
      expect(await counters.read([current.id, past.id])).toEqual([1, 0]);
    });
  });
}
