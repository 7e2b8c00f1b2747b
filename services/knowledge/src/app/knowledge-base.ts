import { randomUUID } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import { KnowledgeOperation, LawChangeKind } from "@qai/contracts";
import type { Outbox } from "@qai/event-bus";
import { AppError, type Logger } from "@qai/platform";
import type { RecordStore } from "@qai/record-store";
import { isRelevant, type SearchIndex } from "@qai/search-index";
import { lawFileOf, officialUrl, recordsOf, type ArticleRecord, type LawRecord } from "../domain/records";
import type { LawFile } from "../domain/law-file";
import { allPages, articleBatches, type PreparedLaw, prepareLaws } from "./generations";
import { knowledgeBaseChanged, lawChanged, type KnowledgeBaseChange } from "./knowledge-events";
import type { ArticleHit, ImportResult, KnowledgeStats, LoadResult, ReplaceResult, UploadResult, ValidationResult } from "./knowledge-results";
import {
  ACTIVE,
  activeIn,
  articleOf,
  articlesIn,
  articlesOfLaw,
  findLaw,
  generations,
  guidOf,
  lawsIn,
  lawsOf,
  legacyArticles,
  legacyLaws,
  nextRevision,
  pointer,
  sizeOf,
  stored,
  storedId,
  toIndexed,
  unstored,
  type StoredLaw,
} from "./stored-knowledge";

export type { ArticleHit, ImportResult, KnowledgeStats, LoadResult, ReplaceResult, UploadResult, ValidationResult } from "./knowledge-results";

export interface KnowledgeBaseOptions {
  /** Called after a transaction that enqueued events committed (wakes the outbox relay). */
  onCommit?: () => void;
  logger?: Pick<Logger, "warn" | "error">;
  /** Articles written (and removed) per transaction while a generation is built or dropped (default 200: short transactions keep the event loop answering). */
  chunkArticles?: number;
}

/** Why a generation was built; "empty" is the first generation of a knowledge base that starts without laws. */
type ReplacePurpose = "seed" | "replace" | "delete-all" | "empty";

/** The operation knowledge.base.v1 reports for each replace (none for an empty start). */
const REPLACE_OPERATIONS: Record<ReplacePurpose, KnowledgeOperation | undefined> = {
  seed: KnowledgeOperation.SEED,
  replace: KnowledgeOperation.REPLACE_ALL,
  "delete-all": KnowledgeOperation.DELETE_ALL,
  empty: undefined,
};

const ATOMIC_REPLACE_FAILED = {
  en: "Atomic Replace Failed: Failed to perform atomic replace operation. Database remains unchanged.",
  ar: "فشل الاستبدال الذري: تعذر تنفيذ عملية الاستبدال. قاعدة البيانات لم تتغير.",
};

/**
 * Laws and their articles: stored in the record store, searched through the search index.
 *
 * Content lives in generations. Readers only see the generation the `kb_pointer` record names. A
 * replace writes a new generation (in several short transactions, never visible), builds a new
 * search-index generation from it, then flips the pointer in ONE transaction (with its events) and
 * only then activates the index generation and removes the old records. If anything fails, or the
 * process dies, before the flip, the old generation is untouched; `open()` removes generations
 * that are not active. Adding, updating one law and updating URLs change the active generation in
 * one transaction each. Writes of one process are serialized.
 *
 * Every admin operation publishes, in the transaction of its change, knowledge.law.v1 for each law
 * it changed and one knowledge.base.v1 with the size of the knowledge base after it; `actorUserId`
 * is the admin who asked (empty: the seed, tools and tests).
 */
export class KnowledgeBase {
  private writes: Promise<unknown> = Promise.resolve();
  private readonly onCommit: () => void;
  private readonly logger?: Pick<Logger, "warn" | "error">;
  private readonly chunkArticles: number;

  constructor(
    private readonly store: RecordStore,
    private readonly index: SearchIndex,
    private readonly outbox: Outbox,
    options: KnowledgeBaseOptions = {},
  ) {
    this.onCommit = options.onCommit ?? (() => undefined);
    this.logger = options.logger;
    this.chunkArticles = options.chunkArticles ?? 200;
  }

