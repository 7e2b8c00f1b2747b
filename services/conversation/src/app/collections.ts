import type { Collections } from "@qai/record-store";
import type { ConversationRecord, FavoriteRecord, MessageRecord, QuestionRecord, ReactionRecord } from "../domain/records";

/** The service's collections, with the fields each is filtered or ordered on. */
export const conversations = (c: Collections) => c.collection<ConversationRecord>("conversations", { indexes: ["ownerKey", "lastMessageAt"] });
export const messages = (c: Collections) => c.collection<MessageRecord>("messages", { indexes: ["conversationId", "position", "ownerKey", "createdAt"] });
export const questions = (c: Collections) => c.collection<QuestionRecord>("questions", { indexes: ["ownerKey", "conversationId", "createdAt"] });
export const favorites = (c: Collections) => c.collection<FavoriteRecord>("favorites", { indexes: ["ownerKey", "conversationId", "referenceId", "createdAt"] });
export const reactions = (c: Collections) => c.collection<ReactionRecord>("reactions", { indexes: ["ownerKey", "conversationId"] });

/** Every page of a query, up to `max` items. */
export async function findAll<T extends { id: string }>(
  find: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor?: string }>,
  max = 10_000,
): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await find(cursor);
    all.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor && all.length < max);
  return all.slice(0, max);
}

/** Removes every record of `key` (account deletion). */
export async function deleteOwnerData(tx: Collections, key: string): Promise<void> {
  await reactions(tx).deleteMany({ ownerKey: key });
  await favorites(tx).deleteMany({ ownerKey: key });
  await questions(tx).deleteMany({ ownerKey: key });
  await messages(tx).deleteMany({ ownerKey: key });
  await conversations(tx).deleteMany({ ownerKey: key });
}

/** Clamps a requested page size: 0 or less means `fallback`. */
export function clampLimit(limit: number, fallback: number, max: number): number {
  return Math.min(limit > 0 ? limit : fallback, max);
}
