import { QuotaService } from "@qai/contracts";
import { InProcessEventBus } from "@qai/event-bus";
import { createLogger, createServiceClient } from "@qai/platform";
import { openSqliteRecordStore, type RecordStore } from "@qai/record-store";
import { QuotaLedger, Reservations, startQuotaService } from "@qai/quota";
import { deletionHarness, guest, user, userDeleted, type DeletionHarness } from "./fixtures";
import { TRANSPORTS } from "../../../packages/platform/test/transports";

describe("quota: accounts.user.v1 DELETED", () => {
  let harness: DeletionHarness;
  let store: RecordStore;
  let bus: InProcessEventBus;
  let now: Date;
  let ledger: QuotaLedger;

  beforeEach(async () => {
    now = new Date("2026-11-20T09:00:00Z");
    harness = await deletionHarness(() => now);
    ({ store, bus, ledger } = harness);
  });
  afterEach(() => harness.close());

  const remaining = async (owner: ReturnType<typeof user>) => (await ledger.remaining(owner)).remainingQuestions;

  it("removes exactly that user's counters and reservations, on every day", async () => {
    const yesterdays = await ledger.reserve(user("alice"));
    now = new Date("2026-11-21T09:00:00Z");
    const todays = await ledger.reserve(user("alice"));
    await ledger.reserve(user("bob"));
    const { sessionId } = await ledger.createGuestSession();
    await ledger.reserve(guest(sessionId));

    await bus.publish([userDeleted("alice")]);

    expect(await remaining(user("alice"))).toBe(20);
    for (const { reservationId } of [yesterdays, todays]) await expect(new Reservations(store).refund(reservationId)).rejects.toMatchObject({ code: "not_found" });
    expect(await store.collection("question_counters").count()).toBe(2);
    expect(await remaining(user("bob"))).toBe(19);
    expect((await ledger.guestSession(sessionId)).questionsAsked).toBe(1);
  });

  it("ignores a redelivered event", async () => {
    await bus.publish([userDeleted("alice")]);
    await ledger.reserve(user("alice"));
    await bus.publish([userDeleted("alice")]);
    expect(await remaining(user("alice"))).toBe(19);
  });

  it("also removes counters and reservations stored before they carried their owner", async () => {
    const counterId = "user:alice:2026-11-19";
    const legacy = (name: string) => store.collection<{ id: string } & Record<string, unknown>>(name);
    await legacy("question_counters").insertMany([
      { id: counterId, used: 3 },
      { id: "user:bob:2026-11-19", used: 1 },
    ]);
    await legacy("reservations").insert({ id: "r-old", counterId, limit: 20, refunded: false, createdAt: "2026-11-19T09:00:00Z" });

    await ledger.backfillOwnerKeys();
    await bus.publish([userDeleted("alice")]);

    expect((await store.collection("question_counters").find()).items.map((row) => row.id)).toEqual(["user:bob:2026-11-19"]);
    expect(await store.collection("reservations").count()).toBe(0);
  });
});

describe.each(TRANSPORTS)("startQuotaService, called over %s", (_transport, bindAddress) => {
  it("subscribes to accounts.user.v1 while it runs", async () => {
    const bus = new InProcessEventBus();
    const service = await startQuotaService({ store: await openSqliteRecordStore({ file: ":memory:" }), bus, logger: createLogger({ level: "silent" }), bindAddress });
    const client = createServiceClient(QuotaService, service.address);
    try {
      await client.reserve({ owner: user("alice") });
      await bus.publish([userDeleted("alice")]);
      expect((await client.getRemaining({ owner: user("alice") })).remainingQuestions).toBe(20);
    } finally {
      client.close();
      await service.stop(100);
      await bus.close();
    }
  });
});
