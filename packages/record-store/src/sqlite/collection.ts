import { DuplicateRecordError, type Collection, type Page, type Query, type StoredRecord, type Where } from "../port";
import { quote, type SqliteDatabase, type TableSpec } from "./database";
import { allOf, planFind, whereSql, type FoundRow } from "./query";

/** Runs synchronous database work at the right moment: under the store's lock, or inside a transaction. */
export type Gate = <R>(work: () => R) => Promise<R>;

interface DataRow {
  data: string;
}

/** A collection as one table (id TEXT PRIMARY KEY, data TEXT holding the record as JSON). */
export class SqliteCollection<T extends StoredRecord> implements Collection<T> {
  private readonly table: string;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly spec: TableSpec,
    private readonly gate: Gate,
    /** Whether `get` and `find` may answer from the page cache: not inside a transaction, which may see writes that roll back. */
    private readonly cachedReads: boolean,
  ) {
    this.table = quote(spec.name);
  }

  get(id: string): Promise<T | undefined> {
    const sql = `SELECT data FROM ${this.table} WHERE id = ?`;
    return this.run(() => {
      const [row] = this.cachedRows(sql, [id], () => {
        const found = this.db.statement(sql).get(id) as DataRow | undefined;
        return found ? [found] : [];
      });
      return row && parse<T>(row);
    });
  }

  getMany(ids: readonly string[]): Promise<T[]> {
    const sql = `SELECT t.data FROM json_each(?) AS j JOIN ${this.table} AS t ON t.id = j.value ORDER BY j.key`;
    return this.run(() => (this.db.statement(sql).all(JSON.stringify(ids)) as DataRow[]).map((row) => parse<T>(row)));
  }

  insert(record: T): Promise<void> {
    return this.write(() => this.insertOne(record));
  }

  insertMany(records: readonly T[]): Promise<void> {
    return this.write(() => this.db.atomically(() => records.forEach((record) => this.insertOne(record))));
  }

  put(record: T): Promise<void> {
    const sql = `INSERT INTO ${this.table} (id, data) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET data = excluded.data`;
    return this.write(() => {
      this.db.statement(sql).run(idOf(record), JSON.stringify(record));
    });
  }

  replace(record: T): Promise<boolean> {
    const sql = `UPDATE ${this.table} SET data = ? WHERE id = ?`;
    return this.write(() => this.db.statement(sql).run(JSON.stringify(record), idOf(record)).changes > 0);
  }

  delete(id: string): Promise<boolean> {
    return this.write(() => this.db.statement(`DELETE FROM ${this.table} WHERE id = ?`).run(id).changes > 0);
  }

  deleteMany(where: Where<T>): Promise<number> {
    return this.write(() => {
      const filter = allOf(whereSql(where));
      return this.db.statement(`DELETE FROM ${this.table} WHERE ${filter.sql}`).run(...filter.params).changes;
    });
  }

  find(query: Query<T> = {}): Promise<Page<T>> {
    return this.run(() => {
      const plan = planFind(this.table, query);
      const params = [...plan.params, plan.limit + 1];
      const rows = this.cachedRows(plan.sql, params, () => this.db.statement(plan.sql).all(...params) as FoundRow[]);
      const items = rows.slice(0, plan.limit);
      const last = items.at(-1);
      const page: Page<T> = { items: items.map((row) => parse<T>(row)) };
      if (rows.length > plan.limit && last) page.nextCursor = plan.cursorAfter(last);
      return page;
    });
  }

  count(where?: Where<T>): Promise<number> {
    return this.run(() => {
      const filter = allOf(whereSql(where));
      const row = this.db.statement(`SELECT count(*) AS n FROM ${this.table} WHERE ${filter.sql}`).get(...filter.params);
      return (row as { n: number }).n;
    });
  }

  private run<R>(work: () => R): Promise<R> {
    return this.gate(() => {
      this.db.ensure(this.spec);
      return work();
    });
  }

  /** `read`'s rows, from the page cache outside a transaction. */
  private cachedRows<R>(sql: string, params: readonly unknown[], read: () => R[]): R[] {
    return this.cachedReads ? this.db.pages.rows(this.spec.name, sql, params, read) : read();
  }

  /** Runs a write, first marking the table's cached pages stale (also if the write fails half-way). */
  private write<R>(work: () => R): Promise<R> {
    return this.run(() => {
      this.db.pages.written(this.spec.name);
      return work();
    });
  }

  private insertOne(record: T): void {
    try {
      this.db.statement(`INSERT INTO ${this.table} (id, data) VALUES (?, ?)`).run(idOf(record), JSON.stringify(record));
    } catch (error) {
      if ((error as { code?: unknown }).code === "SQLITE_CONSTRAINT_PRIMARYKEY") {
        throw new DuplicateRecordError(this.spec.name, record.id);
      }
      throw error;
    }
  }
}

function idOf(record: StoredRecord): string {
  if (typeof record.id !== "string") throw new TypeError("a record's id must be a string");
  return record.id;
}

function parse<T>(row: DataRow): T {
  return JSON.parse(row.data) as T;
}
