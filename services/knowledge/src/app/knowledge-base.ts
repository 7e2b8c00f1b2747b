import { create, toBinary } from "@bufbuild/protobuf";
import { timestampNow } from "@bufbuild/protobuf/wkt";
import { LawChangeKind, LawChangedSchema, TOPICS } from "@qai/contracts";
import type { Outbox } from "@qai/event-bus";
import type { RecordStore, Transaction } from "@qai/record-store";
import type { IndexedArticle, SearchIndex } from "@qai/search-index";
import { recordsOf, type ArticleRecord, type LawRecord } from "../domain/records";
import type { LawFile } from "../domain/law-file";


export interface ArticleHit {
  article: ArticleRecord;
  score: number;
  coverage: number;
}

export interface ImportResult {
  imported: number;
  duplicates: string[];
  articles: number;
}

export interface KnowledgeStats {
  totalArticles: number;
  totalLaws: number;
  laws: Array<{ lawId: string; lawName: string; sourceUrl: string; articleCount: number }>;
}

/** Laws and their articles: stored in the record store, searched through the search index. */
export class KnowledgeBase {
  constructor(
    private readonly store: RecordStore,
    private readonly index: SearchIndex,
    private readonly outbox: Outbox,
    private readonly onCommit: () => void = () => undefined,
  ) {}

  /** Adds laws that are not stored yet (same law id = duplicate, left as it is). */
  async importLaws(files: readonly LawFile[]): Promise<ImportResult> {
    const importedAt = new Date().toISOString();
    const added: ArticleRecord[] = [];
    const duplicates: string[] = [];
    await this.store.transaction(async (tx) => {
      for (const file of files) {
        const { law, articles } = recordsOf(file, importedAt);
        if (await laws(tx).get(law.id)) {
          duplicates.push(law.lawName);
          continue;
        }
        await laws(tx).insert(law);
        await articlesOf(tx).insertMany(articles);
        await this.outbox.enqueue(tx, lawChanged(law));
        added.push(...articles);
      }
    });
    this.onCommit();
    await this.indexIntoActive(added);
    return { imported: files.length - duplicates.length, duplicates, articles: added.length };
  }

  /** Rebuilds the search index from the stored articles as a new generation, then flips to it. */
  async rebuildIndex(): Promise<number> {
    const generation = await this.index.createGeneration();
    try {
      let count = 0;
      let cursor: string | undefined;
      do {
        const page = await articlesOf(this.store).find({ limit: 1000, cursor });
        await this.index.index(generation, page.items.map(toIndexed));
        count += page.items.length;
        cursor = page.nextCursor;
      } while (cursor);
      await this.index.activate(generation);
      return count;
    } catch (error) {
      await this.index.discard(generation);
      throw error;
    }
  }

  async lawCount(): Promise<number> {
    return laws(this.store).count();
  }

  async search(query: string, options: { limit: number; language: "ar" | "en" }): Promise<ArticleHit[]> {
    const hits = await this.index.search(query, options);
    const found = new Map((await articlesOf(this.store).getMany(hits.map((hit) => hit.id))).map((article) => [article.id, article]));
    return hits.flatMap((hit) => {
      const article = found.get(hit.id);
      return article ? [{ article, score: hit.score, coverage: hit.coverage }] : [];
    });
  }

  async articles(ids: readonly string[]): Promise<ArticleRecord[]> {
    return articlesOf(this.store).getMany(ids);
  }

  async stats(): Promise<KnowledgeStats> {
    const all: LawRecord[] = [];
    let cursor: string | undefined;
    do {
      const page = await laws(this.store).find({ limit: 1000, cursor });
      all.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return {
      totalArticles: all.reduce((sum, law) => sum + law.articleCount, 0),
      totalLaws: all.length,
      laws: all.map((law) => ({ lawId: law.id, lawName: law.lawName, sourceUrl: law.sourceUrl, articleCount: law.articleCount })),
    };
  }

  private async indexIntoActive(articles: readonly ArticleRecord[]): Promise<void> {
    if (articles.length === 0) return;
    const active = await this.index.activeGeneration();
    if (active) await this.index.index(active, articles.map(toIndexed));
    else await this.rebuildIndex();
  }
}

function toIndexed(article: ArticleRecord): IndexedArticle {
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

function lawChanged(law: LawRecord) {
  const event = create(LawChangedSchema, {
    lawId: law.id,
    lawName: law.lawName,
    kind: LawChangeKind.IMPORTED,
    articleCount: law.articleCount,
    occurredAt: timestampNow(),
  });
  return { topic: TOPICS.knowledgeLaw, key: law.id, type: LawChangedSchema.typeName, payload: toBinary(LawChangedSchema, event), headers: {} };
}

const laws = (c: Transaction) => c.collection<LawRecord>("laws");
const articlesOf = (c: Transaction) => c.collection<ArticleRecord>("articles", { indexes: ["lawId"] });
