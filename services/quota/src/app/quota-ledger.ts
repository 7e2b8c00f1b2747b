import { randomUUID } from "node:crypto";
import type { Owner } from "@qai/contracts";
import { AppError } from "@qai/platform";
import type { Collection, RecordStore, Transaction } from "@qai/record-store";
import { RecordStoreQuotaCounters } from "../counters/record-store-counters";
import type { CounterCharge, QuotaCounters } from "../counters/port";
import { DEFAULT_LIMITS, budgetFor, ipBudget, ipLimitReached, limitReached, ownerKeyOfCounter, type Budget, type QuotaLimits } from "../domain/budget";
import { guestSessionIssuedAt, newGuestSessionId } from "../domain/identity";
import { COUNTERS, RESERVATIONS, guestSessions, reservations, type GuestSessionRecord, type ReservationRecord } from "./records";

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
  /** Where the counters live (default: the record store's `question_counters`). */
  counters?: QuotaCounters;
}

/** Who is asking: the owner, the guest's IP address, a registered user's verified e-mail. */
export interface Asker {
  owner: Owner;
  clientIp?: string;
  accountEmail?: string;
}

/**
 * Question budgets. The counters (`QuotaCounters`) are charged atomically, so concurrent reservations
 * can never spend more than the limit; the reservation is recorded in the same store transaction.
 * What happens to a reservation afterwards is `Reservations`'.
 */
export class QuotaLedger {
  private readonly now: () => Date;
  private readonly counters: QuotaCounters;
  readonly limits: QuotaLimits;

  constructor(
    private readonly store: RecordStore,
    /** Options, or just the clock. */
    options: QuotaLedgerOptions | (() => Date) = {},
  ) {
    if (typeof options === "function") options = { now: options };
    this.now = options.now ?? (() => new Date());
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.counters = options.counters ?? new RecordStoreQuotaCounters(store);
  }

  /** A new guest session. Nothing is stored until its first question: its id carries its creation time. */
  createGuestSession(): Promise<GuestSessionStatus> {
    const createdAt = this.now();
    return Promise.resolve(this.status({ id: newGuestSessionId(createdAt), createdAt: createdAt.toISOString() }, 0));
  }

  async guestSession(sessionId: string): Promise<GuestSessionStatus> {
    // A session id made by newGuestSessionId carries all its record holds: only an older id needs the store.
    const session = issuedGuestSession(sessionId) ?? (await this.findGuestSession(this.store, sessionId));
    const [used = 0] = await this.counters.read([`guest:${sessionId}`]);
    return this.status(session, used);
  }

  /**
   * Takes one question from the owner's budget (and, for guests with `clientIp`, from that address's
   * daily guest cap), all or nothing: concurrent calls can never spend more than the limits. The
   * counters are charged last in the store transaction, so a refusal leaves no reservation behind.
   */
  async reserve(asker: Asker | Owner, clientIp = ""): Promise<Remaining & { reservationId: string }> {
    const { owner, clientIp: ip = clientIp, accountEmail = "" } = "owner" in asker ? asker : { owner: asker };
    const now = this.now();
    const budget = budgetFor(owner, now, this.limits, accountEmail);
    const perIp = budget.kind === "guest" ? ipBudget(ip, now, this.limits) : undefined;
    return this.store.transaction(async (tx) => {
      if (owner.kind.case === "guestSessionId") await this.storeGuestSession(tx, owner.kind.value);
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
      const charged = await this.counters.within(tx).reserve(perIp ? [chargeOf(budget), chargeOf(perIp)] : [chargeOf(budget)]);
      if (!charged.granted) throw charged.refused === 0 ? limitReached(budget, this.limits.userDaily) : ipLimitReached(perIp!.limit, budget.limit);
      return { reservationId: reservation.id, ...remaining(budget, charged.used[0]!) };
    });
  }

  async remaining(owner: Owner, accountEmail = ""): Promise<Remaining> {
    const budget = budgetFor(owner, this.now(), this.limits, accountEmail);
    const [used = 0] = await this.counters.read([budget.counterId]);
    return remaining(budget, used);
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

/** What a budget (the owner's, or the guest's address's) charges. */
function chargeOf(budget: { counterId: string; ownerKey: string; limit: number; day?: string }): CounterCharge {
  return { id: budget.counterId, ownerKey: budget.ownerKey, limit: budget.limit, ...(budget.day ? { day: budget.day } : {}) };
}

function remaining(budget: Budget, used: number): Remaining {
  return { remainingQuestions: Math.max(0, budget.limit - used), questionLimit: budget.limit, ...(budget.resetsAt ? { resetsAt: budget.resetsAt } : {}) };
}

/** A guest session not stored yet, from the creation time its id carries; unknown ids are refused. */
function unstoredGuestSession(sessionId: string): GuestSessionRecord {
  const session = issuedGuestSession(sessionId);
  if (!session) throw unknownGuestSession();
  return session;
}

/** The record of a session whose id carries its creation time (stored or not, it is this one). */
function issuedGuestSession(sessionId: string): GuestSessionRecord | undefined {
  const issuedAt = guestSessionIssuedAt(sessionId);
  return issuedAt && { id: sessionId, createdAt: issuedAt.toISOString() };
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