  /**
   * Makes the knowledge base ready: removes unfinished generations, then seeds it on first start
   * (no generation was ever activated) from `seed`, or builds the search index from the active one.
   */
  async open(seed?: () => Promise<readonly LawFile[]>): Promise<LoadResult> {
    return this.exclusive(async () => {
      const active = await this.activeId();
      let discarded = 0;
      for (const generation of await allPages((cursor) => generations(this.store).find({ limit: 1000, cursor }))) {
        if (generation.id === active) continue;
        await this.dropGeneration(generation.id);
        discarded++;
      }
      if (!active) {
        if (await this.migrateLegacy()) return { articles: await this.rebuildIndexLocked(), seeded: false, discarded, migrated: true, restored: false };
        const files = seed ? await seed() : [];
        const result = await this.replaceLocked(files, [], files.length > 0 ? "seed" : "empty", "");
        return { articles: result.totalArticles, seeded: true, discarded, migrated: false, restored: false };
      }
      if (await this.restoreIndex(active)) return { articles: await this.index.count(), seeded: false, discarded, migrated: false, restored: true };
      return { articles: await this.rebuildIndexLocked(), seeded: false, discarded, migrated: false, restored: false };
    });
  }

  /** Replaces every law with `files`, atomically (see the class comment). `names` name the files in errors. */
  async replaceAll(files: readonly LawFile[], names: readonly string[] = [], actorUserId = ""): Promise<ReplaceResult> {
    return this.exclusive(() => this.replaceLocked(files, names, "replace", actorUserId));
  }

  /** Removes every law and article (atomically, as a replace with nothing). */
  async deleteAll(actorUserId = ""): Promise<ReplaceResult> {
    return this.exclusive(() => this.replaceLocked([], [], "delete-all", actorUserId));
  }

  /**
   * Adds one law (add mode). A law already present (same guid; or, for a file without a guid,
   * the same name) is refused with `already_exists` ("File already exists") and nothing changes.
   */
  async addLaw(file: LawFile, actorUserId = ""): Promise<UploadResult> {
    return this.exclusive(async () => {
      await this.ensureActive();
      const { law, articles } = recordsOf(file, new Date().toISOString());
      const duplicate = await this.store.transaction(async (tx) => {
        const generation = await activeIn(tx);
        const existing = await findLaw(tx, generation, law, Boolean(file.guid));
        if (existing) return existing;
        await lawsIn(tx).insert(stored(law, generation));
        await articlesIn(tx).insertMany(articles.map((article) => stored(article, generation)));
        await nextRevision(tx);
        await this.outbox.enqueue(tx, lawChanged(law, LawChangeKind.IMPORTED, actorUserId));
        const change = { operation: KnowledgeOperation.UPLOAD, actorUserId, lawNames: [law.lawName], articlesChanged: articles.length };
        await this.outbox.enqueue(tx, knowledgeBaseChanged({ ...change, ...(await sizeOf(tx, generation)) }));
        return undefined;
      });
      if (duplicate) throw duplicateLaw(duplicate.lawName, articles.length);
      this.onCommit();
      await this.indexIntoActive(articles, []);
      return { lawId: law.id, lawName: law.lawName, newCount: articles.length, duplicateCount: 0 };
    });
  }

  /** Adds every law not stored yet (duplicates are skipped and named). */
  async importLaws(files: readonly LawFile[]): Promise<ImportResult> {
    const duplicates: string[] = [];
    let articles = 0;
    for (const file of files) {
      try {
        articles += (await this.addLaw(file)).newCount;
      } catch (error) {
        if (error instanceof AppError && error.code === "already_exists") duplicates.push(file.lawName);
        else throw error;
      }
    }
    return { imported: files.length - duplicates.length, duplicates, articles };
  }

