import { z } from "zod";
import { lawFileShape } from "../http/law-files";
import { articleSchema } from "../routes/articles";
import { askSchema } from "../routes/ask-stream";
import * as adminFlag from "../routes/admin";
import * as analytics from "../routes/admin-analytics";
import * as conversations from "../routes/conversations";
import * as documents from "../routes/documents";
import { feedbackSchema } from "../routes/feedback";
import * as favorites from "../routes/favorites";
import * as knowledge from "../routes/knowledge-admin";
import { searchSchema as lawSearchSchema } from "../routes/knowledge-search";
import * as messages from "../routes/messages";
import * as questions from "../routes/question-history";
import * as users from "../routes/users";

/**
 * Who may call: anyone; a caller (a guest with the session cookie, or a user with a bearer token);
 * a registered user (bearer token); an admin (bearer token of an admin account).
 */
export type Access = "public" | "caller" | "user" | "admin";

export interface Operation {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** Express-style, e.g. "/api/messages/:id". */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Success statuses and what they mean. */
  ok: Record<number, string>;
  /** The success body is a server-sent event stream, a JSON download or an HTML page. */
  produces?: "text/event-stream" | "text/html";
  /** Extra client-error statuses the route answers (beyond those implied by access and inputs). */
  errors?: number[];
}

const uploadBody = z.object({ ...knowledge.uploadMetaSchema.shape, ...lawFileShape.shape }).loose();

