import { create } from "@bufbuild/protobuf";
import { OwnerSchema } from "@qai/contracts";
import { AppError } from "@qai/platform";
import { openSqliteRecordStore, type RecordStore } from "@qai/record-store";
import { QuotaLedger, Reservations } from "@qai/quota";

const guest = (id: string) => create(OwnerSchema, { kind: { case: "guestSessionId", value: id } });
const user = (id: string) => create(OwnerSchema, { kind: { case: "userId", value: id } });

describe("QuotaLedger", () => {
  let store: RecordStore;
  beforeEach(async () => {
    store = await openSqliteRecordStore({ file: ":memory:" });
  });
  afterEach(() => store.close());

  it("gives a guest session 5 questions, then refuses with a message in both languages", async () => {
    const ledger = new QuotaLedger(store);
    const { sessionId, remainingQuestions } = await ledger.createGuestSession();
    expect(remainingQuestions).toBe(5);
    const remaining: number[] = [];
    for (let i = 0; i < 5; i++) remaining.push((await ledger.reserve(guest(sessionId))).remainingQuestions);
    expect(remaining).toEqual([4, 3, 2, 1, 0]);
    const refused = (await ledger.reserve(guest(sessionId)).catch((e: unknown) => e)) as AppError;
    expect(refused.code).toBe("resource_exhausted");
    expect(refused.details).toEqual({ remainingQuestions: 0, questionLimit: 5 });
    expect(refused.messageFor("en")).toMatch(/free questions/);
    expect(refused.messageFor("ar")).toMatch(/أسئلتك المجانية/);
    expect((await ledger.guestSession(sessionId)).questionsAsked).toBe(5);
  });

  it("never spends more than the limit under concurrent reservations", async () => {
    const ledger = new QuotaLedger(store);
    const { sessionId } = await ledger.createGuestSession();
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => ledger.reserve(guest(sessionId))));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    expect((await ledger.guestSession(sessionId)).remainingQuestions).toBe(0);
  });

  it("refunds a reservation once", async () => {
    const ledger = new QuotaLedger(store);
    const { sessionId } = await ledger.createGuestSession();
    const { reservationId } = await ledger.reserve(guest(sessionId));
    const reservations = new Reservations(store);
    expect(await reservations.refund(reservationId)).toBe(5);
    expect(await reservations.refund(reservationId)).toBe(5);
    expect((await ledger.guestSession(sessionId)).questionsAsked).toBe(0);
  });

  it("reads a guest session's status from its id and counter, and an older id's record from the store", async () => {
    const createdAt = new Date("2026-11-20T08:00:00Z");
    const ledger = new QuotaLedger(store, { now: () => createdAt });
    const { sessionId } = await ledger.createGuestSession();
    await ledger.reserve(guest(sessionId));
    const sessions = store.collection<{ id: string; createdAt: string }>("guest_sessions");
    expect(await sessions.get(sessionId)).toEqual({ id: sessionId, createdAt: createdAt.toISOString() });
    expect(await ledger.guestSession(sessionId)).toMatchObject({ sessionId, createdAt, questionsAsked: 1, remainingQuestions: 4 });
    // A session stored before its id carried its creation time.
    await sessions.put({ id: "legacy-session", createdAt: "2025-01-01T00:00:00.000Z" });
    expect(await ledger.guestSession("legacy-session")).toMatchObject({ sessionId: "legacy-session", createdAt: new Date("2025-01-01T00:00:00Z"), questionsAsked: 0 });
    await expect(ledger.guestSession("unknown-session")).rejects.toMatchObject({ code: "unauthenticated" });
  });

  it("refuses an unknown guest session", async () => {
    const error = (await new QuotaLedger(store).reserve(guest("nope")).catch((e: unknown) => e)) as AppError;
    expect(error.code).toBe("unauthenticated");
  });

  it("gives registered users 20 questions per Saudi day", async () => {
    let now = new Date("2026-11-21T20:00:00Z"); // 23:00 in Riyadh
    const ledger = new QuotaLedger(store, { now: () => now });
    for (let i = 0; i < 20; i++) await ledger.reserve(user("u1"));
    await expect(ledger.reserve(user("u1"))).rejects.toMatchObject({ code: "resource_exhausted" });
    expect(await ledger.remaining(user("u2"))).toEqual({ remainingQuestions: 20, questionLimit: 20, resetsAt: new Date("2026-11-21T21:00:00Z") });
    now = new Date("2026-11-21T21:00:00Z"); // midnight in Riyadh: a new day
    expect((await ledger.reserve(user("u1"))).remainingQuestions).toBe(19);
  });
});