  /** Replaces the stored law named `lawNameToUpdate` with `file`, in one transaction. */
  async updateLaw(lawNameToUpdate: string, file: LawFile, actorUserId = ""): Promise<UploadResult> {
    return this.exclusive(async () => {
      const { law, articles } = recordsOf(file, new Date().toISOString());
      const removed = await this.store.transaction(async (tx) => {
        const generation = await activeIn(tx);
        const old = (await lawsIn(tx).find({ where: { generation, lawName: lawNameToUpdate }, limit: 1 })).items[0];
        if (!old) throw lawNotFound(lawNameToUpdate);
        if (law.id !== old.key && (await lawsIn(tx).get(storedId(generation, law.id)))) throw duplicateLaw(law.lawName, articles.length);
        const oldArticles = await articlesOfLaw(tx, generation, old.key);
        await articlesIn(tx).deleteMany({ generation, lawId: old.key });
        await lawsIn(tx).delete(old.id);
        await lawsIn(tx).insert(stored(law, generation));
        await articlesIn(tx).insertMany(articles.map((article) => stored(article, generation)));
        await nextRevision(tx);
        if (law.id === old.key) {
          await this.outbox.enqueue(tx, lawChanged(law, LawChangeKind.UPDATED, actorUserId));
        } else {
          await this.outbox.enqueue(tx, lawChanged(unstored<LawRecord>(old), LawChangeKind.DELETED, actorUserId, 0));
          await this.outbox.enqueue(tx, lawChanged(law, LawChangeKind.IMPORTED, actorUserId));
        }
        const change = { operation: KnowledgeOperation.UPDATE_LAW, actorUserId, lawNames: [law.lawName], articlesChanged: articles.length };
        await this.outbox.enqueue(tx, knowledgeBaseChanged({ ...change, ...(await sizeOf(tx, generation)) }));
        return oldArticles.map((article) => article.key);
      });
      this.onCommit();
      await this.indexIntoActive(articles, removed);
      return { lawId: law.id, lawName: law.lawName, newCount: articles.length, duplicateCount: 0 };
    });
  }

  /** Sets every law's source URL (and its articles') to its official BOE page, from the guid. */
  async updateUrls(actorUserId = ""): Promise<{ updatedCount: number; totalLawsChecked: number }> {
    return this.exclusive(async () => {
      const result = await this.store.transaction(async (tx) => {
        const generation = await activeIn(tx);
        const laws = await lawsOf(tx, generation);
        const updated: string[] = [];
        let articlesChanged = 0;
        for (const law of laws) {
          const guid = guidOf(law);
          if (!guid || law.sourceUrl === officialUrl(guid)) continue;
          const sourceUrl = officialUrl(guid);
          await lawsIn(tx).put({ ...law, sourceUrl });
          for (const article of await articlesOfLaw(tx, generation, law.key)) await articlesIn(tx).put({ ...article, sourceUrl });
          await this.outbox.enqueue(tx, lawChanged({ ...unstored<LawRecord>(law), sourceUrl }, LawChangeKind.UPDATED, actorUserId));
          updated.push(law.lawName);
          articlesChanged += law.articleCount;
        }
        const size = { totalLaws: laws.length, totalArticles: laws.reduce((sum, law) => sum + law.articleCount, 0) };
        await this.outbox.enqueue(tx, knowledgeBaseChanged({ operation: KnowledgeOperation.UPDATE_URLS, actorUserId, lawNames: updated, articlesChanged, ...size }));
        return { updatedCount: updated.length, totalLawsChecked: laws.length };
      });
      this.onCommit();
      return result;
    });
  }