/** Every /api operation the gateway serves, with the zod schemas its handler validates with. */
export const OPERATIONS: readonly Operation[] = [
  { method: "get", path: "/api/openapi.json", summary: "This OpenAPI document", tag: "meta", access: "public", ok: { 200: "the OpenAPI 3.1 document" } },
  { method: "get", path: "/api/docs", summary: "The API reference (Swagger UI)", tag: "meta", access: "public", ok: { 200: "an HTML page" }, produces: "text/html" },

  { method: "post", path: "/api/guest-session", summary: "Create a guest session (or return the caller's)", tag: "guest", access: "public", ok: { 200: "the current session", 201: "a new session (sets the qai_guest cookie)" } },
  { method: "get", path: "/api/guest-session/status", summary: "The guest session's question counters", tag: "guest", access: "public", ok: { 200: "the session" }, errors: [404] },

  { method: "post", path: "/api/chat/ask-stream", summary: "Ask a question; the answer streams as server-sent events", tag: "chat", access: "caller", body: askSchema, ok: { 200: "data: events (userMessage, content chunks, the final isComplete or an error)" }, produces: "text/event-stream", errors: [429] },
  { method: "get", path: "/api/chat/providers", summary: "Answer providers and whether they can answer now", tag: "chat", access: "public", ok: { 200: "the providers" } },
  { method: "get", path: "/api/chat/messages", summary: "The signed-in user's messages across conversations", tag: "chat", access: "user", query: messages.ownerMessagesSchema, ok: { 200: "messages, newest first" } },
  { method: "get", path: "/api/messages", summary: "One conversation's messages", tag: "chat", access: "caller", query: messages.listSchema, ok: { 200: "the messages" }, errors: [404] },
  { method: "get", path: "/api/messages/:id", summary: "One message", tag: "chat", access: "caller", params: messages.getSchema, ok: { 200: "the message" } },
  { method: "post", path: "/api/feedback", summary: "Like or dislike an answer (the same type again withdraws it)", tag: "chat", access: "caller", body: feedbackSchema, ok: { 200: "the caller's reaction now" }, errors: [404] },

  { method: "get", path: "/api/conversations/history", summary: "The user's conversations (first 50)", tag: "history", access: "user", query: conversations.historySchema, ok: { 200: "conversations" } },
  { method: "delete", path: "/api/conversations/:id", summary: "Delete a conversation with its messages", tag: "history", access: "user", params: conversations.deleteSchema, body: conversations.deleteBodySchema, ok: { 200: "deleted" } },
  { method: "get", path: "/api/history/questions", summary: "The user's question history", tag: "history", access: "user", query: questions.listSchema, ok: { 200: "questions, newest first" } },
  { method: "delete", path: "/api/history/questions/:id", summary: "Delete a question-history entry", tag: "history", access: "user", params: questions.deleteSchema, body: questions.deleteBodySchema, ok: { 200: "deleted" } },
  { method: "get", path: "/api/favorites", summary: "The user's favorites", tag: "favorites", access: "user", query: favorites.listSchema, ok: { 200: "favorites" } },
  { method: "post", path: "/api/favorites", summary: "Save a favorite", tag: "favorites", access: "user", body: favorites.addSchema, ok: { 200: "already saved: the existing favorite", 201: "saved" } },
  { method: "delete", path: "/api/favorites/:id", summary: "Delete a favorite", tag: "favorites", access: "user", params: favorites.deleteSchema, body: favorites.deleteBodySchema, ok: { 200: "deleted" } },

  { method: "post", path: "/api/users", summary: "Sync the signed-in user's profile", tag: "users", access: "user", body: users.syncSchema, ok: { 200: "the profile" } },
  { method: "put", path: "/api/users/profile", summary: "Update first and last name", tag: "users", access: "user", body: users.profileSchema, ok: { 200: "the profile" } },
  { method: "delete", path: "/api/users/account", summary: "Delete the signed-in user's account", tag: "users", access: "user", body: users.accountSchema, ok: { 200: "deleted" } },
  { method: "get", path: "/api/users/theme", summary: "The user's theme preference", tag: "users", access: "user", query: users.themeQuerySchema, ok: { 200: "themePreference" } },
  { method: "put", path: "/api/users/theme", summary: "Save the user's theme preference", tag: "users", access: "user", body: users.themeBodySchema, ok: { 200: "themePreference" } },
  { method: "get", path: "/api/users/question-limit", summary: "Questions left now (guests and users)", tag: "users", access: "caller", ok: { 200: "remainingQuestions, limit, resetsAt" } },

  { method: "get", path: "/api/admin/check", summary: "Whether the signed-in user is an admin", tag: "admin", access: "user", ok: { 200: "isAdmin" } },
  { method: "get", path: "/api/admin/stats", summary: "General stats: questions today, questions and conversations in all", tag: "admin", access: "admin", ok: { 200: "questionsToday, totalQuestions, totalConversations" } },
  { method: "get", path: "/api/admin/system-stats", summary: "Knowledge-base size, providers, event lag per consumer, uptime", tag: "admin", access: "admin", ok: { 200: "the system's state" } },
  { method: "get", path: "/api/admin/users", summary: "Registered users, newest first (search, pages)", tag: "admin", access: "admin", query: analytics.usersSchema, ok: { 200: "users, totalSupabaseUsers, total, nextCursor" } },
  { method: "get", path: "/api/admin/user-stats", summary: "Registered and active users", tag: "admin", access: "admin", ok: { 200: "totalRegistered, activeUsers, activeToday, activeThisWeek" } },
  { method: "get", path: "/api/admin/active-users", summary: "Users active now (5 minutes), today and this week (7 days)", tag: "admin", access: "admin", ok: { 200: "now, today, week" } },
  { method: "get", path: "/api/admin/active-users/:kind", summary: "The users active now, today or this week", tag: "admin", access: "admin", params: analytics.activeUsersSchema, query: analytics.limitSchema, ok: { 200: "kind, count, users" } },
  { method: "get", path: "/api/admin/questions", summary: "Frequent questions (spelling variants grouped)", tag: "admin", access: "admin", query: analytics.limitSchema, ok: { 200: "question, count, likes, dislikes, latestAnswer" } },
  { method: "get", path: "/api/admin/feedback-stats", summary: "Likes and dislikes in all", tag: "admin", access: "admin", ok: { 200: "likes, dislikes" } },
  { method: "get", path: "/api/admin/insights", summary: "Cited laws and articles, dislike rates, knowledge gaps, languages, providers, latency, daily series", tag: "admin", access: "admin", query: analytics.insightsSchema, ok: { 200: "the figures of the last 30 or 90 days" } },
  { method: "get", path: "/api/admin/audit", summary: "Admin actions, newest first", tag: "admin", access: "admin", query: analytics.auditSchema, ok: { 200: "entries, nextCursor" } },
  { method: "get", path: "/api/admin/:provider-users", summary: "Registered users of one auth provider (e.g. email-users)", tag: "admin", access: "admin", params: analytics.providerUsersSchema, query: analytics.usersSchema, ok: { 200: "provider, users, total, nextCursor" } },
  { method: "patch", path: "/api/admin/users/:userId/admin", summary: "Make a user an admin or remove the rights", tag: "admin", access: "admin", params: adminFlag.adminFlagParamsSchema, body: adminFlag.adminFlagSchema, ok: { 200: "id, isAdmin" }, errors: [404, 412] },
  { method: "get", path: "/api/admin/knowledge/stats", summary: "Knowledge-base totals and laws", tag: "admin", access: "admin", ok: { 200: "totalArticles, totalLaws, lawsList" } },
  { method: "get", path: "/api/admin/knowledge/search", summary: "Search articles (at least 3 characters)", tag: "admin", access: "admin", query: knowledge.searchSchema, ok: { 200: "matching articles" } },
  { method: "post", path: "/api/admin/knowledge/validate-upload", summary: "Check an upload before sending it", tag: "admin", access: "admin", body: knowledge.validateUploadSchema, ok: { 200: "canProceed and counts" } },
  { method: "post", path: "/api/admin/knowledge/upload", summary: "Add one law file (its fields plus the upload form's)", tag: "admin", access: "admin", body: uploadBody, ok: { 201: "added" }, errors: [409] },
  { method: "post", path: "/api/admin/knowledge/replace", summary: "Replace the whole knowledge base (atomic)", tag: "admin", access: "admin", body: knowledge.replaceSchema, ok: { 200: "filesProcessed, totalArticles" } },
  { method: "post", path: "/api/admin/knowledge/update-law", summary: "Replace one law's articles", tag: "admin", access: "admin", body: knowledge.updateLawSchema, ok: { 200: "updated" }, errors: [404] },
  { method: "delete", path: "/api/admin/knowledge/delete-all", summary: "Clear the knowledge base", tag: "admin", access: "admin", ok: { 200: "deleted counts" } },
  { method: "post", path: "/api/admin/knowledge/update-urls", summary: "Fill in official law URLs", tag: "admin", access: "admin", ok: { 200: "updatedCount, totalLawsChecked" } },
  { method: "get", path: "/api/admin/knowledge/export/all", summary: "Every law as one JSON download", tag: "admin", access: "admin", ok: { 200: "a JSON array of law files" } },
  { method: "get", path: "/api/admin/knowledge/export/law/:lawName", summary: "One law as a JSON download", tag: "admin", access: "admin", params: knowledge.lawNameSchema, ok: { 200: "the law file" }, errors: [404] },

  { method: "get", path: "/api/documents", summary: "List and search legal documents", tag: "documents", access: "public", query: documents.listSchema, ok: { 200: "documents" } },
  { method: "post", path: "/api/documents", summary: "Add a legal document", tag: "documents", access: "admin", body: documents.addSchema, ok: { 201: "added" } },
  { method: "delete", path: "/api/documents/:id", summary: "Delete a legal document", tag: "documents", access: "admin", params: documents.idSchema, ok: { 200: "deleted" }, errors: [404] },
  { method: "get", path: "/api/knowledge/search", summary: "Search Laws: articles for a text and/or a category", tag: "knowledge", access: "public", query: lawSearchSchema, ok: { 200: "{ articles }" } },
  { method: "get", path: "/api/knowledge/articles/:id", summary: "One article of the knowledge base", tag: "knowledge", access: "public", params: articleSchema, ok: { 200: "the article" }, errors: [404] },
];
