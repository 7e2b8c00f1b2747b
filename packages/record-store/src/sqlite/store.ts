import { AsyncLocalStorage } from "node:async_hooks";
import type { Collection, CollectionOptions, RecordStore, StoredRecord, Transaction } from "../port";
import { SqliteCollection, type Gate } from "./collection";
import { SqliteDatabase, tableSpec, type SqliteOptions } from "./database";
import { Mutex } from "./mutex";

export type { SqliteOptions } from "./database";

interface OpenTransaction {
  store: SqliteRecordStore;
  open: boolean;
  /** The transaction (of another store) this one was opened inside, if any. */
  outer: OpenTransaction | undefined;
}

/**
 * The transactions open in the current async context, innermost first. One AsyncLocalStorage for
 * every store: Node propagates each instance to every promise the process makes, so one per store
 * (a process runs seven) cost more than the short reads themselves.
 */
const openTransactions = new AsyncLocalStorage<OpenTransaction>();

function isOpenIn(store: SqliteRecordStore): boolean {
  for (let transaction = openTransactions.getStore(); transaction; transaction = transaction.outer) {
    if (transaction.store === store && transaction.open) return true;
  }
  return false;
}

/** Opens (creating if needed) a SQLite record store; WAL mode, synchronous=NORMAL. */
export async function openSqliteRecordStore(options: SqliteOptions): Promise<SqliteRecordStore> {
  return new SqliteRecordStore(options);
}

/**
 * The embedded record store: one SQLite connection, one table per collection.
 *
 * better-sqlite3 is synchronous but transactions run async work, so a FIFO mutex serialises the
 * store: a transaction holds it from BEGIN IMMEDIATE to COMMIT/ROLLBACK, and every operation
 * outside a transaction waits for it, so none sees uncommitted writes or slips into one.
 * Calling the store itself from inside a transaction's work (a nested `transaction`, or a
 * collection of the store instead of `tx`) would wait for itself forever; it rejects instead.
 */
export class SqliteRecordStore implements RecordStore {
  private readonly db: SqliteDatabase;
  private readonly lock = new Mutex();
  private closing?: Promise<void>;

  constructor(options: SqliteOptions) {
    this.db = new SqliteDatabase(options);
  }

  collection<T extends StoredRecord>(name: string, options?: CollectionOptions<T>): Collection<T> {
    return new SqliteCollection<T>(this.db, tableSpec(name, options?.indexes), (work) => this.outside(work), true);
  }

  transaction<R>(work: (tx: Transaction) => Promise<R>): Promise<R> {
    return this.outside(() => this.runTransaction(work));
  }

  close(): Promise<void> {
    this.closing ??= this.lock.run(() => this.db.close());
    return this.closing;
  }

  private async runTransaction<R>(work: (tx: Transaction) => Promise<R>): Promise<R> {
    const transaction: OpenTransaction = { store: this, open: true, outer: openTransactions.getStore() };
    const gate: Gate = async (operation) => {
      if (!transaction.open) throw new Error("transaction already finished: use tx only inside its work");
      return operation();
    };
    const tx: Transaction = {
      collection: <T extends StoredRecord>(name: string, options?: CollectionOptions<T>) =>
        new SqliteCollection<T>(this.db, tableSpec(name, options?.indexes), gate, false),
    };
    this.db.begin();
    try {
      const result = await openTransactions.run(transaction, () => work(tx));
      this.db.commit();
      return result;
    } catch (error) {
      this.db.rollback();
      throw error;
    } finally {
      transaction.open = false;
    }
  }

  /** Runs `work` under the lock, unless called from inside this store's own open transaction. */
  private outside<R>(work: () => R | Promise<R>): Promise<R> {
    if (isOpenIn(this)) {
      return Promise.reject(
        new Error("RecordStore used inside its own transaction: use the tx passed to transaction() (nested transactions are not supported)"),
      );
    }
    if (this.closing) return Promise.reject(new Error("record store is closed"));
    return this.lock.run(work);
  }
}
