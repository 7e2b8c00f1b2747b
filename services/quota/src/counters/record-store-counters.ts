import type { RecordStore, Transaction } from "@qai/record-store";
import { DELETED_OWNER, counters } from "../app/records";
import type { CounterCharge, QuotaCounters, ReserveOutcome } from "./port";

/**
 * The counters as rows of the record store (`question_counters`, the embedded default): each call is
 * one transaction, or part of the caller's (`within`), so a reservation and its charge commit together.
 */
export class RecordStoreQuotaCounters implements QuotaCounters {
  constructor(
    private readonly store: RecordStore,
    private readonly tx?: Transaction,
  ) {}

  reserve(charges: readonly CounterCharge[]): Promise<ReserveOutcome> {
    return this.run(async (c) => {
      const rows = [];
      for (const charge of charges) rows.push(await counters(c).get(charge.id));
      const used = rows.map((row) => row?.used ?? 0);
      const refused = charges.findIndex((charge, i) => used[i]! >= charge.limit);
      if (refused >= 0) return { granted: false, used, refused };
      for (const [i, charge] of charges.entries()) {
        // The charge names the owner: a re-created account takes over the day's counter its e-mail already has.
        await counters(c).put({ ...rows[i], id: charge.id, ownerKey: charge.ownerKey, used: used[i]! + 1, ...(charge.day ? { day: charge.day } : {}) });
      }
      return { granted: true, used: used.map((n) => n + 1) };
    });
  }

  refund(ids: readonly string[]): Promise<number[]> {
    return this.run(async (c) => {
      const used: number[] = [];
      for (const id of ids) {
        const counter = await counters(c).get(id);
        if (counter) await counters(c).put({ ...counter, used: Math.max(0, counter.used - 1) });
        used.push(counter ? Math.max(0, counter.used - 1) : 0);
      }
      return used;
    });
  }

  async read(ids: readonly string[]): Promise<number[]> {
    const c = this.tx ?? this.store;
    const used: number[] = [];
    for (const id of ids) used.push((await counters(c).get(id))?.used ?? 0);
    return used;
  }

  deleteOwner(ownerKey: string, keep: (counterId: string) => boolean): Promise<void> {
    return this.run(async (c) => {
      const owned = () => counters(c).find({ where: { ownerKey }, limit: 1000 });
      for (let page = await owned(); page.items.length > 0; page = await owned()) {
        for (const counter of page.items) {
          if (keep(counter.id)) await counters(c).put({ ...counter, ownerKey: DELETED_OWNER });
          else await counters(c).delete(counter.id);
        }
      }
    });
  }

  sweepDisowned(today: string): Promise<void> {
    return this.run(async (c) => {
      const left = await counters(c).find({ where: { ownerKey: DELETED_OWNER }, limit: 1000 });
      for (const counter of left.items) if (counter.day !== today) await counters(c).delete(counter.id);
    });
  }

  within(tx: Transaction): QuotaCounters {
    return new RecordStoreQuotaCounters(this.store, tx);
  }

  /** Nothing of its own to close: the store is closed by whoever opened it. */
  close(): Promise<void> {
    return Promise.resolve();
  }

  private run<R>(work: (c: Transaction) => Promise<R>): Promise<R> {
    return this.tx ? work(this.tx) : this.store.transaction(work);
  }
}
