import type { RecordStore } from "@qai/record-store";
import type { AuditRecord } from "../../domain/records";
import { audit, users } from "../collections";

export interface AuditRow extends AuditRecord {
  /** The actor's current e-mail address ("" for the CLI, the seed or a deleted account). */
  actorEmail: string;
}

/** The audit log, newest first. */
export class AuditTrail {
  constructor(private readonly store: RecordStore) {}

  list(limit: number, after?: string): Promise<{ entries: AuditRow[]; nextAfter?: string }> {
    return this.store.transaction(async (tx) => {
      const page = await audit(tx).find({ where: after === undefined ? {} : { sortKey: { lt: after } }, orderBy: { field: "sortKey", direction: "desc" }, limit });
      const actorIds = [...new Set(page.items.map((entry) => entry.actorUserId).filter(Boolean))];
      const emails = new Map((await users(tx).getMany(actorIds)).map((user) => [user.id, user.email]));
      return {
        entries: page.items.map((entry) => ({ ...entry, actorEmail: emails.get(entry.actorUserId) ?? "" })),
        nextAfter: page.nextCursor ? page.items.at(-1)?.sortKey : undefined,
      };
    });
  }
}
