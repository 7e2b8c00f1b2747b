import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { openSqliteRecordStore } from "@qai/record-store";
import { QuotaLedger, RedisQuotaCounters, Reservations, accountKey, openQuotaCounters, riyadhDay, riyadhDayEnd } from "@qai/quota";
import { guest, user } from "./fixtures";
import { testQuotaCounters } from "./quota-counters-contract";
import { redisUrl } from "./real-redis";

const { url, skipReason } = redisUrl();

/** Counters under a prefix of their own, whose keys are deleted afterwards. */
async function isolated(): Promise<{ counters: RedisQuotaCounters; raw: Redis; prefix: string; close(): Promise<void> }> {
  const prefix = `qai:test:${randomUUID()}:`;
  const counters = await RedisQuotaCounters.open(url, { prefix });
  const raw = new Redis(url);
  return {
    counters,
    raw,
    prefix,
    async close() {
      const keys = await raw.keys(`${prefix}*`);
      if (keys.length > 0) await raw.del(...keys);
      await raw.quit();
      await counters.close();
    },
  };
}

if (skipReason) {
  describe("QuotaCounters contract: redis", () => {
    it.skip(`skipped: ${skipReason}`, () => undefined);
  });
} else {
  testQuotaCounters(`redis (${url})`, isolated);

  describe("RedisQuotaCounters", () => {
    it("expires a daily counter and its owner's set at the Riyadh midnight that ends its day (21:00 UTC)", async () => {
      const { counters, raw, prefix, close } = await isolated();
      try {
        const day = riyadhDay(new Date());
        await counters.reserve([{ id: `user:u:${day}`, ownerKey: "user:u", limit: 20, day }]);
        const end = riyadhDayEnd(day).getTime();
        expect(end % (24 * 60 * 60 * 1000)).toBe(21 * 60 * 60 * 1000);
        expect(await raw.pexpiretime(`${prefix}counter:user:u:${day}`)).toBe(end);
        expect(await raw.pexpiretime(`${prefix}owner:user:u`)).toBe(end);
        await counters.reserve([{ id: "guest:g", ownerKey: "guest:g", limit: 5 }]);
        expect(await raw.pexpiretime(`${prefix}counter:guest:g`)).toBe(-1);
      } finally {
        await close();
      }
    });

    it("keeps the reservation ledger in the record store: refund, reconciliation and the per-IP cap", async () => {
      const { counters, close } = await isolated();
      const store = await openSqliteRecordStore({ file: ":memory:" });
      let now = new Date();
      const ledger = new QuotaLedger(store, { now: () => now, counters, limits: { guest: 3, guestIpDaily: 4 } });
      const reservations = new Reservations(store, () => now, counters);
      try {
        const first = await ledger.createGuestSession();
        const second = await ledger.createGuestSession();
        const held = [];
        for (let i = 0; i < 3; i++) held.push(await ledger.reserve(guest(first.sessionId), "203.0.113.9"));
        await expect(ledger.reserve(guest(first.sessionId), "203.0.113.9")).rejects.toMatchObject({ code: "resource_exhausted" });
        await ledger.reserve(guest(second.sessionId), "203.0.113.9");
        const refused = await ledger.reserve(guest(second.sessionId), "203.0.113.9").catch((e: unknown) => e);
        expect(refused).toMatchObject({ code: "resource_exhausted", message: expect.stringMatching(/daily cap of 4/) as unknown });
        expect((await ledger.guestSession(second.sessionId)).questionsAsked).toBe(1);
        expect(await store.collection("reservations").count()).toBe(4);
        // A refund gives the session and the address their question back, once.
        expect(await reservations.refund(held[0]!.reservationId)).toBe(1);
        expect(await reservations.refund(held[0]!.reservationId)).toBe(1);
        await ledger.reserve(guest(second.sessionId), "203.0.113.9");
        // A reservation nobody settled is released once older than the lease.
        now = new Date(now.getTime() + 11 * 60_000);
        expect(await reservations.reconcile()).toEqual({ released: 4, refunded: 0 });
        expect((await ledger.guestSession(first.sessionId)).questionsAsked).toBe(0);
        expect(await store.collection("question_counters").count()).toBe(0);
      } finally {
        await store.close();
        await close();
      }
    });

    it("records exactly the granted reservations when 200 reserve at once: a refusal leaves none behind", async () => {
      const { counters, close } = await isolated();
      const store = await openSqliteRecordStore({ file: ":memory:" });
      const ledger = new QuotaLedger(store, { counters, limits: { userDaily: 20 } });
      try {
        const outcomes = await Promise.allSettled(Array.from({ length: 200 }, () => ledger.reserve({ owner: user("busy"), accountEmail: "busy@example.com" })));
        expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(20);
        expect(outcomes.filter((outcome) => outcome.status === "rejected").every((outcome) => (outcome.reason as { code?: string }).code === "resource_exhausted")).toBe(true);
        expect(await store.collection("reservations").count()).toBe(20);
        expect((await ledger.remaining(user("busy"), "busy@example.com")).remainingQuestions).toBe(0);
      } finally {
        await store.close();
        await close();
      }
    });

    it("keeps a deleted account's e-mail counter for the rest of the day and forgets its other counters", async () => {
      const { counters, raw, prefix, close } = await isolated();
      const store = await openSqliteRecordStore({ file: ":memory:" });
      const ledger = new QuotaLedger(store, { counters, limits: { userDaily: 2 } });
      try {
        await ledger.reserve({ owner: user("a"), accountEmail: "a@example.com" });
        await ledger.reserve(user("a"));
        await counters.deleteOwner("user:a", (id) => id.startsWith("acct:"));
        expect((await ledger.remaining(user("b"), "a@example.com")).remainingQuestions).toBe(1);
        expect((await ledger.remaining(user("a"))).remainingQuestions).toBe(2);
        expect(await raw.keys(`${prefix}*`)).toEqual([`${prefix}counter:${accountKey("a@example.com")}:${riyadhDay(new Date())}`]);
      } finally {
        await store.close();
        await close();
      }
    });
  });

  describe("openQuotaCounters", () => {
    it("opens Redis for a redis:// URL, and names QUOTA_STORE_URL when the URL is bad or nothing answers", async () => {
      const store = await openSqliteRecordStore({ file: ":memory:" });
      const counters = await openQuotaCounters(url, store);
      expect(counters).toBeInstanceOf(RedisQuotaCounters);
      await counters.close();
      await expect(openQuotaCounters("mongodb://127.0.0.1", store)).rejects.toThrow(/^QUOTA_STORE_URL must be "sqlite" or a redis:\/\//);
      await expect(openQuotaCounters("redis://user:secret@127.0.0.1:1", store)).rejects.toThrow(/^QUOTA_STORE_URL: no Redis answers at redis:\/\/user:\*\*\*@127\.0\.0\.1:1/);
      await store.close();
    });
  });
}
