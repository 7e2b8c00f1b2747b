import { DocumentChangeKind, DocumentChangedSchema, KnowledgeBaseChangedSchema, KnowledgeOperation, TOPICS, type KnowledgeBaseChanged } from "@qai/contracts";
import type { Transaction } from "@qai/record-store";
import type { AuditRecord } from "../../domain/records";
import { allOf, audit } from "../collections";
import { defineKind, type EventContext } from "../event-kind";

/** Shown instead of a deleted user's e-mail address. */
export const DELETED_USER = "deleted user";

export async function recordAudit(tx: Transaction, entry: Omit<AuditRecord, "sortKey">): Promise<void> {
  await audit(tx).put({ ...entry, sortKey: `${entry.occurredAt}|${entry.id}` });
}

/** The audit entries about a deleted user name no one any more. */
export async function forgetAuditTarget(tx: Transaction, userId: string): Promise<void> {
  for await (const entry of allOf(audit(tx), { where: { targetUserId: userId } })) {
    const { targetUserId: _forgotten, ...rest } = entry;
    await audit(tx).replace({ ...rest, target: DELETED_USER });
  }
}

const OPERATIONS: Partial<Record<KnowledgeOperation, { action: string; describe: (change: KnowledgeBaseChanged) => string }>> = {
  [KnowledgeOperation.UPLOAD]: { action: "knowledge.upload", describe: (c) => `Added ${laws(c.lawsChanged)} (${articles(c.articlesChanged)})` },
  [KnowledgeOperation.REPLACE_ALL]: { action: "knowledge.replace_all", describe: (c) => `Replaced the knowledge base with ${laws(c.lawsChanged)} (${articles(c.articlesChanged)})` },
  [KnowledgeOperation.UPDATE_LAW]: { action: "knowledge.update_law", describe: (c) => `Updated ${laws(c.lawsChanged)} (${articles(c.articlesChanged)})` },
  [KnowledgeOperation.DELETE_ALL]: { action: "knowledge.delete_all", describe: (c) => `Deleted ${laws(c.lawsChanged)} (${articles(c.articlesChanged)})` },
  [KnowledgeOperation.UPDATE_URLS]: { action: "knowledge.update_urls", describe: (c) => `Updated the source URLs of ${laws(c.lawsChanged)}` },
};

const laws = (n: number) => `${n} ${n === 1 ? "law" : "laws"}`;
const articles = (n: number) => `${n} ${n === 1 ? "article" : "articles"}`;

/** knowledge.base.v1: every admin operation on the knowledge base (not the start-up seed) is audited. */
export const knowledgeBaseEvents = defineKind({
  topic: TOPICS.knowledgeBase,
  schema: KnowledgeBaseChangedSchema,
  occurredAt: (change) => change.occurredAt,
  project: async (tx, change, { eventId, occurredAt }: EventContext) => {
    const operation = OPERATIONS[change.operation];
    if (!operation) return;
    const more = change.lawsChanged - change.lawNames.length;
    await recordAudit(tx, {
      id: eventId,
      occurredAt,
      actorUserId: change.actorUserId,
      action: operation.action,
      target: change.lawNames.join(", ") + (more > 0 && change.lawNames.length > 0 ? ` and ${more} more` : ""),
      detail: `${operation.describe(change)}; now ${laws(change.totalLaws)}, ${articles(change.totalArticles)}.`,
    });
  },
});

/** knowledge.document.v1: legal documents added and deleted. */
export const documentEvents = defineKind({
  topic: TOPICS.knowledgeDocument,
  schema: DocumentChangedSchema,
  occurredAt: (change) => change.occurredAt,
  project: async (tx, change, { eventId, occurredAt }) => {
    const added = change.kind === DocumentChangeKind.ADDED;
    if (!added && change.kind !== DocumentChangeKind.DELETED) return;
    await recordAudit(tx, {
      id: eventId,
      occurredAt,
      actorUserId: change.actorUserId,
      action: added ? "document.added" : "document.deleted",
      target: change.title,
      detail: `${added ? "Added" : "Deleted"} the document${change.category ? ` (${change.category})` : ""}.`,
    });
  },
});