  /** Whether an upload may proceed (spec §5: add mode only when it brings more articles than are stored). */
  async validateUpload(input: { mode: "add" | "replace"; totalNewArticles: number; fileCount: number; lawNames: readonly string[]; maxFiles: number }): Promise<ValidationResult> {
    const stats = await this.stats();
    const current = stats.totalArticles;
    const incoming = input.totalNewArticles;
    const stored = new Set(stats.laws.map((law) => law.lawName.trim()));
    const existingLawNames = [...new Set(input.lawNames.map((name) => name.trim()).filter((name) => stored.has(name)))];
    const answer = (canProceed: boolean, message: { ar: string; en: string }): ValidationResult => ({
      canProceed,
      message,
      currentArticleCount: current,
      newArticleCount: incoming,
      existingLawNames,
    });
    if (input.fileCount < 1 || incoming < 1) {
      return answer(false, { en: "The upload has no articles: choose law files that contain articles.", ar: "لا يحتوي الرفع على أي مادة: اختر ملفات أنظمة تحتوي على مواد." });
    }
    if (input.fileCount > input.maxFiles) {
      return answer(false, { en: `Too many files: ${input.fileCount} (at most ${input.maxFiles} per upload).`, ar: `عدد الملفات كبير جدًا: ${input.fileCount} (الحد الأقصى ${input.maxFiles} في الرفع الواحد).` });
    }
    if (input.mode === "replace") {
      return answer(true, {
        en: `Replace mode: the ${current} articles stored now will be permanently deleted and replaced by the ${incoming} articles of ${input.fileCount} file(s), in one step.`,
        ar: `وضع الاستبدال: ستُحذف نهائيًا المواد المخزنة حاليًا (${current}) وتُستبدل بمواد الملفات (${incoming} مادة في ${input.fileCount} ملف) دفعة واحدة.`,
      });
    }
    if (incoming <= current) {
      return answer(false, {
        en: `Add mode only accepts an upload with more articles than the knowledge base already holds: this upload has ${incoming} articles, the knowledge base has ${current}. Use replace mode to replace the knowledge base.`,
        ar: `وضع الإضافة لا يقبل إلا رفعًا يحتوي على مواد أكثر مما في قاعدة المعرفة: هذا الرفع فيه ${incoming} مادة، وقاعدة المعرفة فيها ${current}. استخدم وضع الاستبدال لاستبدال قاعدة المعرفة.`,
      });
    }
    const note = existingLawNames.length > 0 ? { en: ` ${existingLawNames.length} of the laws already exist and will be skipped.`, ar: ` ${existingLawNames.length} من الأنظمة موجودة بالفعل وسيتم تخطيها.` } : { en: "", ar: "" };
    return answer(true, {
      en: `Add mode: ${incoming} articles in ${input.fileCount} file(s) will be added to the ${current} stored.${note.en}`,
      ar: `وضع الإضافة: ستُضاف ${incoming} مادة من ${input.fileCount} ملف إلى ${current} مادة مخزنة.${note.ar}`,
    });
  }

  /** Rebuilds the search index from the active generation as a new index generation, then flips to it. */
  async rebuildIndex(): Promise<number> {
    return this.exclusive(() => this.rebuildIndexLocked());
  }

  async lawCount(): Promise<number> {
    const generation = await this.activeId();
    return generation ? lawsIn(this.store).count({ generation }) : 0;
  }

  async search(query: string, options: { limit: number; language: "ar" | "en" }): Promise<ArticleHit[]> {
    const hits = await this.index.search(query, options);
    const found = new Map((await this.articles(hits.map((hit) => hit.id))).map((article) => [article.id, article]));
    return hits.flatMap((hit) => {
      const article = found.get(hit.id);
      return article ? [{ article, score: hit.score, coverage: hit.coverage, relevant: isRelevant(hit, this.index.relevance) }] : [];
    });
  }

  /** The articles that exist in the active generation, in the order of `ids`. */
  async articles(ids: readonly string[]): Promise<ArticleRecord[]> {
    if (ids.length === 0) return [];
    const read = async (generation: string | undefined) =>
      generation ? (await articlesIn(this.store).getMany(ids.map((id) => storedId(generation, id)))).map(articleOf) : [];
    const generation = await this.activeId();
    const found = await read(generation);
    if (found.length === ids.length) return found;
    // A replace may have flipped between reading the pointer and the articles: read once more.
    const now = await this.activeId();
    return now === generation ? found : read(now);
  }

  async stats(): Promise<KnowledgeStats> {
    const generation = await this.activeId();
    const all = generation ? await lawsOf(this.store, generation) : [];
    return {
      totalArticles: all.reduce((sum, law) => sum + law.articleCount, 0),
      totalLaws: all.length,
      laws: all.map((law) => ({ lawId: law.key, lawName: law.lawName, sourceUrl: law.sourceUrl, articleCount: law.articleCount })),
      generation: generation ?? "",
    };
  }

  /** One stored law in the law-file format. */
  async exportLaw(lawName: string): Promise<ReturnType<typeof lawFileOf>> {
    const generation = await this.activeId();
    const law = generation ? (await lawsIn(this.store).find({ where: { generation, lawName }, limit: 1 })).items[0] : undefined;
    if (!generation || !law) throw lawNotFound(lawName);
    return this.lawFile(generation, law);
  }

