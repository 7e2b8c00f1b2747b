import { setImmediate as nextTurn } from "node:timers/promises";
import { KnowledgeOperation, LawChangeKind } from "@qai/contracts";
import type { Outbox } from "@qai/event-bus";
import { AppError } from "@qai/platform";
import type { RecordStore } from "@qai/record-store";
import type { SearchIndex } from "@qai/search-index";
import type { LawRecord } from "../domain/records";
import { articleBatches, type PreparedLaw } from "./generations";
import { knowledgeBaseChanged, lawChanged, type KnowledgeBaseChange } from "./knowledge-events";
import { ACTIVE, articlesIn, generations, lawsIn, lawsOf, pointer, stored, toIndexed, unstored, type StoredLaw } from "./stored-knowledge";

/** Why a generation was built; "empty" is the first generation of a knowledge base that starts without laws. */
export type ReplacePurpose = "seed" | "replace" | "delete-all" | "empty";

/** The operation knowledge.base.v1 reports for each replace (none for an empty start). */
const REPLACE_OPERATIONS: Record<ReplacePurpose, KnowledgeOperation | undefined> = {
  seed: KnowledgeOperation.SEED,
  replace: KnowledgeOperation.REPLACE_ALL,
  "delete-all": KnowledgeOperation.DELETE_ALL,
  empty: undefined,
};

/**
 * The steps of a replace on the record store: a new generation written in short transactions (never
 * visible), the flip that makes it the knowledge base with its events, and the removal of a generation
 * that is not active. `KnowledgeBase` runs them in order and serialises them with its other writes.
 */
export class GenerationWriter {
  constructor(
    private readonly store: RecordStore,
    private readonly index: SearchIndex,
    private readonly outbox: Outbox,
    /** Articles written (and removed) per transaction. */
    private readonly chunkArticles: number,
  ) {}

  /**
   * Writes a new generation's records (not visible yet) and indexes them into `indexGeneration`, about
   * `chunkArticles` articles per transaction — a long law split over several: nothing reads a generation
   * before its flip, and `open` removes one left half-written.
   */
  async write(generation: string, indexGeneration: string, prepared: readonly PreparedLaw[]): Promise<void> {
    for (const batch of articleBatches(prepared, this.chunkArticles)) {
      await this.store.transaction(async (tx) => {
        if (batch.laws.length > 0) await lawsIn(tx).insertMany(batch.laws.map((law) => stored(law, generation)));
        await articlesIn(tx).insertMany(batch.articles.map((article) => stored(article, generation)));
      });
      await this.index.index(indexGeneration, batch.articles.map(toIndexed));
    }
  }

  /** The one step that makes `generation` the knowledge base, with its events. */
  async flip(
    generation: string,
    previous: string | undefined,
    prepared: readonly PreparedLaw[],
    purpose: ReplacePurpose,
    actorUserId: string,
  ): Promise<{ laws: number; articles: number }> {
    // The imported laws' events are encoded before the transaction, and the work inside it is split over
    // turns of the event loop (a 2× replace's flip was one ~60 ms turn): the store is held, the loop is not.
    const imported = prepared.map((entry) => lawChanged(entry.law, LawChangeKind.IMPORTED, actorUserId));
    await nextTurn();
    return this.store.transaction(async (tx) => {
      const current = (await pointer(tx).get(ACTIVE))?.generation;
      if (current !== previous) {
        throw new AppError("failed_precondition", "the knowledge base changed during the replace", {
          userMessage: { en: "The knowledge base was changed by someone else during the replace. Nothing was changed; please try again.", ar: "تغيّرت قاعدة المعرفة أثناء الاستبدال. لم يتغير شيء؛ يرجى المحاولة مرة أخرى." },
        });
      }
      const since = new Date().toISOString();
      const old = previous ? await lawsOf(tx, previous) : [];
      const kept = new Set(prepared.map((entry) => entry.law.id));
      const deleted = old.filter((law) => !kept.has(law.key)).map((law) => lawChanged(unstored<LawRecord>(law), LawChangeKind.DELETED, actorUserId, 0));
      await nextTurn();
      await pointer(tx).put({ id: ACTIVE, generation, since });
      const record = await generations(tx).get(generation);
      if (!record) throw new Error(`generation ${generation} vanished before its flip`);
      await generations(tx).put({ ...record, state: "active" });
      const retired = previous ? await generations(tx).get(previous) : undefined;
      if (retired) await generations(tx).put({ ...retired, state: "retired" });
      const operation = REPLACE_OPERATIONS[purpose];
      await this.outbox.enqueueAll(tx, [
        ...deleted,
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
  async drop(generation: string): Promise<void> {
    if ((await pointer(this.store).get(ACTIVE))?.generation === generation) throw new Error(`generation ${generation} is active`);
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
