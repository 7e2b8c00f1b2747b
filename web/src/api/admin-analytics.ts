/**
 * The admin dashboards' figures (spec §3/§7, README "Admin calls"): admins only, the bearer token
 * identifies the caller (401 without one, 403 for other users).
 */
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "./client";
import { adminAnalyticsKeys } from "./keys";

export interface GeneralStats {
  questionsToday: number;
  totalQuestions: number;
  totalConversations: number;
}

export interface UserStats {
  totalRegistered: number;
  activeUsers: number;
  activeToday: number;
  activeThisWeek: number;
}

export interface FeedbackStats {
  likes: number;
  dislikes: number;
}

/** An admin user-list item (spec §3) plus provider and the Active badge (activity within 7 days). */
export interface AdminUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  createdAt: string | null;
  isAdmin: boolean;
  questionCount: number;
  lastActiveAt: string | null;
  provider: string;
  isActive: boolean;
}

export interface UsersPage {
  users: AdminUser[];
  totalSupabaseUsers: number;
  total: number;
  nextCursor: string | null;
}

export type ActiveWindow = "now" | "today" | "week";
export type ActiveCounts = Record<ActiveWindow, number>;

export interface ActiveUsers {
  kind: ActiveWindow;
  count: number;
  users: AdminUser[];
}

export interface FrequentQuestion {
  question: string;
  count: number;
  likes: number;
  dislikes: number;
  latestAnswer: string;
  lastAskedAt: string | null;
}

export interface CitedLaw {
  lawId: string;
  lawName: string;
  lawNameEn: string | null;
  citations: number;
  likes: number;
  dislikes: number;
}

export interface InsightsDay {
  date: string;
  questions: number;
  arabic: number;
  english: number;
  guests: number;
  registered: number;
  likes: number;
  dislikes: number;
  gaps: number;
  fallbacks: number;
}

export interface KnowledgeGap {
  question: string;
  count: number;
  lastAskedAt: string | null;
}

export interface Insights {
  days: number;
  totals: { questions: number; arabic: number; english: number; guests: number; registered: number; gaps: number };
  answerMs: { p50: number; p95: number };
  citedLaws: CitedLaw[];
  gaps: KnowledgeGap[];
  series: InsightsDay[];
}

const get = <T,>(path: string, query?: Record<string, string | number | undefined>) => () => apiJson<T>(path, { query });

export const generalStatsQuery = () => queryOptions({ queryKey: adminAnalyticsKeys.stats(), queryFn: get<GeneralStats>("/api/admin/stats") });
export const userStatsQuery = () => queryOptions({ queryKey: adminAnalyticsKeys.userStats(), queryFn: get<UserStats>("/api/admin/user-stats") });
export const feedbackStatsQuery = () => queryOptions({ queryKey: adminAnalyticsKeys.feedbackStats(), queryFn: get<FeedbackStats>("/api/admin/feedback-stats") });
export const activeCountsQuery = () => queryOptions({ queryKey: adminAnalyticsKeys.activeUsers(), queryFn: get<ActiveCounts>("/api/admin/active-users") });
export const activeUsersQuery = (kind: ActiveWindow) =>
  queryOptions({ queryKey: adminAnalyticsKeys.activeUsersIn(kind), queryFn: get<ActiveUsers>(`/api/admin/active-users/${kind}`, { limit: 50 }) });
export const frequentQuestionsQuery = (limit: number) =>
  queryOptions({ queryKey: adminAnalyticsKeys.questions(limit), queryFn: get<FrequentQuestion[]>("/api/admin/questions", { limit }) });
export const insightsQuery = (days: 30 | 90) =>
  queryOptions({ queryKey: adminAnalyticsKeys.insights(days), queryFn: get<Insights>("/api/admin/insights", { days }) });

/** The active-users list of one window, once the panel is opened on it (`null`: closed). */
export function useActiveUsers(kind: ActiveWindow | null) {
  return useQuery({ ...activeUsersQuery(kind ?? "now"), enabled: kind !== null });
}

export const USERS_PAGE_SIZE = 20;

/** GET /api/admin/users?search=&limit=&cursor=: newest first, pages by cursor ("Load more"). */
export function useAdminUsers(search: string) {
  return useInfiniteQuery({
    queryKey: adminAnalyticsKeys.users(search),
    queryFn: ({ pageParam, signal }) =>
      apiJson<UsersPage>("/api/admin/users", { query: { search: search || undefined, limit: USERS_PAGE_SIZE, cursor: pageParam || undefined }, signal }),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor || undefined,
  });
}

/** PATCH /api/admin/users/{userId}/admin {isAdmin}; the figures are read again afterwards. */
export function useSetUserAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, isAdmin }: { userId: string; isAdmin: boolean }) =>
      apiJson<{ id: string; isAdmin: boolean }>(`/api/admin/users/${encodeURIComponent(userId)}/admin`, { method: "PATCH", json: { isAdmin } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminAnalyticsKeys.all }),
  });
}
