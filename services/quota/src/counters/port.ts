import type { Transaction } from "@qai/record-store";

/** One counter a question is charged to: a guest session, a user's or an e-mail's day, an address's day. */
export interface CounterCharge {
  /** The counter's id, e.g. "guest:<session>", "acct:<hash>:<day>", "ip:<hash>:<day>". */
  id: string;
  /** Whose counter it is ("guest:<session>", "user:<id>", "ip:<hash>"): `deleteOwner` finds it by this. */
  ownerKey: string;
  /** Charging refuses once the counter has reached this. */
  limit: number;
  /** The Saudi day a daily counter counts: it is over, and may be forgotten, at the next Riyadh midnight. */
  day?: string;
}

/** `used`: each counter's value after the call, in the order of the charges. */
export type ReserveOutcome = { granted: true; used: number[] } | { granted: false; used: number[]; /** The first charge at its limit. */ refused: number };

/**
 * Question counters. `reserve` charges one unit to every counter, or to none when any of them is at its
 * limit, atomically: concurrent reserves never take a counter past its limit.
 */
export interface QuotaCounters {
  reserve(charges: readonly CounterCharge[]): Promise<ReserveOutcome>;
  /** Gives one unit back to each counter that exists, never below 0; returns their values. */
  refund(ids: readonly string[]): Promise<number[]>;
  /** Each counter's value (0 for one never charged, or forgotten). */
  read(ids: readonly string[]): Promise<number[]>;
  /**
   * Forgets the owner's counters, except those `keep` names: they stay charged, with no owner, until
   * their day is over (a deleted account's e-mail counter of the current day).
   */
  deleteOwner(ownerKey: string, keep: (counterId: string) => boolean): Promise<void>;
  /** Forgets ownerless counters whose day is before `today` (Redis expires them by itself). */
  sweepDisowned(today: string): Promise<void>;
  /**
   * These counters as part of a record-store transaction: the record-store adapter joins it (its
   * changes commit or roll back with the reservation); Redis cannot, and answers for itself.
   */
  within(tx: Transaction): QuotaCounters;
  close(): Promise<void>;
}
