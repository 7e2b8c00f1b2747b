import { randomUUID } from "node:crypto";
import type { Owner } from "@qai/contracts";
import { AppError } from "@qai/platform";
import type { Collection, RecordStore, Transaction } from "@qai/record-store";
import { DEFAULT_LIMITS, budgetFor, ipBudget, ipLimitReached, limitReached, ownerKeyOfCounter, type Budget, type QuotaLimits } from "../domain/budget";
import { guestSessionIssuedAt, newGuestSessionId } from "../domain/identity";
import { COUNTERS, RESERVATIONS, counters, guestSessions, reservations, type CounterRecord, type GuestSessionRecord, type ReservationRecord } from "./records";

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

/** Who is asking: the owner, the guest's IP address, a registered user's verified e-mail. */
export interface Asker {
  owner: Owner;
  clientIp?: string;
  accountEmail?: string;
}

/**
 * Question budgets. Every change runs in one store transaction, so concurrent reservations can
 * never spend more than the limit. What happens to a reservation afterwards is `Reservations`'.
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

  /** A new guest session. Nothing is stored until its first question: its id carries its creation time. */
  createGuestSession(): Promise<GuestSessionStatus> {
    const createdAt = this.now();
    return Promise.resolve(this.status({ id: newGuestSessionId(createdAt), createdAt: createdAt.toISOString() }, 0));
  }

  async guestSession(sessionId: string): Promise<GuestSessionStatus> {
    const session = await this.findGuestSession(this.store, sessionId);
    const counter = await counters(this.store).get(`guest:${sessionId}`);
    return this.status(session, counter?.used ?? 0);
  }

  /**
   * Takes one question from the owner's budget (and, for guests with `clientIp`, from that address's
   * daily guest cap), all in one transaction: concurrent calls can never spend more than the limits.
   */
  async reserve(asker: Asker | Owner, clientIp = ""): Promise<Remaining & { reservationId: string }> {
    const { owner, clientIp: ip = clientIp, accountEmail = "" } = "owner" in asker ? asker : { owner: asker };
    const now = this.now();
    const budget = budgetFor(owner, now, this.limits, accountEmail);
    const perIp = budget.kind === "guest" ? ipBudget(ip, now, this.limits) : undefined;
    return this.store.transaction(async (tx) => {
      if (owner.kind.case === "guestSessionId") await this.storeGuestSession(tx, owner.kind.value);
      const counter = (await counters(tx).get(budget.counterId)) ?? unusedCounter(budget);
      if (counter.used >= budget.limit) throw limitReached(budget, this.limits.userDaily);
      if (perIp) {
        const ipCounter = (await counters(tx).get(perIp.counterId)) ?? unusedCounter(perIp);
        if (ipCounter.used >= perIp.limit) throw ipLimitReached(perIp.limit, budget.limit);
        ipCounter.used += 1;
        await counters(tx).put(ipCounter);
      }
      // A re-created account takes over the day's counter its e-mail already has.
      await counters(tx).put({ ...counter, ownerKey: budget.ownerKey, used: counter.used + 1, ...(budget.day ? { day: budget.day } : {}) });
      const reservation: ReservationRecord = {
        id: randomUUID(),
        counterId: budget.counterId,
        ownerKey: budget.ownerKey,
        limit: budget.limit,
        refunded: false,
        createdAt: now.toISOString(),
        state: "open",
        settled: false,
        ...(perIp ? { ipCounterId: perIp.counterId } : {}),
      };
      await reservations(tx).insert(reservation);
      return { reservationId: reservation.id, ...remaining(budget, counter.used + 1) };
    });
  }

  async remaining(owner: Owner, accountEmail = ""): Promise<Remaining> {
    const budget = budgetFor(owner, this.now(), this.limits, accountEmail);
    const counter = await counters(this.store).get(budget.counterId);
    return remaining(budget, counter?.used ?? 0);
  }

  /** Gives counters and reservations stored before they carried `ownerKey` their owner (run at start). */
  async backfillOwnerKeys(): Promise<void> {
    await this.store.transaction(async (tx) => {
      for (const name of [COUNTERS, RESERVATIONS]) await giveOwners(tx.collection<UnownedRecord>(name, { indexes: ["ownerKey"] }));
    });
  }

  private async findGuestSession(tx: Transaction, sessionId: string): Promise<GuestSessionRecord> {
    return (await guestSessions(tx).get(sessionId)) ?? unstoredGuestSession(sessionId);
  }

  /** A guest session is stored with its first question (one read when it already is: the ask path). */
  private async storeGuestSession(tx: Transaction, sessionId: string): Promise<void> {
    if (!(await guestSessions(tx).get(sessionId))) await guestSessions(tx).insert(unstoredGuestSession(sessionId));
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

/** A counter nothing was charged to yet. */
function unusedCounter(budget: { counterId: string; ownerKey: string; day?: string }): CounterRecord {
  return { id: budget.counterId, ownerKey: budget.ownerKey, used: 0, ...(budget.day ? { day: budget.day } : {}) };
}

function remaining(budget: Budget, used: number): Remaining {
  return { remainingQuestions: Math.max(0, budget.limit - used), questionLimit: budget.limit, ...(budget.resetsAt ? { resetsAt: budget.resetsAt } : {}) };
}

/** A guest session not stored yet, from the creation time its id carries; unknown ids are refused. */
function unstoredGuestSession(sessionId: string): GuestSessionRecord {
  const issuedAt = guestSessionIssuedAt(sessionId);
  if (!issuedAt) throw unknownGuestSession();
  return { id: sessionId, createdAt: issuedAt.toISOString() };
}

function unknownGuestSession(): AppError {
  return new AppError("unauthenticated", "unknown guest session", {
    userMessage: {
      ar: "انتهت جلسة الضيف. يرجى تحديث الصفحة لبدء جلسة جديدة.",
      en: "Your guest session has expired. Please reload the page to start a new one.",
    },
  });
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
