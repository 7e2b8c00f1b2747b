import type { MessageInitShape } from "@bufbuild/protobuf";
import { Language, LawStatus, type ArticleSchema, type KnowledgeService } from "@qai/contracts";
import { AppError, type HandlersOf } from "@qai/platform";
import type { KnowledgeBase } from "../app/knowledge-base";
import type { ArticleRecord } from "../domain/records";

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 100;

export function knowledgeHandlers(knowledge: KnowledgeBase): HandlersOf<typeof KnowledgeService> {
  return {
    async searchArticles({ query, limit, language }) {
      if (!query.trim()) throw new AppError("invalid_argument", "query is empty");
      const hits = await knowledge.search(query, {
        limit: Math.min(limit || DEFAULT_LIMIT, MAX_LIMIT),
        language: language === Language.EN ? "en" : "ar",
      });
      return { hits: hits.map((hit) => ({ article: toArticle(hit.article), score: hit.score, coverage: hit.coverage })) };
    },
    async getArticles({ ids }) {
      return { articles: (await knowledge.articles(ids)).map(toArticle) };
    },
    async getStats() {
      return knowledge.stats();
    },
  };
}

function toArticle(record: ArticleRecord): MessageInitShape<typeof ArticleSchema> {
  return {
    ...record,
    lawNameEn: record.lawNameEn ?? "",
    lawNumber: record.lawNumber ?? "",
    lawDate: record.lawDate ?? "",
    status: record.status === "repealed" ? LawStatus.REPEALED : LawStatus.IN_FORCE,
  };
}
