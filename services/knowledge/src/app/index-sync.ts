import type { Logger } from "@qai/platform";
import type { RecordStore } from "@qai/record-store";
import type { SearchIndex } from "@qai/search-index";
import type { ArticleRecord } from "../domain/records";
import { ACTIVE, articleOf, articlesIn, contentVersion, pointer, sizeOf, toIndexed } from "./stored-knowledge";

/**
 * Keeps the search index in step with the active generation: a full rebuild, a change applied to the
 * active index generation, and the index's snapshot (restored at start when it holds the active content).
 */
export class IndexSync {
  constructor(
    private readonly store: RecordStore,
    private readonly index: SearchIndex,
    private readonly logger?: Pick<Logger, "warn" | "error">,
  ) {}

  /** Builds a new index generation from the active generation's articles and activates it; returns their number. */
  async rebuild(): Promise<number> {
    const generation = (await pointer(this.store).get(ACTIVE))?.generation;
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
      await this.saveSnapshot();
      return count;
    } catch (error) {
      await this.index.discard(indexGeneration).catch(() => undefined);
      throw error;
    }
  }

  /** Applies a change of the active generation to the active search-index generation. */
  async applyToActive(added: readonly ArticleRecord[], removedIds: readonly string[]): Promise<void> {
    const active = await this.index.activeGeneration();
    if (!active) {
      await this.rebuild();
      return;
    }
    try {
      if (removedIds.length > 0) await this.index.remove(active, removedIds);
      if (added.length > 0) await this.index.index(active, added.map(toIndexed));
      await this.saveSnapshot();
    } catch (error) {
      this.logger?.error({ err: error }, "could not update the search index; rebuilding it");
      await this.rebuild();
    }
  }

  /**
   * Loads the search index from its snapshot when that holds the active generation at its current
   * revision (and as many articles as are stored); otherwise the caller builds it.
   */
  async restore(generation: string): Promise<boolean> {
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
  async saveSnapshot(): Promise<void> {
    const key = this.index.saveSnapshot && (await this.snapshotKey());
    if (!key) return;
    this.index.saveSnapshot?.(key).catch((error: unknown) => this.logger?.warn({ err: error }, "could not save the search-index snapshot (the next start rebuilds the index)"));
  }

  private async snapshotKey(): Promise<string | undefined> {
    return (await contentVersion(this.store))?.version;
  }
}
