import { openMongoRecordStore } from "./mongo/open";
import type { RecordStore } from "./port";
import { openSqliteRecordStore } from "./sqlite/store";

const MONGO = /^mongodb(\+srv)?:\/\/[^/?#]+/;

/** `sqlite` (the service's file under DATA_DIR), `sqlite:<file>`, or a `mongodb://` / `mongodb+srv://` URL. */
export function isRecordStoreUrl(url: string): boolean {
  return url === "sqlite" || (url.startsWith("sqlite:") && url.length > "sqlite:".length) || MONGO.test(url);
}

/**
 * Opens the record store `url` names: SQLite at `sqliteFile` ("sqlite") or the given file, or the
 * MongoDB database `database` (unless the URL names one; `serverSelectionTimeoutMS` in the URL bounds the wait for
 * a server, 10 s by default); rejects when it cannot be reached.
 */
export async function openRecordStoreAt(url: string, defaults: { sqliteFile: string; database: string }): Promise<RecordStore> {
  if (!isRecordStoreUrl(url)) throw new Error('expected "sqlite", "sqlite:<file>" or a mongodb:// URL');
  if (url === "sqlite" || url.startsWith("sqlite:")) return openSqliteRecordStore({ file: url === "sqlite" ? defaults.sqliteFile : url.slice("sqlite:".length) });
  const parsed = new URL(url);
  const timeout = Number(parsed.searchParams.get("serverSelectionTimeoutMS"));
  return openMongoRecordStore({
    url,
    database: parsed.pathname.replace(/^\//, "") || defaults.database,
    ...(Number.isInteger(timeout) && timeout > 0 && { serverSelectionTimeoutMs: timeout }),
  });
}
