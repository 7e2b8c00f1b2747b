import { AppError } from "@qai/platform";
import type { Collections, Transaction } from "@qai/record-store";
import type { IndexedArticle } from "@qai/search-index";
import type { ArticleRecord, LawRecord } from "../domain/records";
import { allPages } from "./generations";

/*
 * How the knowledge base lies in the record store: generations, the active pointer, and laws and
 * articles stored per generation.
 */

/** Stored records carry the generation they belong to; their store id is "<generation>:<id>". */
export type Stored<T extends { id: string }> = Omit<T, "id"> & { id: string; key: string; generation: string };
export type StoredLaw = Stored<LawRecord>;
export type StoredArticle = Stored<ArticleRecord>;

export interface GenerationRecord {
  id: string;
  /** building: being written, never searched · active: the one read · retired: replaced, being removed. */
  state: "building" | "active" | "retired";
  purpose: string;
  startedAt: string;
}

export interface ActivePointer {
  id: "active";
  generation: string;
  since: string;
  /** Changes of the active generation in place (add, update); with the generation, the key of the index snapshot. */
  revision?: number;
}

export const ACTIVE = "active";

/** Counts a change of the active generation in place (the index snapshot of the previous revision is stale). */
export async function nextRevision(tx: Transaction): Promise<void> {
  const active = await pointer(tx).get(ACTIVE);
  if (active) await pointer(tx).put({ ...active, revision: (active.revision ?? 0) + 1 });
}

/** The version of the active content: its generation and how often it was changed in place (undefined before any). */
export async function contentVersion(c: Collections): Promise<{ generation: string; version: string } | undefined> {
  const active = await pointer(c).get(ACTIVE);
  return active && { generation: active.generation, version: `${active.generation}:${active.revision ?? 0}` };
}

export async function activeIn(tx: Transaction): Promise<string> {
  const generation = (await pointer(tx).get(ACTIVE))?.generation;
  if (!generation) throw new AppError("unavailable", "the knowledge base is not loaded yet");
  return generation;
}

/** The stored law `law` would duplicate: same guid; without a guid, the same name (or name-derived id). */
export async function findLaw(tx: Transaction, generation: string, law: LawRecord, hasGuid: boolean): Promise<StoredLaw | undefined> {
  const byId = await lawsIn(tx).get(storedId(generation, law.id));
  if (byId || hasGuid) return byId;
  return (await lawsIn(tx).find({ where: { generation, lawName: law.lawName }, limit: 1 })).items[0];
}

export function lawsOf(c: Collections, generation: string): Promise<StoredLaw[]> {
  return allPages((cursor) => lawsIn(c).find({ where: { generation }, limit: 1000, cursor }));
}

/** How many laws and articles `generation` holds. */
export async function sizeOf(c: Collections, generation: string): Promise<{ totalLaws: number; totalArticles: number }> {
  const laws = await lawsOf(c, generation);
  return { totalLaws: laws.length, totalArticles: laws.reduce((sum, law) => sum + law.articleCount, 0) };
}

export async function articlesOfLaw(c: Collections, generation: string, lawId: string): Promise<StoredArticle[]> {
  const articles = await allPages((cursor) => articlesIn(c).find({ where: { generation, lawId }, limit: 1000, cursor }));
  return articles.sort((a, b) => a.position - b.position);
}

export function guidOf(law: StoredLaw): string | undefined {
  if (law.guid) return law.guid;
  // Laws stored before the guid field: the id is the guid unless derived from the name.
  return law.key.startsWith("law-") ? undefined : law.key;
}

export function storedId(generation: string, id: string): string {
  return `${generation}:${id}`;
}

export function stored<T extends { id: string }>(record: T, generation: string): Stored<T> {
  return { ...record, id: storedId(generation, record.id), key: record.id, generation };
}

export function unstored<T extends { id: string }>(record: Stored<T>): T {
  const { key, generation: _generation, ...rest } = record;
  return { ...rest, id: key } as unknown as T;
}

export const articleOf = (record: StoredArticle): ArticleRecord => unstored<ArticleRecord>(record);

export function toIndexed(article: ArticleRecord): IndexedArticle {
  return {
    id: article.id,
    lawId: article.lawId,
    lawName: article.lawName,
    lawNameEn: article.lawNameEn,
    articleNumber: article.articleNumber,
    articleSuffix: article.articleSuffix,
    articleTitle: article.articleTitle,
    content: article.articleContent,
    status: article.status,
  };
}

export const generations = (c: Collections) => c.collection<GenerationRecord>("kb_generations");

export const pointer = (c: Collections) => c.collection<ActivePointer>("kb_pointer");

export const lawsIn = (c: Collections) => c.collection<StoredLaw>("kb_laws", { indexes: ["generation", "lawName"] });

export const articlesIn = (c: Collections) => c.collection<StoredArticle>("kb_articles", { indexes: ["generation", "lawId"] });

/** Where laws and articles lived before generations (migrated by `open`). */
export const legacyLaws = (c: Collections) => c.collection<LawRecord>("laws");

export const legacyArticles = (c: Collections) => c.collection<ArticleRecord>("articles", { indexes: ["lawId"] });
