import { timestampDate, type Timestamp } from "@bufbuild/protobuf/wkt";
import type { AuditEntry, CitedArticle, CitedLaw, ConsumerLag, FrequentQuestion, GetInsightsResponse, UserSummary } from "@qai/contracts";

/** Spec §2: the users list's Active badge means activity within the last 7 days. */
export const ACTIVE_BADGE_MS = 7 * 24 * 60 * 60 * 1000;

function iso(timestamp: Timestamp | undefined): string | null {
  return timestamp ? timestampDate(timestamp).toISOString() : null;
}

/** An admin user-list item (spec §3) plus its auth provider and the Active badge. */
export function userJson(user: UserSummary, now: Date) {
  const lastActiveAt = iso(user.lastActiveAt);
  return {
    id: user.userId,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    createdAt: iso(user.createdAt),
    isAdmin: user.isAdmin,
    questionCount: user.questionCount,
    lastActiveAt,
    provider: user.provider,
    isActive: lastActiveAt !== null && now.getTime() - Date.parse(lastActiveAt) <= ACTIVE_BADGE_MS,
  };
}

/** A frequent question (spec §3). */
export function frequentQuestionJson(question: FrequentQuestion) {
  return {
    question: question.question,
    count: question.count,
    likes: question.likes,
    dislikes: question.dislikes,
    latestAnswer: question.latestAnswer,
    lastAskedAt: iso(question.lastAskedAt),
  };
}

function lawJson(law: CitedLaw) {
  return { lawId: law.lawId, lawName: law.lawName, lawNameEn: law.lawNameEn || null, citations: law.citations, likes: law.likes, dislikes: law.dislikes };
}

function articleJson(article: CitedArticle) {
  return {
    articleId: article.articleId,
    lawId: article.lawId,
    lawName: article.lawName,
    lawNameEn: article.lawNameEn || null,
    articleNumber: article.articleNumber,
    articleSuffix: article.articleSuffix || null,
    citations: article.citations,
    likes: article.likes,
    dislikes: article.dislikes,
    dislikeRate: article.dislikeRate,
  };
}

/** The legal team's figures for a period, with the per-day series for charts. */
export function insightsJson(insights: GetInsightsResponse) {
  return {
    days: insights.days,
    totals: {
      questions: insights.questions,
      arabic: insights.arabic,
      english: insights.english,
      guests: insights.guests,
      registered: insights.registered,
      gaps: insights.gaps,
    },
    answerMs: { p50: insights.answerMsP50, p95: insights.answerMsP95 },
    providers: insights.providers.map(({ provider, answers, fallbacks }) => ({ provider, answers, fallbacks })),
    citedLaws: insights.citedLaws.map(lawJson),
    citedArticles: insights.citedArticles.map(articleJson),
    dislikedArticles: insights.dislikedArticles.map(articleJson),
    gaps: insights.gapsList.map((gap) => ({ question: gap.question, count: gap.count, lastAskedAt: iso(gap.lastAskedAt) })),
    series: insights.series.map((day) => ({
      date: day.date,
      questions: day.questions,
      arabic: day.arabic,
      english: day.english,
      guests: day.guests,
      registered: day.registered,
      likes: day.likes,
      dislikes: day.dislikes,
      gaps: day.gaps,
      fallbacks: day.fallbacks,
    })),
  };
}

export function auditJson(entry: AuditEntry) {
  return {
    id: entry.id,
    occurredAt: iso(entry.occurredAt),
    actor: entry.actorUserId ? { id: entry.actorUserId, email: entry.actorEmail || null } : null,
    action: entry.action,
    target: entry.target,
    detail: entry.detail,
  };
}

export function consumerJson(consumer: ConsumerLag) {
  return {
    topic: consumer.topic,
    group: consumer.group,
    eventsProcessed: Number(consumer.eventsProcessed),
    lastEventAt: iso(consumer.lastEventAt),
    lastProcessedAt: iso(consumer.lastProcessedAt),
    lagMs: Number(consumer.lagMs),
  };
}