  /** Every stored law in the law-file format, one at a time (fails if a replace removes them meanwhile). */
  async *exportLaws(): AsyncGenerator<ReturnType<typeof lawFileOf>> {
    const generation = await this.activeId();
    if (!generation) return;
    let cursor: string | undefined;
    do {
      const page = await lawsIn(this.store).find({ where: { generation }, orderBy: { field: "lawName", direction: "asc" }, limit: 100, cursor });
      for (const law of page.items) yield await this.lawFile(generation, law);
      cursor = page.nextCursor;
    } while (cursor);
  }

  private async lawFile(generation: string, law: StoredLaw): Promise<ReturnType<typeof lawFileOf>> {
    const articles = await articlesOfLaw(this.store, generation, law.key);
    if (articles.length !== law.articleCount) {
      throw new AppError("unavailable", "the knowledge base changed during the export", {
        userMessage: { en: "The knowledge base changed during the export. Please try again.", ar: "تغيّرت قاعدة المعرفة أثناء التصدير. يرجى المحاولة مرة أخرى." },
      });
    }
    return lawFileOf(unstored<LawRecord>(law), articles.map(articleOf));
  }

  private async replaceLocked(files: readonly LawFile[], names: readonly string[], purpose: ReplacePurpose, actorUserId: string): Promise<ReplaceResult> {
    const startedAt = new Date().toISOString();
    const prepared = prepareLaws(files, names, startedAt);
    const previous = await this.activeId();
    const generation = `g${randomUUID().replaceAll("-", "")}`;
    await generations(this.store).insert({ id: generation, state: "building", purpose, startedAt });
    let indexGeneration: string | undefined;
    let removed: { laws: number; articles: number };
    try {
      indexGeneration = await this.index.createGeneration();
      await this.writeGeneration(generation, indexGeneration, prepared);
      removed = await this.flip(generation, previous, prepared, purpose, actorUserId);
    } catch (error) {
      if (indexGeneration !== undefined) await this.index.discard(indexGeneration).catch(() => undefined);
      await this.dropGeneration(generation).catch((dropError: unknown) => this.logger?.warn({ err: dropError, generation }, "could not remove a failed generation (removed on next start)"));
      if (error instanceof AppError && error.code !== "internal") throw error;
      throw new AppError("internal", `replace failed: ${error instanceof Error ? error.message : String(error)}`, { userMessage: ATOMIC_REPLACE_FAILED, cause: error });
    }
    this.onCommit();
    try {
      await this.index.activate(indexGeneration);
      await this.saveIndexSnapshot();
    } catch (error) {
      this.logger?.error({ err: error }, "could not activate the new search-index generation; rebuilding it");
      await this.rebuildIndexLocked();
    }
    if (previous) {
      await this.dropGeneration(previous).catch((error: unknown) => this.logger?.warn({ err: error, generation: previous }, "could not remove the replaced generation (removed on next start)"));
    }
    return {
      filesProcessed: prepared.length,
      totalArticles: prepared.reduce((sum, law) => sum + law.articles.length, 0),
      removedLaws: removed.laws,
      removedArticles: removed.articles,
    };
  }

  /**
   * Writes a new generation's records (not visible yet) and indexes them into `indexGeneration`, about
   * `chunkArticles` articles per transaction — a long law split over several: nothing reads a generation
   * before its flip, and `open` removes one left half-written.
   */
  private async writeGeneration(generation: string, indexGeneration: string, prepared: readonly PreparedLaw[]): Promise<void> {
    for (const batch of articleBatches(prepared, this.chunkArticles)) {
      await this.store.transaction(async (tx) => {
        if (batch.laws.length > 0) await lawsIn(tx).insertMany(batch.laws.map((law) => stored(law, generation)));
        await articlesIn(tx).insertMany(batch.articles.map((article) => stored(article, generation)));
      });
      await this.index.index(indexGeneration, batch.articles.map(toIndexed));
    }
  }

