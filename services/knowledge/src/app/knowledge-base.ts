import { randomUUID } from "node:crypto";
import { KnowledgeOperation, LawChangeKind } from "@qai/contracts";
import type { Outbox } from "@qai/event-bus";
import { AppError, type Logger } from "@qai/platform";
import type { RecordStore } from "@qai/record-store";
import { isRelevant, type SearchIndex } from "@qai/search-index";
import { lawFileOf, officialUrl, recordsOf, type ArticleRecord, type LawRecord } from "../domain/records";
import type { LawFile } from "../domain/law-file";
import { allPages, prepareLaws } from "./generations";
import { GenerationWriter, type ReplacePurpose } from "./generation-writer";
import { ArticleCache } from "./article-cache";
import { IndexSync } from "./index-sync";
import { knowledgeBaseChanged, lawChanged } from "./knowledge-events";
import type { ArticleHit, ImportResult, KnowledgeStats, LoadResult, ReplaceResult, UploadResult, ValidationResult } from "./knowledge-results";
import {
  ACTIVE,
  activeIn,
  articleOf,
  articlesIn,
  articlesOfLaw,
  contentVersion,
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
  private readonly writer: GenerationWriter;
  private readonly indexSync: IndexSync;
  private readonly cache = new ArticleCache();

  constructor(
    private readonly store: RecordStore,
    private readonly index: SearchIndex,
    private readonly outbox: Outbox,
    options: KnowledgeBaseOptions = {},
  ) {
    this.onCommit = options.onCommit ?? (() => undefined);
    this.logger = options.logger;
    this.writer = new GenerationWriter(store, index, outbox, options.chunkArticles ?? 200);
    this.indexSync = new IndexSync(store, index, options.logger);
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
        await this.writer.drop(generation.id);
        discarded++;
      }
      if (!active) {
        if (await this.migrateLegacy()) return { articles: await this.indexSync.rebuild(), seeded: false, discarded, migrated: true, restored: false };
        const files = seed ? await seed() : [];
        const result = await this.replaceLocked(files, [], files.length > 0 ? "seed" : "empty", "");
        return { articles: result.totalArticles, seeded: true, discarded, migrated: false, restored: false };
      }
      if (await this.indexSync.restore(active)) return { articles: await this.index.count(), seeded: false, discarded, migrated: false, restored: true };
      return { articles: await this.indexSync.rebuild(), seeded: false, discarded, migrated: false, restored: false };
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
      await this.indexSync.applyToActive(articles, []);
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
      await this.indexSync.applyToActive(articles, removed);
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
        // A new version of the content (articles in memory carry the old URLs); the search index is unchanged.
        if (updated.length > 0) await nextRevision(tx);
        return { updatedCount: updated.length, totalLawsChecked: laws.length };
      });
      this.onCommit();
      if (result.updatedCount > 0) await this.indexSync.saveSnapshot();
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
    return this.exclusive(() => this.indexSync.rebuild());
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

  /** The articles that exist in the active generation, in the order of `ids` (hot ones from memory, `ArticleCache`). */
  async articles(ids: readonly string[]): Promise<ArticleRecord[]> {
    if (ids.length === 0) return [];
    const read = async (active: { generation: string; version: string } | undefined) =>
      active
        ? this.cache.get(active.version, ids, async (missing) => (await articlesIn(this.store).getMany(missing.map((id) => storedId(active.generation, id)))).map(articleOf))
        : [];
    const active = await contentVersion(this.store);
    const found = await read(active);
    if (found.length === ids.length) return found;
    // A replace may have flipped between reading the pointer and the articles: read once more.
    const now = await contentVersion(this.store);
    return now?.version === active?.version ? found : read(now);
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
      await this.writer.write(generation, indexGeneration, prepared);
      removed = await this.writer.flip(generation, previous, prepared, purpose, actorUserId);
    } catch (error) {
      if (indexGeneration !== undefined) await this.index.discard(indexGeneration).catch(() => undefined);
      await this.writer.drop(generation).catch((dropError: unknown) => this.logger?.warn({ err: dropError, generation }, "could not remove a failed generation (removed on next start)"));
      if (error instanceof AppError && error.code !== "internal") throw error;
      throw new AppError("internal", `replace failed: ${error instanceof Error ? error.message : String(error)}`, { userMessage: ATOMIC_REPLACE_FAILED, cause: error });
    }
    this.onCommit();
    try {
      await this.index.activate(indexGeneration);
      await this.indexSync.saveSnapshot();
    } catch (error) {
      this.logger?.error({ err: error }, "could not activate the new search-index generation; rebuilding it");
      await this.indexSync.rebuild();
    }
    if (previous) {
      await this.writer.drop(previous).catch((error: unknown) => this.logger?.warn({ err: error, generation: previous }, "could not remove the replaced generation (removed on next start)"));
    }
    return {
      filesProcessed: prepared.length,
      totalArticles: prepared.reduce((sum, law) => sum + law.articles.length, 0),
      removedLaws: removed.laws,
      removedArticles: removed.articles,
    };
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
