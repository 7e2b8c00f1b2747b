/**
 * The record-store port: collections of JSON records keyed by `id`, with transactions.
 * Embedded adapter: SQLite (one database file per service). Distributed adapter: MongoDB.
 * Every adapter runs the contract suite in `test/contract-suite.ts`.
 */

/** A value a record field may be filtered or ordered on. */
export type Scalar = string | number | boolean | null;

export interface StoredRecord {
  id: string;
}

/**
 * A range or prefix condition on one field; every bound given must hold. Strict on type like
 * equality: numeric bounds match only numbers, string bounds and `startsWith` only strings, so a
 * missing or null field never matches. Strings compare by code point (case-sensitive).
 */
export interface Condition<V> {
  gt?: V;
  gte?: V;
  lt?: V;
  lte?: V;
  /** Strings only: the field starts with this prefix (a range on the index, not a LIKE). */
  startsWith?: V extends string ? string : never;
}

/**
 * A filter on top-level fields (all must match): a value means equality (`null` also matches a
 * missing field), a `Condition` a range or prefix.
 */
export type Where<T> = {
  [K in keyof T]?: Exclude<T[K], undefined> extends Scalar ? Exclude<T[K], undefined> | Condition<Exclude<T[K], undefined | null | boolean>> : never;
};

export interface Order<T> {
  field: keyof T & string;
  direction: "asc" | "desc";
}

export interface Query<T> {
  where?: Where<T>;
  /** Sorted by this field, then by id in the same direction. Default: id ascending. */
  orderBy?: Order<T>;
  /** Page size (default 100, at most 1000). */
  limit?: number;
  /** `nextCursor` of the previous page. */
  cursor?: string;
}

export interface Page<T> {
  items: T[];
  /** Present when more items follow. */
  nextCursor?: string;
}

export interface CollectionOptions<T> {
  /** Fields that are filtered or ordered on often; adapters index them. */
  indexes?: Array<keyof T & string>;
}

export interface Collection<T extends StoredRecord> {
  get(id: string): Promise<T | undefined>;
  /** The records that exist, in the order of `ids`. */
  getMany(ids: readonly string[]): Promise<T[]>;
  /** Adds a record; throws DuplicateRecordError when the id exists. */
  insert(record: T): Promise<void>;
  /** Adds many records at once; throws DuplicateRecordError (and adds none) when any id exists. */
  insertMany(records: readonly T[]): Promise<void>;
  /** Adds or replaces a record. */
  put(record: T): Promise<void>;
  /** Replaces an existing record; returns false when it does not exist. */
  replace(record: T): Promise<boolean>;
  delete(id: string): Promise<boolean>;
  deleteMany(where: Where<T>): Promise<number>;
  find(query?: Query<T>): Promise<Page<T>>;
  count(where?: Where<T>): Promise<number>;
}

export interface Collections {
  collection<T extends StoredRecord>(name: string, options?: CollectionOptions<T>): Collection<T>;
}

/** Work done inside `RecordStore.transaction`: all of it is kept, or none. */
export type Transaction = Collections;

export interface RecordStore extends Collections {
  /**
   * Runs `work` in one transaction: every write through `tx` commits together, or none does when
   * `work` throws. Transactions of one store never interleave. Inside `work`, use only `tx`:
   * calling the store itself (`transaction` or its collections) rejects instead of deadlocking.
   */
  transaction<R>(work: (tx: Transaction) => Promise<R>): Promise<R>;
  close(): Promise<void>;
}

export class DuplicateRecordError extends Error {
  constructor(
    readonly collection: string,
    readonly id: string,
  ) {
    super(`record ${id} already exists in ${collection}`);
    this.name = "DuplicateRecordError";
  }
}
