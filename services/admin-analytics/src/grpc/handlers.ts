import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate, type Timestamp } from "@bufbuild/protobuf/wkt";
import type { AdminAnalyticsService, CitedArticleSchema, FrequentQuestionSchema, UserSummarySchema } from "@qai/contracts";
import type { HandlersOf } from "@qai/platform";
import type { ConsumerLag } from "../app/consumer-lag";
import type { AuditTrail } from "../app/queries/audit";
import type { GeneralFigures } from "../app/queries/general";
import type { CitedArticleRow, Insights } from "../app/queries/insights";
import type { UserFigures } from "../app/queries/users";
import { encodeCursor } from "../domain/cursor";
import { dislikeRate, type QuestionGroupRecord, type UserRecord } from "../domain/records";
import { activityWindow, cursorKey, pageSize, periodDays, userFilter } from "./validation";

export interface AnalyticsApp {
  general: GeneralFigures;
  users: UserFigures;
  insights: Insights;
  audit: AuditTrail;
  consumerLag: ConsumerLag;
}

export function analyticsHandlers({ general, users, insights, audit, consumerLag }: AnalyticsApp): HandlersOf<typeof AdminAnalyticsService> {
  return {
    async getGeneralStats() {
      return general.general();
    },
    async listUsers(request) {
      const limit = pageSize(request.limit, { fallback: 50, max: 100 });
      const page = await users.list({ ...userFilter(request.search, request.provider), limit, after: cursorKey(request.cursor) });
      return { users: page.users.map(toUserSummary), total: page.total, nextCursor: page.nextAfter ? encodeCursor(page.nextAfter) : "" };
    },
    async getUserStats() {
      return users.stats();
    },
    async listActiveUsers({ window, limit }) {
      const active = await users.active(activityWindow(window), pageSize(limit, { fallback: 50, max: 100 }));
      return { count: active.count, users: active.users.map(toUserSummary) };
    },
    async listFrequentQuestions({ limit }) {
      return { questions: (await general.frequentQuestions(pageSize(limit, { fallback: 20, max: 100 }))).map(toFrequentQuestion) };
    },
    async getFeedbackStats() {
      return general.feedback();
    },
    async getInsights(request) {
      const report = await insights.report(periodDays(request.days), pageSize(request.limit, { fallback: 10, max: 50 }));
      return {
        days: report.days,
        ...report.totals,
        answerMsP50: report.answerMsP50,
        answerMsP95: report.answerMsP95,
        providers: report.providers,
        citedLaws: report.citedLaws.map((law) => ({ lawId: law.id, lawName: law.name, lawNameEn: law.nameEn, citations: law.citations, likes: law.likes, dislikes: law.dislikes })),
        citedArticles: report.citedArticles.map(toCitedArticle),
        dislikedArticles: report.dislikedArticles.map(toCitedArticle),
        gapsList: report.gaps.map((gap) => ({ question: gap.question, count: gap.count, lastAskedAt: timestamp(gap.lastAskedAt) })),
        series: report.series.map(({ id, questions, arabic, english, guests, registered, likes, dislikes, gaps, fallbacks }) => ({
          date: id,
          questions,
          arabic,
          english,
          guests,
          registered,
          likes,
          dislikes,
          gaps,
          fallbacks,
        })),
      };
    },
    async listAudit(request) {
      const page = await audit.list(pageSize(request.limit, { fallback: 50, max: 100 }), cursorKey(request.cursor));
      return {
        entries: page.entries.map(({ id, occurredAt, actorUserId, actorEmail, action, target, detail }) => ({
          id,
          occurredAt: timestamp(occurredAt),
          actorUserId,
          actorEmail,
          action,
          target,
          detail,
        })),
        nextCursor: page.nextAfter ? encodeCursor(page.nextAfter) : "",
      };
    },
    async getConsumerLag() {
      const topics = await consumerLag.report();
      return {
        consumers: topics.map(({ topic, group, record }) => ({
          topic,
          group,
          eventsProcessed: BigInt(record?.eventsProcessed ?? 0),
          lastEventAt: timestamp(record?.lastEventAt),
          lastProcessedAt: timestamp(record?.lastProcessedAt),
          lagMs: record ? BigInt(Math.max(0, Date.parse(record.lastProcessedAt) - Date.parse(record.lastEventAt))) : 0n,
        })),
        startedAt: timestampFromDate(consumerLag.startedAt),
      };
    },
  };
}

function timestamp(iso: string | undefined): Timestamp | undefined {
  return iso ? timestampFromDate(new Date(iso)) : undefined;
}

function toUserSummary(user: UserRecord): MessageInitShape<typeof UserSummarySchema> {
  return {
    userId: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    createdAt: timestamp(user.createdAt),
    isAdmin: user.isAdmin,
    questionCount: user.questionCount,
    lastActiveAt: timestamp(user.lastActiveAt),
    provider: user.provider,
  };
}

function toFrequentQuestion(group: QuestionGroupRecord): MessageInitShape<typeof FrequentQuestionSchema> {
  const { question, count, likes, dislikes, latestAnswer } = group;
  return { question, count, likes, dislikes, latestAnswer, lastAskedAt: timestamp(group.lastAskedAt) };
}

function toCitedArticle(article: CitedArticleRow): MessageInitShape<typeof CitedArticleSchema> {
  return {
    articleId: article.id,
    lawId: article.lawId,
    lawName: article.law?.name ?? "",
    lawNameEn: article.law?.nameEn ?? "",
    articleNumber: article.number,
    articleSuffix: article.suffix,
    citations: article.citations,
    likes: article.likes,
    dislikes: article.dislikes,
    dislikeRate: dislikeRate(article),
  };
}
