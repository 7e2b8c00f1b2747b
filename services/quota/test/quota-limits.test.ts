import { create } from "@bufbuild/protobuf";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { OwnerSchema, QuotaService } from "@qai/contracts";
import { InProcessEventBus } from "@qai/event-bus";
import { AppError, createLogger, createServiceClient, type ClientOf, type RunningService } from "@qai/platform";
import { openSqliteRecordStore, type RecordStore } from "@qai/record-store";
import { QuotaLedger, Reservations, nextRiyadhMidnight, startQuotaService } from "@qai/quota";
import { TRANSPORTS } from "../../../packages/platform/test/transports";

const guest = (id: string) => create(OwnerSchema, { kind: { case: "guestSessionId", value: id } });
const user = (id: string) => create(OwnerSchema, { kind: { case: "userId", value: id } });

describe("configurable limits, the per-IP guest cap and Riyadh days", () => {
  let store: RecordStore;
  beforeEach(async () => {
    store = await openSqliteRecordStore({ file: ":memory:" });
  });
  afterEach(() => store.close());

  it("computes the next Riyadh midnight (21:00 UTC)", () => {
    expect(nextRiyadhMidnight(new Date("2026-11-21T20:59:59Z")).toISOString()).toBe("2026-11-21T21:00:00.000Z");
    expect(nextRiyadhMidnight(new Date("2026-11-21T21:00:00Z")).toISOString()).toBe("2026-11-22T21:00:00.000Z");
    expect(nextRiyadhMidnight(new Date("2026-11-22T03:00:00Z")).toISOString()).toBe("2026-11-22T21:00:00.000Z");
  });

  it("tells users when their budget resets and starts a new day at Riyadh midnight", async () => {
    let now = new Date("2026-03-01T20:30:00Z"); // 23:30 in Riyadh
    const ledger = new QuotaLedger(store, { now: () => now, limits: { userDaily: 3 } });
    for (let i = 0; i < 3; i++) await ledger.reserve(user("u1"));
    const refused = (await ledger.reserve(user("u1")).catch((e: unknown) => e)) as AppError;
    expect(refused.code).toBe("resource_exhausted");
    expect(refused.messageFor("en")).toBe("You have reached your daily limit of 3 questions. You can continue tomorrow.");
    expect(refused.messageFor("ar")).toContain("3 سؤالًا");
    expect(refused.details).toMatchObject({ remainingQuestions: 0, questionLimit: 3, resetsAt: "2026-03-01T21:00:00.000Z" });
    expect(await ledger.remaining(user("u1"))).toEqual({ remainingQuestions: 0, questionLimit: 3, resetsAt: new Date("2026-03-01T21:00:00Z") });
    now = new Date("2026-03-01T20:59:59.999Z");
    await expect(ledger.reserve(user("u1"))).rejects.toMatchObject({ code: "resource_exhausted" });
    now = new Date("2026-03-01T21:00:00Z"); // 00:00 in Riyadh, still 1 March in UTC
    expect(await ledger.remaining(user("u1"))).toEqual({ remainingQuestions: 3, questionLimit: 3, resetsAt: new Date("2026-03-02T21:00:00Z") });
    expect((await ledger.reserve(user("u1"))).remainingQuestions).toBe(2);
  });

  it("uses the configured guest limit", async () => {
    const ledger = new QuotaLedger(store, { limits: { guest: 2 } });
    const { sessionId, questionLimit } = await ledger.createGuestSession();
    expect(questionLimit).toBe(2);
    await ledger.reserve(guest(sessionId));
    await ledger.reserve(guest(sessionId));
    await expect(ledger.reserve(guest(sessionId))).rejects.toMatchObject({ code: "resource_exhausted" });
    expect((await ledger.remaining(guest(sessionId))).resetsAt).toBeUndefined();
  });

  it("caps guests' questions per IP and day across guest sessions, refunds included", async () => {
    let now = new Date("2026-05-10T10:00:00Z");
    const ledger = new QuotaLedger(store, { now: () => now, limits: { guest: 5, guestIpDaily: 7 } });
    const first = await ledger.createGuestSession();
    const second = await ledger.createGuestSession();
    for (let i = 0; i < 5; i++) await ledger.reserve(guest(first.sessionId), "203.0.113.9");
    await ledger.reserve(guest(second.sessionId), "203.0.113.9");
    const last = await ledger.reserve(guest(second.sessionId), "203.0.113.9");
    const refused = (await ledger.reserve(guest(second.sessionId), "203.0.113.9").catch((e: unknown) => e)) as AppError;
    expect(refused.code).toBe("resource_exhausted");
    expect(refused.messageFor("en")).toMatch(/guest questions from your network/);
    expect(refused.messageFor("ar")).toMatch(/شبكتك/);
    // The session itself was not charged for the refused question.
    expect((await ledger.guestSession(second.sessionId)).questionsAsked).toBe(2);
    // Another address, and registered users, are not affected.
    await ledger.reserve(guest(second.sessionId), "198.51.100.1");
    await ledger.reserve(user("u1"), "203.0.113.9");
    // A refund gives the address its question back.
    await new Reservations(store).refund(last.reservationId);
    await ledger.reserve(guest(second.sessionId), "203.0.113.9");
    // A new Riyadh day opens the cap again.
    now = new Date("2026-05-10T21:00:00Z");
    const third = await ledger.createGuestSession();
    await ledger.reserve(guest(third.sessionId), "203.0.113.9");
  });

  it("stores no IP address in clear", async () => {
    const ledger = new QuotaLedger(store);
    const { sessionId } = await ledger.createGuestSession();
    await ledger.reserve(guest(sessionId), "203.0.113.77");
    const rows = await store.collection<{ id: string; ownerKey: string }>("question_counters", { indexes: ["ownerKey"] }).find({ limit: 100 });
    expect(JSON.stringify(rows.items)).not.toContain("203.0.113.77");
    expect(rows.items.some((row) => row.id.startsWith("ip:"))).toBe(true);
  });
});

