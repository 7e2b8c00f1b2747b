import { Language as ProtoLanguage, LawStatus, type Article, type ArticleHit, type KnowledgeService } from "@qai/contracts";
import type { CallOptions, ClientOf } from "@qai/platform";
import type { LawRef, SourceArticle, Turn } from "../providers/provider";
import type { Language } from "./language";

/**
 * Further articles must also score at least this share of the best one. (Whether an article is relevant at all is
 * the knowledge service's decision, `ArticleHit.relevant`, from its search index's policy.)
 */
const MIN_SCORE_RATIO = 0.5;
const SEARCH_LIMIT = 10;
const MAX_SOURCES = 6;
/** A question this short that names no law may be a follow-up about the law under discussion. */
const FOLLOW_UP_MAX_WORDS = 14;
const NAMES_A_LAW = /نظام|لائحة|اللائحة|قانون|مرسوم|\b(?:law|act|code|regulations?|statute)\b/iu;

export interface Retrieved {
  sources: SourceArticle[];
  /** The law under discussion, when this follow-up was answered from it. */
  topicLaw?: LawRef;
}

/** The one knowledge call retrieval makes (the knowledge service's client, or an in-process stand-in in `make eval`). */
export type KnowledgeSearch = Pick<ClientOf<typeof KnowledgeService>, "searchArticles">;

/**
 * The articles relevant to a question. A short follow-up that names no law ("and what about its
 * notice period?") is first searched within the law the conversation is about (the law the last
 * answer cited); a follow-up that finds nothing on its own is searched again together with the
 * previous question of the conversation. The question's own search starts at once: `history` may still
 * be on its way (the conversation service stores the question meanwhile).
 */
export async function retrieveSources(
  knowledge: KnowledgeSearch,
  question: string,
  language: Language,
  conversation: readonly Turn[] | Promise<readonly Turn[]>,
  options: CallOptions,
): Promise<Retrieved> {
  const search = async (query: string) =>
    (await knowledge.searchArticles({ query, language: language === "en" ? ProtoLanguage.EN : ProtoLanguage.AR, limit: SEARCH_LIMIT }, options)).hits;
  const [hits, history] = await Promise.all([search(question), conversation]);
  let sources = relevant(hits);
  const topic = isFollowUp(question) ? lawUnderDiscussion(history) : undefined;
  if (topic && sources[0]?.lawId !== topic.lawId) {
    const focused = relevant((await search(`${question}\n${topic.lawName}`)).filter((hit) => hit.article?.lawId === topic.lawId));
    if (focused.length > 0) sources = focused;
  }
  const previousQuestion = [...history].reverse().find((turn) => turn.isUser)?.content;
  if (sources.length === 0 && previousQuestion) sources = relevant(await search(`${previousQuestion}\n${question}`));
  return { sources, topicLaw: topic && sources[0]?.lawId === topic.lawId ? topic : undefined };
}

/** The law the conversation is about: the first law the latest cited answer cites. */
export function lawUnderDiscussion(history: readonly Turn[]): LawRef | undefined {
  return [...history].reverse().find((turn) => !turn.isUser && turn.laws?.length)?.laws?.[0];
}

function isFollowUp(question: string): boolean {
  return !NAMES_A_LAW.test(question) && question.split(/\s+/).length <= FOLLOW_UP_MAX_WORDS;
}

function relevant(hits: readonly ArticleHit[]): SourceArticle[] {
  const best = hits[0];
  if (!best?.relevant) return [];
  return hits
    .filter((hit) => hit.relevant && hit.score >= best.score * MIN_SCORE_RATIO)
    .slice(0, MAX_SOURCES)
    .flatMap((hit) => (hit.article ? [toSource(hit.article, hit.score, hit.coverage)] : []));
}

export function toSource(article: Article, score: number, coverage: number): SourceArticle {
  return {
    id: article.id,
    lawId: article.lawId,
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
