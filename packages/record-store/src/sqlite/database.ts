import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { PageCache } from "./page-cache";
import { checkName, fieldSql } from "./query";

/** A collection's table and the fields it indexes. */
export interface TableSpec {
  name: string;
  indexes: readonly string[];
}

/** Checks the names up front: they end up in SQL text. */
export function tableSpec(name: string, indexes: readonly string[] = []): TableSpec {
  checkName("collection", name);
  indexes.forEach((field) => checkName("field", field));
  return { name, indexes };
}

export interface SqliteOptions {
  /** Database file, or ":memory:". Missing parent directories are created. */
  file: string;
  /** How long a write waits for another process's lock (default 5000 ms). */
  busyTimeoutMs?: number;
}

/**
 * The synchronous SQLite connection: pragmas, cached prepared statements, lazily created tables and
 * indexes, and the BEGIN/COMMIT/ROLLBACK primitives. Callers serialise access (see SqliteRecordStore).
 */
export class SqliteDatabase {
  private readonly db: Database.Database;
  private readonly statements = new Map<string, Database.Statement>();
  /** DDL already run; cleared on rollback, which may have undone some of it. */
  private readonly ensured = new Set<string>();
  /** Recent `find` pages, served again while nothing has written to their table. */
  readonly pages: PageCache;

  constructor({ file, busyTimeoutMs = 5000 }: SqliteOptions) {
    if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file, { timeout: busyTimeoutMs });
    this.db.pragma("journal_mode = WAL");
    this.db.pragma("synchronous = NORMAL");
    this.pages = new PageCache(this.db);
  }

  statement(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /** Creates the table and its expression indexes (on the field, then id) if they do not exist. */
  ensure({ name, indexes }: TableSpec): void {
    const key = `${name}(${indexes.join(",")})`;
    if (this.ensured.has(key)) return;
    const table = quote(name);
    this.db.exec(`CREATE TABLE IF NOT EXISTS ${table} (id TEXT PRIMARY KEY, data TEXT NOT NULL)`);
    for (const field of indexes.filter((field) => field !== "id")) {
      this.db.exec(`CREATE INDEX IF NOT EXISTS ${quote(`${name}__${field}`)} ON ${table} (${fieldSql(field)}, id)`);
    }
    this.ensured.add(key);
  }

  /** Runs `work` atomically: in its own transaction, or a savepoint inside an open one. */
  atomically<R>(work: () => R): R {
    return this.db.transaction(work)();
  }

  begin(): void {
    this.db.exec("BEGIN IMMEDIATE");
  }

  commit(): void {
    this.db.exec("COMMIT");
  }

  rollback(): void {
    if (this.db.inTransaction) this.db.exec("ROLLBACK");
    this.ensured.clear();
    this.pages.clear();
  }

  close(): void {
    this.statements.clear();
    this.pages.clear();
    this.db.close();
  }
}

export function quote(identifier: string): string {
  return `"${identifier}"`;
}
