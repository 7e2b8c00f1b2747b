import { AppError } from "@qai/platform";
import type { RecordStore, Transaction } from "@qai/record-store";
import { RecordStoreQuotaCounters } from "../counters/record-store-counters";
import type { QuotaCounters } from "../counters/port";
import { riyadhDay } from "../domain/budget";
import { reservations, type ReservationRecord, type ReservationState } from "./records";

/** How far a question got, as the gateway reports it. */
export type Stage = "question" | "answered" | "stopped";

/** How long a reservation may stay unsettled before reconciliation gives its unit back. */
export const DEFAULT_RESERVATION_LEASE_MS = 10 * 60_000;

export interface ReconcileResult {
  released: number;
  refunded: number;
}

/**
 * What happens to a reserved question after `Reserve` (the policy in the README):
 * - `commit("question")` when the question is stored; `commit("answered" | "stopped")` settles it,
 *   charged: the answer was stored, or the person stopped it after the question was stored;
 * - `refund` gives the unit back (the answer failed), at most once;
 * - `reconcile` settles what nobody settled (the gateway crashed, or lost the quota service):
 *   an open reservation is released, one whose question was stored is refunded.
 */
export class Reservations {
  constructor(
    private readonly store: RecordStore,
    private readonly now: () => Date = () => new Date(),
    /** Where the counters live (default: the record store's `question_counters`). */
    private readonly counters: QuotaCounters = new RecordStoreQuotaCounters(store),
  ) {}

  /** Records a stage; a settled or given-back reservation does not change. Unknown ids: NOT_FOUND. */
  async commit(reservationId: string, stage: Stage): Promise<void> {
    await this.store.transaction(async (tx) => {
      const reservation = await find(tx, reservationId);
      const state = stateOf(reservation);
      if (state !== "open" && state !== "question") return;
      if (stage === "question" && state === "question") return;
      await reservations(tx).replace({ ...reservation, state: stage, settled: stage !== "question" });
    });
  }

  /** Gives the unit back (the answer failed); returns the owner's remaining questions. */
  async refund(reservationId: string): Promise<number> {
    return this.store.transaction(async (tx) => {
      const reservation = await find(tx, reservationId);
      const used = await this.giveBack(tx, reservation, stateOf(reservation) === "open" ? "released" : "refunded");
      return Math.max(0, reservation.limit - used);
    });
  }

  /**
   * Settles every unsettled reservation made before `olderThan` (default: the lease ago): open ones
   * are released, ones whose question was stored are refunded.
   */
  async reconcile(olderThan: Date = new Date(this.now().getTime() - DEFAULT_RESERVATION_LEASE_MS)): Promise<ReconcileResult> {
    const result: ReconcileResult = { released: 0, refunded: 0 };
    const cutoff = olderThan.toISOString();
    for (let cursor: string | undefined, more = true; more; ) {
      const page = await reservations(this.store).find({ where: { settled: false }, limit: 500, ...(cursor ? { cursor } : {}) });
      for (const stale of page.items.filter((r) => r.createdAt < cutoff)) {
        await this.store.transaction(async (tx) => {
          const reservation = await reservations(tx).get(stale.id);
          if (!reservation || reservation.settled !== false) return;
          const outcome = stateOf(reservation) === "open" ? "released" : "refunded";
          await this.giveBack(tx, reservation, outcome);
          result[outcome] += 1;
        });
      }
      cursor = page.nextCursor;
      more = cursor !== undefined;
    }
    await this.sweepDeleted();
    return result;
  }

  /** Forgets the counters deleted accounts left once their day is over. */
  private sweepDeleted(): Promise<void> {
    return this.counters.sweepDisowned(riyadhDay(this.now()));
  }

  /**
   * Marks the reservation given back and returns its unit to the counters, once; returns the owner
   * counter's use. The counters are given back last in the transaction (Redis cannot roll back).
   */
  private async giveBack(tx: Transaction, reservation: ReservationRecord, outcome: "released" | "refunded"): Promise<number> {
    const counters = this.counters.within(tx);
    if (reservation.refunded) return (await counters.read([reservation.counterId]))[0]!;
    await reservations(tx).replace({ ...reservation, refunded: true, state: outcome, settled: true });
    const [used] = await counters.refund(reservation.ipCounterId ? [reservation.counterId, reservation.ipCounterId] : [reservation.counterId]);
    return used!;
  }
}

/** Rows from before reconciliation have no state: given back or charged for good. */
function stateOf(reservation: ReservationRecord): ReservationState {
  return reservation.state ?? (reservation.refunded ? "refunded" : "answered");
}

async function find(tx: Transaction, reservationId: string): Promise<ReservationRecord> {
  const reservation = await reservations(tx).get(reservationId);
  if (!reservation) throw new AppError("not_found", `reservation ${reservationId} not found`);
  return reservation;
}
