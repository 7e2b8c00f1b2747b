import type { MessageInitShape } from "@bufbuild/protobuf";
import type { CitationSchema, KnowledgeService } from "@qai/contracts";
import type { CallOptions, ClientOf, Logger } from "@qai/platform";

export type CitationInit = MessageInitShape<typeof CitationSchema>;

/**
 * Every citation a provider makes is checked against the knowledge base: an article that does not
 * exist there is dropped (logged, and returned as `unverified` so the answer flags it), never shown
 * as real. Verified citations keep the order in which they were cited.
 */
export async function verifyCitations(
  knowledge: ClientOf<typeof KnowledgeService>,
  articleIds: readonly string[],
  logger: Logger,
  options: CallOptions,
): Promise<{ citations: CitationInit[]; unverified: string[] }> {
  const unique = [...new Set(articleIds)];
  if (unique.length === 0) return { citations: [], unverified: [] };
  const { articles } = await knowledge.getArticles({ ids: unique }, options);
  const unverified = unique.filter((id) => !articles.some((article) => article.id === id));
  if (unverified.length > 0) logger.warn({ unverified }, "dropped citations that are not in the knowledge base");
  const verified = unique.flatMap((id) => articles.filter((article) => article.id === id));
  const citations = verified.map((article) => ({
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
  return { citations, unverified };
}
