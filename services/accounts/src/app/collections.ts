import type { Collection, Collections, StoredRecord, Where } from "@qai/record-store";
import type { ProfileRecord } from "../domain/profile";

/** The service's SQLite file under DATA_DIR. */
export const ACCOUNTS_DB_FILE = "accounts.db";

/** Admin rights granted to an e-mail that has no profile yet; applied (and removed) when it signs in. */
export interface AdminGrantRecord {
  /** The lower-case e-mail. */
  id: string;
  grantedAt: string;
}

export const profiles = (c: Collections) => c.collection<ProfileRecord>("profiles", { indexes: ["email", "isAdmin"] });
export const adminGrants = (c: Collections) => c.collection<AdminGrantRecord>("admin_grants");

/** Every record matching `where`, page by page. */
export async function findAll<T extends StoredRecord>(collection: Collection<T>, where?: Where<T>): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await collection.find({ where, limit: 1000, cursor });
    all.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}
