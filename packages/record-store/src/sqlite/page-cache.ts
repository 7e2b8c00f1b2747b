import type Database from "better-sqlite3";

/** The most result pages one store remembers, their most characters in all, and the most one page may hold to be remembered. */
const MAX_PAGES = 128;
const MAX_CHARS = 1024 * 1024;
const MAX_PAGE_CHARS = 64 * 1024;

interface CachedPage {
  /** The table's write generation and the database's data_version when the rows were read. */
  generation: number;
  dataVersion: number;
  rows: readonly unknown[];
  chars: number;
}

/**
 * The rows of recent `find` queries, so that a repeated read (a user's history, read at every page load)
 * does not run SQLite again. In a busy process each SQLite call costs 20–60 µs, its code and pages cold
 * in the CPU caches after the rest of the request (a quarter of the history route's CPU), where a check
 * of `PRAGMA data_version` costs ~6 µs.
 *
 * A page is used only while nothing could have changed it: this connection has written nothing to its
 * table since (every write bumps the table's generation), and no other connection has committed to the
 * database (SQLite's `data_version` changes then; an admin CLI or another process may share the file).
 * data_version is read before the query it tags, so a commit racing the query only makes the page
 * stale-tagged, never wrongly fresh. Reads inside a transaction bypass the cache (they may see writes
 * that roll back). Callers get fresh objects: the cache holds rows, parsed again at each hit.
 */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  private chars = 0;
  private readonly generations = new Map<string, number>();
  private readonly dataVersion: Database.Statement;

  constructor(db: Database.Database) {
    this.dataVersion = db.prepare("PRAGMA data_version").pluck();
  }

  /** The rows `read` returns for this table, SQL and parameters, from the cache while still valid. */
  rows<R>(table: string, sql: string, params: readonly unknown[], read: () => R[]): R[] {
    const key = `${sql}\u0000${JSON.stringify(params)}`;
    const dataVersion = this.dataVersion.get() as number;
    const generation = this.generations.get(table) ?? 0;
    const cached = this.pages.get(key);
    if (cached && cached.generation === generation && cached.dataVersion === dataVersion) {
      this.pages.delete(key);
      this.pages.set(key, cached);
      return cached.rows as R[];
    }
    const rows = read();
    if (cached) this.forget(key, cached);
    const chars = charsOf(rows);
    if (chars <= MAX_PAGE_CHARS) {
      this.pages.set(key, { generation, dataVersion, rows, chars });
      this.chars += chars;
      for (const [oldest, page] of this.pages) {
        if (this.pages.size <= MAX_PAGES && this.chars <= MAX_CHARS) break;
        this.forget(oldest, page);
      }
    }
    return rows;
  }

  /** This connection wrote to `table` (or may have, in a transaction that rolled back). */
  written(table: string): void {
    this.generations.set(table, (this.generations.get(table) ?? 0) + 1);
  }

  /** Forgets every page (the connection closes, or a rollback may have undone DDL). */
  clear(): void {
    this.pages.clear();
    this.chars = 0;
  }

  private forget(key: string, page: CachedPage): void {
    this.pages.delete(key);
    this.chars -= page.chars;
  }
}

/** The characters of the rows' JSON, their ids and sort keys: what the page holds on to. */
function charsOf(rows: readonly unknown[]): number {
  let chars = 0;
  for (const row of rows) for (const value of Object.values(row as Record<string, unknown>)) chars += typeof value === "string" ? value.length : 8;
  return chars;
}
