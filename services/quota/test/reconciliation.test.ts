import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { QuotaService, ReservationStage } from "@qai/contracts";
import { InProcessEventBus } from "@qai/event-bus";
import { createLogger, createServiceClient, type ClientOf, type RunningService } from "@qai/platform";
import { openSqliteRecordStore } from "@qai/record-store";
import { QuotaLedger, Reservations, startQuotaService } from "@qai/quota";
import { guest, user } from "./fixtures";

/** The quota service over a SQLite file that outlives it, as after a crash and a restart. */
describe("reservations are reconciled after a restart over the same file", () => {
  let dir: string;
  let service: RunningService | undefined;
  let client: ClientOf<typeof QuotaService> | undefined;
  let now = new Date("2026-05-01T09:00:00Z");

  const start = async (reconcileAllAtStart: boolean) => {
    const bus = new InProcessEventBus();
    service = await startQuotaService({
      store: await openSqliteRecordStore({ file: join(dir, "quota.db") }),
      bus,
      logger: createLogger({ level: "silent" }),
      bindAddress: "127.0.0.1:0",
      now: () => now,
      limits: { userDaily: 20 },
      reconcileAllAtStart,
    });
    client = createServiceClient(QuotaService, service.address);
    return client;
  };
  const stop = async () => {
    client?.close();
    await service?.stop(100);
    client = undefined;
    service = undefined;
  };

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "qai-quota-"));
    now = new Date("2026-05-01T09:00:00Z");
  });
  afterEach(async () => {
    await stop();
    await rm(dir, { recursive: true, force: true });
  });

  it("releases a reservation left open and refunds one whose question was stored; answered and stopped stay counted", async () => {
    const quota = await start(true);
    const reserve = () => quota.reserve({ owner: user("u1"), accountEmail: "u1@example.com" });
    const open = await reserve();
    const questionOnly = await reserve();
    const answered = await reserve();
    const stopped = await reserve();
    await quota.commit({ reservationId: questionOnly.reservationId, stage: ReservationStage.QUESTION_STORED });
    for (const { reservationId } of [answered, stopped]) await quota.commit({ reservationId, stage: ReservationStage.QUESTION_STORED });
    await quota.commit({ reservationId: answered.reservationId, stage: ReservationStage.ANSWERED });
    await quota.commit({ reservationId: stopped.reservationId, stage: ReservationStage.STOPPED });
    expect((await quota.getRemaining({ owner: user("u1"), accountEmail: "u1@example.com" })).remainingQuestions).toBe(16);
    await stop();

    const after = await start(true);
    expect((await after.getRemaining({ owner: user("u1"), accountEmail: "u1@example.com" })).remainingQuestions).toBe(18);
    const states = await readStates();
    expect(states.get(open.reservationId)).toBe("released");
    expect(states.get(questionOnly.reservationId)).toBe("refunded");
    expect(states.get(answered.reservationId)).toBe("answered");
    expect(states.get(stopped.reservationId)).toBe("stopped");
    // Settled for good: a late commit or a second refund changes nothing.
    await after.commit({ reservationId: open.reservationId, stage: ReservationStage.ANSWERED });
    expect((await after.refund({ reservationId: questionOnly.reservationId })).remainingQuestions).toBe(18);
  });

  it("without the embedded gateway, settles at start-up only reservations older than the lease", async () => {
    const quota = await start(false);
    const old = await quota.reserve({ owner: user("u1") });
    now = new Date("2026-05-01T09:08:00Z");
    const recent = await quota.reserve({ owner: user("u1") });
    await stop();
    now = new Date("2026-05-01T09:12:00Z");
    const after = await start(false);
    expect((await after.getRemaining({ owner: user("u1") })).remainingQuestions).toBe(19);
    const states = await readStates();
    expect(states.get(old.reservationId)).toBe("released");
    expect(states.get(recent.reservationId)).toBe("open");
  });

  /** Reads the file beside the running service (SQLite WAL allows a second connection). */
  async function readStates(): Promise<Map<string, string>> {
    const store = await openSqliteRecordStore({ file: join(dir, "quota.db") });
    const rows = await store.collection<{ id: string; state: string }>("reservations").find({ limit: 100 });
    await store.close();
    return new Map(rows.items.map((row) => [row.id, row.state]));
  }
});

describe("Reservations.reconcile by age", () => {
  it("releases an expired open reservation and gives the guest's address its question back too", async () => {
    const store = await openSqliteRecordStore({ file: ":memory:" });
    let now = new Date("2026-05-01T09:00:00Z");
    const ledger = new QuotaLedger(store, { now: () => now });
    const reservations = new Reservations(store, () => now);
    const { sessionId } = await ledger.createGuestSession();
    await ledger.reserve({ owner: guest(sessionId), clientIp: "203.0.113.7" });
    expect(await reservations.reconcile()).toEqual({ released: 0, refunded: 0 });
    now = new Date("2026-05-01T09:11:00Z");
    expect(await reservations.reconcile()).toEqual({ released: 1, refunded: 0 });
    expect((await ledger.guestSession(sessionId)).questionsAsked).toBe(0);
    const ipCounters = (await store.collection<{ id: string; used: number }>("question_counters").find()).items.filter((c) => c.id.startsWith("ip:"));
    expect(ipCounters.map((c) => c.used)).toEqual([0]);
    await store.close();
  });
});
