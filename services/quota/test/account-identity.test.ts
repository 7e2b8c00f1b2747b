import type { InProcessEventBus } from "@qai/event-bus";
import { openSqliteRecordStore, type RecordStore } from "@qai/record-store";
import { QuotaLedger, Reservations, accountKey } from "@qai/quota";
import { deletionHarness, guest, user, userDeleted as deleted, type DeletionHarness } from "./fixtures";

describe("a registered user's day follows the account's e-mail", () => {
  let harness: DeletionHarness;
  let store: RecordStore;
  let bus: InProcessEventBus;
  let now: Date;
  let ledger: QuotaLedger;
  beforeEach(async () => {
    now = new Date("2026-05-01T12:00:00Z");
    harness = await deletionHarness(() => now, { userDaily: 20 });
    ({ store, bus, ledger } = harness);
  });
  afterEach(() => harness.close());

  it("keeps the day's questions spent when the account is deleted and created again", async () => {
    for (let i = 0; i < 20; i++) await ledger.reserve({ owner: user("first-id"), accountEmail: "Sara@Example.com" });
    await bus.publish([deleted("first-id")]);
    // The same address signs up again (any case, stray spaces): a new user id, the same day.
    expect((await ledger.remaining(user("second-id"), " sara@example.COM ")).remainingQuestions).toBe(0);
    await expect(ledger.reserve({ owner: user("second-id"), accountEmail: "sara@example.com" })).rejects.toMatchObject({ code: "resource_exhausted" });
    // Another address is another budget; the next Saudi day starts again.
    expect((await ledger.remaining(user("third-id"), "other@example.com")).remainingQuestions).toBe(20);
    now = new Date("2026-05-01T21:00:00Z");
    expect((await ledger.reserve({ owner: user("second-id"), accountEmail: "sara@example.com" })).remainingQuestions).toBe(19);
  });

  it("never exceeds the day's limit across 200 concurrent reservations spanning a deletion", async () => {
    const email = "busy@example.com";
    const first = Array.from({ length: 100 }, () => ledger.reserve({ owner: user("a"), accountEmail: email }).then(() => 1, () => 0));
    const deletion = bus.publish([deleted("a")]);
    const second = Array.from({ length: 100 }, () => ledger.reserve({ owner: user("b"), accountEmail: email }).then(() => 1, () => 0));
    const granted = (await Promise.all([...first, ...second])).reduce((sum: number, n) => sum + n, 0);
    await deletion;
    expect(granted).toBe(20);
    expect((await ledger.remaining(user("b"), email)).remainingQuestions).toBe(0);
  });

  it("stores only a hash of the address, and forgets a deleted account's counter once its day is over", async () => {
    await ledger.reserve({ owner: user("a"), accountEmail: "gone@example.com" });
    await bus.publish([deleted("a")]);
    const rows = async () => (await store.collection<{ id: string; ownerKey: string }>("question_counters").find()).items;
    expect(JSON.stringify(await rows())).not.toMatch(/gone|example/);
    expect((await rows()).map((row) => [row.id.startsWith(accountKey("gone@example.com")!), row.ownerKey])).toEqual([[true, "deleted"]]);
    const reservations = new Reservations(store, () => now);
    await reservations.reconcile();
    expect(await rows()).toHaveLength(1);
    now = new Date("2026-05-02T21:00:00Z");
    await reservations.reconcile();
    expect(await rows()).toHaveLength(0);
  });

  it("counts by user id when the token carries no e-mail", async () => {
    await ledger.reserve({ owner: user("a") });
    expect((await ledger.remaining(user("a"))).remainingQuestions).toBe(19);
    expect(accountKey("")).toBeUndefined();
  });
});

describe("guest sessions", () => {
  it("stores nothing until a session's first question", async () => {
    const store = await openSqliteRecordStore({ file: ":memory:" });
    const ledger = new QuotaLedger(store, { now: () => new Date("2026-05-01T12:00:00Z") });
    const sessions = await Promise.all(Array.from({ length: 50 }, () => ledger.createGuestSession()));
    expect(new Set(sessions.map((s) => s.sessionId)).size).toBe(50);
    expect(await store.collection("guest_sessions").count()).toBe(0);
    const status = await ledger.guestSession(sessions[0]!.sessionId);
    expect(status).toMatchObject({ questionsAsked: 0, remainingQuestions: 5, createdAt: new Date("2026-05-01T12:00:00Z") });
    await ledger.reserve({ owner: guest(sessions[0]!.sessionId) });
    expect(await store.collection("guest_sessions").count()).toBe(1);
    expect((await ledger.guestSession(sessions[0]!.sessionId)).questionsAsked).toBe(1);
    await store.close();
  });
});