describe.each(TRANSPORTS)("QuotaService over %s", (_transport, bindAddress) => {
  let service: RunningService;
  let client: ClientOf<typeof QuotaService>;
  let now = new Date("2026-01-01T12:00:00Z");

  beforeAll(async () => {
    const store = await openSqliteRecordStore({ file: ":memory:" });
    service = await startQuotaService({ store, bus: new InProcessEventBus(), logger: createLogger({ level: "silent" }), bindAddress, now: () => now, limits: { userDaily: 20 } });
    await service.ready;
    client = createServiceClient(QuotaService, service.address);
  });
  afterAll(async () => {
    client.close();
    await service.stop(100);
  });

  it("accepts exactly the remaining 5 of 20 simultaneous reservations", async () => {
    for (let i = 0; i < 15; i++) await client.reserve({ owner: user("racer") });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => client.reserve({ owner: user("racer") })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    const refusals = results.filter((r): r is PromiseRejectedResult => r.status === "rejected").map((r) => r.reason as AppError);
    expect(refusals).toHaveLength(15);
    expect(refusals.every((e) => e.code === "resource_exhausted")).toBe(true);
    const remaining = await client.getRemaining({ owner: user("racer") });
    expect(remaining.remainingQuestions).toBe(0);
    expect(timestampDate(remaining.resetsAt!).toISOString()).toBe("2026-01-01T21:00:00.000Z");
    now = new Date("2026-01-01T21:00:01Z");
    expect((await client.getRemaining({ owner: user("racer") })).remainingQuestions).toBe(20);
  });

  it("leaves resetsAt unset for guests", async () => {
    const { session } = await client.createGuestSession({});
    const remaining = await client.getRemaining({ owner: guest(session!.sessionId) });
    expect(remaining).toMatchObject({ remainingQuestions: 5, questionLimit: 5 });
    expect(remaining.resetsAt).toBeUndefined();
  });
});
