import type { Transaction } from "@qai/record-store";

/** A guest session, stored at its first question (until then its id alone carries it). */
export interface GuestSessionRecord {
  id: string;
  createdAt: string;
}

export interface CounterRecord {
  id: string;
  /**
   * Whose counter this is: "user:<id>", "guest:<session id>", "ip:<hash>", or DELETED_OWNER for a
   * deleted account's counter of the current day (kept until the day ends, then swept).
   */
  ownerKey: string;
  used: number;
  /** The Saudi day a user's or an address's counter counts. */
  day?: string;
}

/**
 * How far a reserved question got. open → question (stored) → answered | stopped: charged.
 * open → released, question → refunded: given back (a failed answer, or reconciliation).
 */
export type ReservationState = "open" | "question" | "answered" | "stopped" | "released" | "refunded";

export interface ReservationRecord {
  id: string;
  counterId: string;
  ownerKey: string;
  limit: number;
  /** True once the unit was given back (released or refunded). */
  refunded: boolean;
  createdAt: string;
  /** The per-IP daily counter also charged (guests), given back with the reservation. */
  ipCounterId?: string;
  /** Absent on rows written before reconciliation existed (they count as settled). */
  state?: ReservationState;
  /** False while open or question: the reservations reconciliation looks at. */
  settled?: boolean | null;
}

/** The owner key of what remains of a deleted account: its e-mail's counter of the current day. */
export const DELETED_OWNER = "deleted";

export const COUNTERS = "question_counters";
export const RESERVATIONS = "reservations";
export const guestSessions = (c: Transaction) => c.collection<GuestSessionRecord>("guest_sessions");
export const counters = (c: Transaction) => c.collection<CounterRecord>(COUNTERS, { indexes: ["ownerKey"] });
export const reservations = (c: Transaction) => c.collection<ReservationRecord>(RESERVATIONS, { indexes: ["ownerKey", "settled"] });