  /** The one step that makes `generation` the knowledge base, with its events. */
  private async flip(
    generation: string,
    previous: string | undefined,
    prepared: readonly PreparedLaw[],
    purpose: ReplacePurpose,
    actorUserId: string,
  ): Promise<{ laws: number; articles: number }> {
    // The imported laws' events are encoded before the transaction: the flip holds the store (and the loop) only to write.
    const imported = prepared.map((entry) => lawChanged(entry.law, LawChangeKind.IMPORTED, actorUserId));
    return this.store.transaction(async (tx) => {
      const current = (await pointer(tx).get(ACTIVE))?.generation;
      if (current !== previous) {
        throw new AppError("failed_precondition", "the knowledge base changed during the replace", {
          userMessage: { en: "The knowledge base was changed by someone else during the replace. Nothing was changed; please try again.", ar: "تغيّرت قاعدة المعرفة أثناء الاستبدال. لم يتغير شيء؛ يرجى المحاولة مرة أخرى." },
        });
      }
      const since = new Date().toISOString();
      const old = previous ? await lawsOf(tx, previous) : [];
      await pointer(tx).put({ id: ACTIVE, generation, since });
      const record = await generations(tx).get(generation);
      if (!record) throw new Error(`generation ${generation} vanished before its flip`);
      await generations(tx).put({ ...record, state: "active" });
      const retired = previous ? await generations(tx).get(previous) : undefined;
      if (retired) await generations(tx).put({ ...retired, state: "retired" });
      const kept = new Set(prepared.map((entry) => entry.law.id));
      const operation = REPLACE_OPERATIONS[purpose];
      await this.outbox.enqueueAll(tx, [
        ...old.filter((law) => !kept.has(law.key)).map((law) => lawChanged(unstored<LawRecord>(law), LawChangeKind.DELETED, actorUserId, 0)),
        ...imported,
        ...(operation ? [knowledgeBaseChanged(replaceChange(operation, actorUserId, prepared, old))] : []),
      ]);
      return { laws: old.length, articles: old.reduce((sum, law) => sum + law.articleCount, 0) };
    });
  }

  /**
   * Removes a generation's records and its record. Never the active one. Its articles go first, the
   * lowest ids `chunkArticles` at a time, in short transactions a turn of the event loop apart (a
   * generation that is not active is never read, and `open` removes what is left).
   */
  private async dropGeneration(generation: string): Promise<void> {
    if ((await this.activeId()) === generation) throw new Error(`generation ${generation} is active`);
    for (;;) {
      const { items } = await articlesIn(this.store).find({ where: { generation }, limit: this.chunkArticles });
      const last = items.at(-1);
      if (!last) break;
      await this.store.transaction(async (tx) => {
        await articlesIn(tx).deleteMany({ generation, id: { lte: last.id } });
      });
      // The store answers synchronously: without a turn of the event loop, the batches would run as one block.
      await nextTurn();
    }
    await this.store.transaction(async (tx) => {
      if ((await pointer(tx).get(ACTIVE))?.generation === generation) throw new Error(`generation ${generation} is active`);
      await articlesIn(tx).deleteMany({ generation });
      await lawsIn(tx).deleteMany({ generation });
      await generations(tx).delete(generation);
    });
  }

  private async rebuildIndexLocked(): Promise<number> {
    const generation = await this.activeId();
    const indexGeneration = await this.index.createGeneration();
    try {
      let count = 0;
      let cursor: string | undefined;
      while (generation) {
        const page = await articlesIn(this.store).find({ where: { generation }, limit: 1000, cursor });
        await this.index.index(indexGeneration, page.items.map((article) => toIndexed(articleOf(article))));
        count += page.items.length;
        cursor = page.nextCursor;
        if (!cursor) break;
      }
      await this.index.activate(indexGeneration);
      await this.saveIndexSnapshot();
      return count;
    } catch (error) {
      await this.index.discard(indexGeneration).catch(() => undefined);
      throw error;
    }
  }

  /** Applies a change of the active generation to the active search-index generation. */
  private async indexIntoActive(added: readonly ArticleRecord[], removedIds: readonly string[]): Promise<void> {
    const active = await this.index.activeGeneration();
    if (!active) {
      await this.rebuildIndexLocked();
      return;
    }
    try {
      if (removedIds.length > 0) await this.index.remove(active, removedIds);
      if (added.length > 0) await this.index.index(active, added.map(toIndexed));
      await this.saveIndexSnapshot();
    } catch (error) {
      this.logger?.error({ err: error }, "could not update the search index; rebuilding it");
      await this.rebuildIndexLocked();
    }
  }

