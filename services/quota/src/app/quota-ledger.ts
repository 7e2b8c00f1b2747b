import { randomUUID } from "node:crypto";
import type { Owner } from "@qai/contracts";
import { AppError } from "@qai/platform";
import type { Collection, RecordStore, Transaction } from "@qai/record-store";
import { DEFAULT_LIMITS, budgetFor, ipBudget, ipLimitReached, limitReached, ownerKeyOfCounter, type Budget, type QuotaLimits } from "../domain/budget";

interface GuestSessionRecord {
  id: string;
  createdAt: string;
}

interface CounterRecord {
  id: string;
  /** Budget.ownerKey; absent on rows written before it existed until `backfillOwnerKeys`. */
  ownerKey: string;
  used: number;
}

interface ReservationRecord {
  id: string;
  counterId: string;
  ownerKey: string;
  limit: number;
  refunded: boolean;
  createdAt: string;
  /** The per-IP daily counter also charged (guests), refunded with the reservation. */
  ipCounterId?: string;
}

export interface GuestSessionStatus {
  sessionId: string;
  questionsAsked: number;
  questionLimit: number;
  remainingQuestions: number;
  createdAt: Date;
}

export interface Remaining {
  remainingQuestions: number;
  questionLimit: number;
  /** When the budget starts again (registered users: the next midnight in Riyadh). */
  resetsAt?: Date;
}

export interface QuotaLedgerOptions {
  /** The clock (tests move it across Riyadh midnight). */
  now?: () => Date;
  limits?: Partial<QuotaLimits>;
}

/**
 * Question budgets. Every change runs in one store transaction, so concurrent reservations can
 * never spend more than the limit and a refund is applied at most once.
 */
export class QuotaLedger {
  private readonly now: () => Date;
  readonly limits: QuotaLimits;

  constructor(
    private readonly store: RecordStore,
    /** Options, or just the clock. */
    options: QuotaLedgerOptions | (() => Date) = {},
  ) {
    if (typeof options === "function") options = { now: options };
    this.now = options.now ?? (() => new Date());
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
  }

  async createGuestSession(): Promise<GuestSessionStatus> {
    const session: GuestSessionRecord = { id: randomUUID(), createdAt: this.now().toISOString() };
    await guestSessions(this.store).insert(session);
    return this.status(session, 0);
  }

  async guestSession(sessionId: string): Promise<GuestSessionStatus> {
    const session = await guestSessions(this.store).get(sessionId);
    if (!session) throw unknownGuestSession();
    const counter = await counters(this.store).get(`guest:${sessionId}`);
    return this.status(session, counter?.used ?? 0);
  }

  /**
   * Takes one question from the owner's budget (and, for guests with `clientIp`, from that address's
   * daily guest cap), all in one transaction: concurrent calls can never spend more than the limits.
   */
  async reserve(owner: Owner, clientIp = ""): Promise<Remaining & { reservationId: string }> {
    const now = this.now();
    const budget = budgetFor(owner, now, this.limits);
    const perIp = budget.kind === "guest" ? ipBudget(clientIp, now, this.limits) : undefined;
    return this.store.transaction(async (tx) => {
      await this.assertOwnerExists(tx, owner);
      const counter = (await counters(tx).get(budget.counterId)) ?? { id: budget.counterId, ownerKey: budget.ownerKey, used: 0 };
      if (counter.used >= budget.limit) throw limitReached(budget, this.limits.userDaily);
      if (perIp) {
        const ipCounter = (await counters(tx).get(perIp.counterId)) ?? { id: perIp.counterId, ownerKey: perIp.ownerKey, used: 0 };
        if (ipCounter.used >= perIp.limit) throw ipLimitReached(perIp.limit, budget.limit);
        ipCounter.used += 1;
        await counters(tx).put(ipCounter);
      }
      counter.used += 1;
      await counters(tx).put(counter);
      const reservation: ReservationRecord = {
        id: randomUUID(),
        counterId: budget.counterId,
        ownerKey: budget.ownerKey,
        limit: budget.limit,
        refunded: false,
        createdAt: now.toISOString(),
        ...(perIp ? { ipCounterId: perIp.counterId } : {}),
      };
      await reservations(tx).insert(reservation);
      return { reservationId: reservation.id, ...remaining(budget, counter.used) };
    });
  }

