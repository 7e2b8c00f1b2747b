import { openMongoRecordStore } from "./mongo/open";
import type { RecordStore } from "./port";
import { openSqliteRecordStore } from "./sqlite/store";

const MONGO = /^mongodb(\+srv)?:\/\/[^/?#]+/;

/** `sqlite` (the service's file under DATA_DIR), `sqlite:<file>`, or a `mongodb://` / `mongodb+srv://` URL. */
export function isRecordStoreUrl(url: string): boolean {
  return url === "sqlite" || (url.startsWith("sqlite:") && url.length > "sqlite:".length) || MONGO.test(url);
}

/**
 * The database and options of a MongoDB URL. Not `new URL`: a replica set's seed list
 * (`mongodb://h1:27017,h2:27017/db?replicaSet=rs0`) is not a WHATWG URL host.
 */
export function mongoUrlParts(url: string): { database: string; options: URLSearchParams } {
  const rest = url.replace(/^mongodb(\+srv)?:\/\/[^/?#]+/, "");
  const query = rest.indexOf("?");
  const path = query < 0 ? rest : rest.slice(0, query);
  return { database: decodeURIComponent(path.replace(/^\//, "")), options: new URLSearchParams(query < 0 ? "" : rest.slice(query + 1)) };
}

/**
 * Opens the record store `url` names: SQLite at `sqliteFile` ("sqlite") or the given file, or the
 * MongoDB database `database` (unless the URL names one; `serverSelectionTimeoutMS` in the URL bounds the wait for
 * a server, 10 s by default); rejects when it cannot be reached.
 */
export async function openRecordStoreAt(url: string, defaults: { sqliteFile: string; database: string }): Promise<RecordStore> {
  if (!isRecordStoreUrl(url)) throw new Error('expected "sqlite", "sqlite:<file>" or a mongodb:// URL');
  if (url === "sqlite" || url.startsWith("sqlite:")) return openSqliteRecordStore({ file: url === "sqlite" ? defaults.sqliteFile : url.slice("sqlite:".length) });
  const { database, options } = mongoUrlParts(url);
  const timeout = Number(options.get("serverSelectionTimeoutMS"));
  return openMongoRecordStore({
    url,
    database: database || defaults.database,
    ...(Number.isInteger(timeout) && timeout > 0 && { serverSelectionTimeoutMs: timeout }),
  });
}