  /** Before generations, laws and articles lived in `laws` and `articles`: move them into a first generation. */
  private async migrateLegacy(): Promise<boolean> {
    if ((await legacyLaws(this.store).count()) === 0) return false;
    const generation = `g${randomUUID().replaceAll("-", "")}`;
    await this.store.transaction(async (tx) => {
      for (const law of await allPages((cursor) => legacyLaws(tx).find({ limit: 1000, cursor }))) await lawsIn(tx).insert(stored(law, generation));
      let cursor: string | undefined;
      do {
        const page = await legacyArticles(tx).find({ limit: 1000, cursor });
        await articlesIn(tx).insertMany(page.items.map((article) => stored(article, generation)));
        cursor = page.nextCursor;
      } while (cursor);
      await generations(tx).insert({ id: generation, state: "active", purpose: "migration", startedAt: new Date().toISOString() });
      await pointer(tx).put({ id: ACTIVE, generation, since: new Date().toISOString() });
      await legacyArticles(tx).deleteMany({});
      await legacyLaws(tx).deleteMany({});
    });
    return true;
  }

  /**
   * Loads the search index from its snapshot when that holds the active generation at its current
   * revision (and as many articles as are stored); otherwise the caller builds it.
   */
  private async restoreIndex(generation: string): Promise<boolean> {
    const key = await this.snapshotKey();
    if (!key || !this.index.restoreSnapshot || !(await this.index.restoreSnapshot(key))) return false;
    const { totalArticles } = await sizeOf(this.store, generation);
    if ((await this.index.count()) === totalArticles) return true;
    this.logger?.warn({ generation, totalArticles }, "the search-index snapshot does not match the stored articles; rebuilding the index");
    return false;
  }

  /**
   * Saves the search index's snapshot of the active generation as it stands now. Not waited for (the
   * index writes it in order with later calls); a failure only costs the next start a rebuild.
   */
  private async saveIndexSnapshot(): Promise<void> {
    const key = this.index.saveSnapshot && (await this.snapshotKey());
    if (!key) return;
    this.index.saveSnapshot?.(key).catch((error: unknown) => this.logger?.warn({ err: error }, "could not save the search-index snapshot (the next start rebuilds the index)"));
  }

  /** The version of the active content: its generation and how often it was changed in place. */
  private async snapshotKey(): Promise<string | undefined> {
    const active = await pointer(this.store).get(ACTIVE);
    return active && `${active.generation}:${active.revision ?? 0}`;
  }

  private async ensureActive(): Promise<void> {
    if (!(await this.activeId())) await this.replaceLocked([], [], "empty", "");
  }

  private async activeId(): Promise<string | undefined> {
    return (await pointer(this.store).get(ACTIVE))?.generation;
  }

  /** Runs knowledge-base writes of this process one after another. */
  private exclusive<R>(work: () => Promise<R>): Promise<R> {
    const run = this.writes.then(work, work);
    this.writes = run.catch(() => undefined);
    return run;
  }
}

/** A replace as knowledge.base.v1 tells it: delete-all names the laws it removed, the others the laws they brought. */
function replaceChange(operation: KnowledgeOperation, actorUserId: string, prepared: readonly PreparedLaw[], old: readonly StoredLaw[]): KnowledgeBaseChange {
  const totalArticles = prepared.reduce((sum, entry) => sum + entry.articles.length, 0);
  const after = { totalLaws: prepared.length, totalArticles };
  if (operation === KnowledgeOperation.DELETE_ALL) {
    return { operation, actorUserId, lawNames: old.map((law) => law.lawName), articlesChanged: old.reduce((sum, law) => sum + law.articleCount, 0), ...after };
  }
  return { operation, actorUserId, lawNames: prepared.map((entry) => entry.law.lawName), articlesChanged: totalArticles, ...after };
}

function lawNotFound(lawName: string): AppError {
  return new AppError("not_found", `no law named ${lawName}`, {
    userMessage: { en: `No law named "${lawName}" is in the knowledge base.`, ar: `لا يوجد نظام باسم "${lawName}" في قاعدة المعرفة.` },
  });
}

function duplicateLaw(lawName: string, articles: number): AppError {
  return new AppError("already_exists", `law ${lawName} already exists`, {
    userMessage: { en: `File already exists: "${lawName}" is already in the knowledge base.`, ar: `الملف موجود بالفعل: "${lawName}" موجود في قاعدة المعرفة.` },
    details: { message: "File already exists", lawName, newCount: 0, duplicateCount: articles },
  });
}
