import type { MessageInitShape } from "@bufbuild/protobuf";
import type { CitationSchema, KnowledgeService } from "@qai/contracts";
import type { CallOptions, ClientOf, Logger } from "@qai/platform";

export type CitationInit = MessageInitShape<typeof CitationSchema>;

/**
 * Every citation a provider makes is checked against the knowledge base: an article that does not
 * exist there is dropped (and logged as flagged), never shown as real.
 */
export async function verifyCitations(
  knowledge: ClientOf<typeof KnowledgeService>,
  articleIds: readonly string[],
  logger: Logger,
  options: CallOptions,
): Promise<CitationInit[]> {
  const unique = [...new Set(articleIds)];
  if (unique.length === 0) return [];
  const { articles } = await knowledge.getArticles({ ids: unique }, options);
  const unverified = unique.filter((id) => !articles.some((article) => article.id === id));
  if (unverified.length > 0) logger.warn({ unverified }, "dropped citations that are not in the knowledge base");
  return articles.map((article) => ({
    articleId: article.id,
    lawId: article.lawId,
    lawName: article.lawName,
    lawNameEn: article.lawNameEn,
    articleNumber: article.articleNumber,
    articleSuffix: article.articleSuffix,
    articleTitle: article.articleTitle,
    status: article.status,
    sourceUrl: article.sourceUrl,
  }));
}
