import { Language as ProtoLanguage, LawStatus, type Article, type ArticleHit, type KnowledgeService } from "@qai/contracts";
import type { CallOptions, ClientOf } from "@qai/platform";
import type { SourceArticle, Turn } from "../providers/provider";
import type { Language } from "./language";

/** An article is relevant when it covers at least this IDF-weighted share of the question's terms. */
export const MIN_COVERAGE = 0.5;
/** Further articles must also score at least this share of the best one. */
const MIN_SCORE_RATIO = 0.5;
const SEARCH_LIMIT = 10;
const MAX_SOURCES = 6;

type KnowledgeClient = ClientOf<typeof KnowledgeService>;

/**
 * The articles relevant to a question. A follow-up that finds nothing on its own ("and what about
 * its notice period?") is searched again together with the previous question of the conversation.
 */
export async function retrieveSources(
  knowledge: KnowledgeClient,
  question: string,
  language: Language,
  history: readonly Turn[],
  options: CallOptions,
): Promise<SourceArticle[]> {
  const search = async (query: string) =>
    (await knowledge.searchArticles({ query, language: language === "en" ? ProtoLanguage.EN : ProtoLanguage.AR, limit: SEARCH_LIMIT }, options)).hits;
  let sources = relevant(await search(question));
  const previousQuestion = [...history].reverse().find((turn) => turn.isUser)?.content;
  if (sources.length === 0 && previousQuestion) sources = relevant(await search(`${previousQuestion}\n${question}`));
  return sources;
}

function relevant(hits: readonly ArticleHit[]): SourceArticle[] {
  const best = hits[0];
  if (!best || best.coverage < MIN_COVERAGE) return [];
  return hits
    .filter((hit) => hit.coverage >= MIN_COVERAGE && hit.score >= best.score * MIN_SCORE_RATIO)
    .slice(0, MAX_SOURCES)
    .flatMap((hit) => (hit.article ? [toSource(hit.article, hit.score, hit.coverage)] : []));
}

export function toSource(article: Article, score: number, coverage: number): SourceArticle {
  return {
    id: article.id,
    lawName: article.lawName,
    lawNameEn: article.lawNameEn || undefined,
    articleNumber: article.articleNumber,
    articleSuffix: article.articleSuffix,
    articleTitle: article.articleTitle,
    content: article.articleContent,
    status: article.status === LawStatus.REPEALED ? "repealed" : "in_force",
    sourceUrl: article.sourceUrl,
    score,
    coverage,
  };
}