  async refund(reservationId: string): Promise<number> {
    return this.store.transaction(async (tx) => {
      const reservation = await reservations(tx).get(reservationId);
      if (!reservation) throw new AppError("not_found", `reservation ${reservationId} not found`);
      const counter = (await counters(tx).get(reservation.counterId)) ?? { id: reservation.counterId, ownerKey: reservation.ownerKey, used: 0 };
      if (!reservation.refunded) {
        reservation.refunded = true;
        counter.used = Math.max(0, counter.used - 1);
        await reservations(tx).replace(reservation);
        await counters(tx).put(counter);
        const ipCounter = reservation.ipCounterId ? await counters(tx).get(reservation.ipCounterId) : undefined;
        if (ipCounter) await counters(tx).put({ ...ipCounter, used: Math.max(0, ipCounter.used - 1) });
      }
      return Math.max(0, reservation.limit - counter.used);
    });
  }

  async remaining(owner: Owner): Promise<Remaining> {
    const budget = budgetFor(owner, this.now(), this.limits);
    const counter = await counters(this.store).get(budget.counterId);
    return remaining(budget, counter?.used ?? 0);
  }

  /** Gives counters and reservations stored before they carried `ownerKey` their owner (run at start). */
  async backfillOwnerKeys(): Promise<void> {
    await this.store.transaction(async (tx) => {
      for (const name of [COUNTERS, RESERVATIONS]) await giveOwners(tx.collection<UnownedRecord>(name, { indexes: ["ownerKey"] }));
    });
  }

  private async assertOwnerExists(tx: Transaction, owner: Owner): Promise<void> {
    if (owner.kind.case === "guestSessionId" && !(await guestSessions(tx).get(owner.kind.value))) throw unknownGuestSession();
  }

  private status(session: GuestSessionRecord, used: number): GuestSessionStatus {
    return {
      sessionId: session.id,
      questionsAsked: used,
      questionLimit: this.limits.guest,
      remainingQuestions: Math.max(0, this.limits.guest - used),
      createdAt: new Date(session.createdAt),
    };
  }
}

function remaining(budget: Budget, used: number): Remaining {
  return { remainingQuestions: Math.max(0, budget.limit - used), questionLimit: budget.limit, ...(budget.resetsAt ? { resetsAt: budget.resetsAt } : {}) };
}

function unknownGuestSession(): AppError {
  return new AppError("unauthenticated", "unknown guest session", {
    userMessage: {
      ar: "انتهت جلسة الضيف. يرجى تحديث الصفحة لبدء جلسة جديدة.",
      en: "Your guest session has expired. Please reload the page to start a new one.",
    },
  });
}

/** Removes the counters and reservations of `ownerKey` (account deletion). */
export async function deleteOwnerQuota(tx: Transaction, ownerKey: string): Promise<void> {
  await reservations(tx).deleteMany({ ownerKey });
  await counters(tx).deleteMany({ ownerKey });
}

/** A counter or reservation as stored before `ownerKey` existed. */
interface UnownedRecord {
  id: string;
  counterId?: string;
  ownerKey?: string | null;
}

async function giveOwners(rows: Collection<UnownedRecord>): Promise<void> {
  const unowned = () => rows.find({ where: { ownerKey: null }, limit: 1000 });
  for (let page = await unowned(); page.items.length > 0; page = await unowned()) {
    for (const row of page.items) await rows.replace({ ...row, ownerKey: ownerKeyOfCounter(row.counterId ?? row.id) });
  }
}

const COUNTERS = "question_counters";
const RESERVATIONS = "reservations";
const guestSessions = (c: Transaction) => c.collection<GuestSessionRecord>("guest_sessions");
const counters = (c: Transaction) => c.collection<CounterRecord>(COUNTERS, { indexes: ["ownerKey"] });
const reservations = (c: Transaction) => c.collection<ReservationRecord>(RESERVATIONS, { indexes: ["ownerKey"] });
