import { Router } from "express";
import { z } from "zod";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { ActivityWindow } from "@qai/contracts";
import type { GatewayDependencies } from "../dependencies";
import { auditJson, consumerJson, frequentQuestionJson, insightsJson, userJson } from "../http/admin-views";
import { validate } from "../http/validation";

const pageLimit = (max: number) => z.coerce.number().int().min(1).max(max).optional();
const cursor = z.string().max(1000).optional();

export const usersSchema = z.object({ search: z.string().max(200).optional(), limit: pageLimit(100), cursor });
export const providerUsersSchema = z.object({ provider: z.string().regex(/^[a-z0-9_]{1,40}$/, "must be a provider id such as email") });
export const activeUsersSchema = z.object({ kind: z.enum(["now", "today", "week"]) });
export const limitSchema = z.object({ limit: pageLimit(100) });
export const insightsSchema = z.object({ days: z.enum(["30", "90"]).optional(), limit: pageLimit(50) });
export const auditSchema = z.object({ limit: pageLimit(100), cursor });

const WINDOWS = { now: ActivityWindow.NOW, today: ActivityWindow.TODAY, week: ActivityWindow.WEEK } as const;

/**
 * The admin dashboards' figures (spec §3/§7), read from the admin-analytics service. Mounted after
 * `adminRoutes`, so every path here is admins-only.
 */
export function adminAnalyticsRoutes({ analytics, authAdmin, knowledge, chat }: GatewayDependencies): Router {
  const router = Router();

  router.get("/api/admin/stats", async (_request, response) => {
    const { questionsToday, totalQuestions, totalConversations } = await analytics.getGeneralStats({});
    response.json({ questionsToday, totalQuestions, totalConversations });
  });

  router.get("/api/admin/system-stats", async (_request, response) => {
    const [stats, providers, lag] = await Promise.all([knowledge.getStats({}), chat.listProviders({}), analytics.getConsumerLag({})]);
    response.json({
      knowledgeBase: { totalArticles: stats.totalArticles, totalLaws: stats.totalLaws, generation: stats.generation || null },
      providers: providers.providers.map(({ id, label, available, reason }) => ({ id, label, available, status: available ? "available" : "unavailable", reason: reason || null })),
      consumers: lag.consumers.map(consumerJson),
      analyticsStartedAt: lag.startedAt ? timestampDate(lag.startedAt).toISOString() : null,
      uptimeSeconds: Math.round(process.uptime()),
    });
  });

  router.get("/api/admin/users", async (request, response) => {
    const query = validate(usersSchema, request.query);
    const [page, auth] = await Promise.all([
      analytics.listUsers({ search: query.search ?? "", limit: query.limit ?? 0, cursor: query.cursor ?? "" }),
      authAdmin.countUsers({}),
    ]);
    const now = new Date();
    response.json({ users: page.users.map((user) => userJson(user, now)), totalSupabaseUsers: auth.total, total: page.total, nextCursor: page.nextCursor || null });
  });

  router.get("/api/admin/user-stats", async (_request, response) => {
    const { totalRegistered, activeUsers, activeToday, activeThisWeek } = await analytics.getUserStats({});
    response.json({ totalRegistered, activeUsers, activeToday, activeThisWeek });
  });

  router.get("/api/admin/active-users", async (_request, response) => {
    const counts = await Promise.all(Object.values(WINDOWS).map((window) => analytics.listActiveUsers({ window, limit: 1 })));
    const [now, today, week] = counts.map((answer) => answer.count);
    response.json({ now, today, week });
  });

  router.get("/api/admin/active-users/:kind", async (request, response) => {
    const { kind } = validate(activeUsersSchema, request.params);
    const { limit } = validate(limitSchema, request.query);
    const active = await analytics.listActiveUsers({ window: WINDOWS[kind], limit: limit ?? 0 });
    const now = new Date();
    response.json({ kind, count: active.count, users: active.users.map((user) => userJson(user, now)) });
  });

  router.get("/api/admin/questions", async (request, response) => {
    const { limit } = validate(limitSchema, request.query);
    const { questions } = await analytics.listFrequentQuestions({ limit: limit ?? 0 });
    response.json(questions.map(frequentQuestionJson));
  });

  router.get("/api/admin/feedback-stats", async (_request, response) => {
    const { likes, dislikes } = await analytics.getFeedbackStats({});
    response.json({ likes, dislikes });
  });

  router.get("/api/admin/insights", async (request, response) => {
    const query = validate(insightsSchema, request.query);
    response.json(insightsJson(await analytics.getInsights({ days: Number(query.days ?? 30), limit: query.limit ?? 0 })));
  });

  router.get("/api/admin/audit", async (request, response) => {
    const query = validate(auditSchema, request.query);
    const page = await analytics.listAudit({ limit: query.limit ?? 0, cursor: query.cursor ?? "" });
    response.json({ entries: page.entries.map(auditJson), nextCursor: page.nextCursor || null });
  });

  // Last: "/api/admin/active-users" above must not be read as the users of a provider named "active".
  router.get("/api/admin/:provider-users", async (request, response) => {
    const { provider } = validate(providerUsersSchema, request.params);
    const query = validate(usersSchema, request.query);
    const page = await analytics.listUsers({ provider, search: query.search ?? "", limit: query.limit ?? 0, cursor: query.cursor ?? "" });
    const now = new Date();
    response.json({ provider, users: page.users.map((user) => userJson(user, now)), total: page.total, nextCursor: page.nextCursor || null });
  });

  return router;
}
