import { AsyncLocalStorage } from "node:async_hooks";
import type { ClientSession, Db } from "mongodb";
import mongoose from "mongoose";
import { z } from "zod";
import type { Collection, CollectionOptions, RecordStore, StoredRecord, Transaction } from "../port";
import { checkName } from "../query-rules";
import { Mutex } from "../sqlite/mutex";
import { MongoCollection, type Atomic, type Gate } from "./collection";
import { fieldPath, type StoredDocument } from "./filter";
import { NO_TRANSACTIONS } from "./open";

const MongoOptionsSchema = z.object({
  /** A MongoDB connection string: `mongodb://host:port/`, with `?replicaSet=…` for transactions. */
  url: z.string().regex(/^mongodb(\+srv)?:\/\//, "a mongodb:// or mongodb+srv:// URL"),
  /** The service's database (MongoDB's rules: at most 63 bytes, none of / \ . " $ * < > : | ? or space). */
  database: z.string().regex(/^[^/\\. "$*<>:|?\0]{1,63}$/, "a MongoDB database name"),
  /** How long to look for a server before an operation fails (default 10000 ms). */
  serverSelectionTimeoutMs: z.number().int().positive().default(10_000),
});

export type MongoOptions = z.input<typeof MongoOptionsSchema>;

interface OpenTransaction {
  open: boolean;
}

/** Connects and opens the record store of one database (`openMongoRecordStore` loads this module and calls it). */
export async function connectMongoRecordStore(options: MongoOptions): Promise<MongoRecordStore> {
  const { url, database, serverSelectionTimeoutMs } = MongoOptionsSchema.parse(options);
  const connection = mongoose.createConnection(url, { dbName: database, serverSelectionTimeoutMS: serverSelectionTimeoutMs });
  try {
    await connection.asPromise();
    const hello = await connection.db!.admin().command({ hello: 1 });
    const transactions = typeof hello.setName === "string" || hello.msg === "isdbgrid";
    return new MongoRecordStore(connection, transactions);
  } catch (error) {
    await connection.close();
    throw error;
  }
}

/**
 * The distributed record store: one MongoDB database per service, one collection per record
 * collection. Declared indexes are created on first use as `{field: 1, _id: 1}` (they serve the
 * filters and the keyset pages in both directions). Transactions are session transactions
 * (snapshot reads, majority writes); the store runs its own one at a time, as the SQLite one does,
 * and the driver re-runs `work` when one conflicts with another process's.
 */
export class MongoRecordStore implements RecordStore {
  private readonly db: Db;
  private readonly transactionLock = new Mutex();
  private readonly current = new AsyncLocalStorage<OpenTransaction>();
  /** Index creations started, by collection and fields; index builds are not transactional, so they run outside any session. */
  private readonly ensured = new Map<string, Promise<unknown>>();
  private closing?: Promise<void>;

  constructor(
    private readonly connection: mongoose.Connection,
    /** Whether the server has multi-document transactions (a replica set member or a mongos). */
    readonly transactions: boolean,
  ) {
    this.db = connection.db!;
  }

  collection<T extends StoredRecord>(name: string, options?: CollectionOptions<T>): Collection<T> {
    return this.open<T>(name, options, (work) => this.outside(() => work(undefined)));
  }

  transaction<R>(work: (tx: Transaction) => Promise<R>): Promise<R> {
    return this.outside(() => this.transactionLock.run(() => this.runTransaction(work)));
  }

  close(): Promise<void> {
    this.closing ??= this.transactionLock.run(() => this.connection.close());
    return this.closing;
  }

  /** A collection whose operations pass through `gate`, once its declared indexes exist. */
  private open<T extends StoredRecord>(name: string, options: CollectionOptions<T> | undefined, gate: Gate): Collection<T> {
    checkName("collection", name);
    const indexes = (options?.indexes ?? []).map((field) => fieldPath(field)).filter((path) => path !== "_id");
    const ensured: Gate = (work) =>
      gate(async (session) => {
        await this.ensure(name, indexes);
        return work(session);
      });
    return new MongoCollection<T>(name, this.db.collection<StoredDocument>(name), ensured, this.atomic);
  }

  private ensure(name: string, indexes: readonly string[]): Promise<unknown> {
    const key = `${name}(${indexes.join(",")})`;
    let ensured = this.ensured.get(key);
    if (!ensured) {
      ensured = indexes.length === 0 ? Promise.resolve() : this.db.collection(name).createIndexes(indexes.map((path) => ({ key: { [path]: 1, _id: 1 } })));
      ensured.catch(() => this.ensured.delete(key));
      this.ensured.set(key, ensured);
    }
    return ensured;
  }

  /** Inside a transaction, its session; outside, a transaction of its own when the server has them. */
  private readonly atomic: Atomic = (session, work) => {
    if (session) return work(session);
    if (!this.transactions) return undefined;
    return this.withSession((own) => own.withTransaction(() => work(own), TRANSACTION_OPTIONS));
  };

  private async runTransaction<R>(work: (tx: Transaction) => Promise<R>): Promise<R> {
    if (!this.transactions) throw new Error(NO_TRANSACTIONS);
    return this.withSession((session) =>
      session.withTransaction(async () => {
        const transaction: OpenTransaction = { open: true };
        const serial = new Mutex();
        const gate: Gate = (operation) =>
          transaction.open ? serial.run(() => operation(session)) : Promise.reject(new Error("transaction already finished: use tx only inside its work"));
        const tx: Transaction = { collection: (name, options) => this.open(name, options, gate) };
        try {
          return await this.current.run(transaction, () => work(tx));
        } finally {
          transaction.open = false;
        }
      }, TRANSACTION_OPTIONS),
    );
  }

  private async withSession<R>(work: (session: ClientSession) => Promise<R>): Promise<R> {
    const session = this.connection.getClient().startSession();
    try {
      return await work(session);
    } finally {
      await session.endSession();
    }
  }

  /** Runs `work`, unless called from inside this store's own open transaction or after close. */
  private outside<R>(work: () => Promise<R>): Promise<R> {
    if (this.current.getStore()?.open) {
      return Promise.reject(
        new Error("RecordStore used inside its own transaction: use the tx passed to transaction() (nested transactions are not supported)"),
      );
    }
    if (this.closing) return Promise.reject(new Error("record store is closed"));
    return work();
  }
}

const TRANSACTION_OPTIONS = { readConcern: { level: "snapshot" }, writeConcern: { w: "majority" }, readPreference: "primary" } as const;
