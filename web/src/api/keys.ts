/**
 * The react-query keys of every server resource, one factory per resource. Queries, cache writes and
 * invalidations all take their keys from here; a resource's `all` key is the prefix of its other keys.
 */
export const adminKeys = {
  all: ["admin"] as const,
  knowledgeStats: () => [...adminKeys.all, "knowledge-stats"] as const,
};

/** The knowledge-base manager's reads (search, one law's JSON). */
export const adminKnowledgeKeys = {
  all: [...adminKeys.all, "knowledge"] as const,
  search: (query: string) => [...adminKnowledgeKeys.all, "search", query] as const,
  lawJson: (lawName: string) => [...adminKnowledgeKeys.all, "law-json", lawName] as const,
};

/** The admin dashboards' figures (/api/admin/stats, users, questions, insights, audit, …). */
export const adminAnalyticsKeys = {
  all: [...adminKeys.all, "analytics"] as const,
  stats: () => [...adminAnalyticsKeys.all, "stats"] as const,
  userStats: () => [...adminAnalyticsKeys.all, "user-stats"] as const,
  feedbackStats: () => [...adminAnalyticsKeys.all, "feedback-stats"] as const,
  activeUsers: () => [...adminAnalyticsKeys.all, "active-users"] as const,
  activeUsersIn: (kind: string) => [...adminAnalyticsKeys.all, "active-users", kind] as const,
  users: (search: string) => [...adminAnalyticsKeys.all, "users", search] as const,
  questions: (limit: number) => [...adminAnalyticsKeys.all, "questions", limit] as const,
  insights: (days: number) => [...adminAnalyticsKeys.all, "insights", days] as const,
};

export const articleKeys = {
  all: ["articles"] as const,
  detail: (articleId: string) => [...articleKeys.all, "detail", articleId] as const,
  search: (query: string, category: string, language: string) => [...articleKeys.all, "search", query, category, language] as const,
};

export const conversationKeys = {
  all: ["conversations"] as const,
  history: (userId: string) => [...conversationKeys.all, "history", userId] as const,
};

export const documentKeys = {
  all: ["documents"] as const,
  search: (query: string, category: string) => [...documentKeys.all, "search", query, category] as const,
};

export const favoriteKeys = {
  all: ["favorites"] as const,
  list: (userId: string) => [...favoriteKeys.all, userId] as const,
};

export const guestSessionKeys = {
  all: ["guest-session"] as const,
};

export const messageKeys = {
  all: ["messages"] as const,
  conversation: (conversationId: string) => [...messageKeys.all, "conversation", conversationId] as const,
};

export const providerKeys = {
  all: ["providers"] as const,
};

export const questionKeys = {
  all: ["questions"] as const,
  list: (userId: string, search: string) => [...questionKeys.all, userId, search] as const,
};

export const quotaKeys = {
  all: ["quota"] as const,
  owner: (ownerKey: string) => [...quotaKeys.all, ownerKey] as const,
};

export const userKeys = {
  all: ["users"] as const,
  theme: (email: string) => [...userKeys.all, "theme", email] as const,
};
