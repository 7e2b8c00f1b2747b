import type { RequestListener } from "node:http";
import cookieParser from "cookie-parser";
import express, { type Express } from "express";
import { AppError, withRequestContext } from "@qai/platform";
import type { GatewayDependencies } from "./dependencies";
import { openEnvelope } from "./http/envelope";
import { errorHandler } from "./http/errors";
import { JSON_BODY_LIMIT, JsonPosts } from "./http/json-posts";
import { JsonReads } from "./http/json-reads";
import { VerifiedCookies } from "./http/verified-cookies";
import { adminRoutes } from "./routes/admin";
import { adminAnalyticsRoutes } from "./routes/admin-analytics";
import { articleRoutes } from "./routes/articles";
import { knowledgeSearchRoutes } from "./routes/knowledge-search";
import { askStreamRoute } from "./routes/ask-stream";
import { authProxy } from "./routes/auth-proxy";
import { documentRoutes } from "./routes/documents";
import { KNOWLEDGE_UPLOAD_PATHS, knowledgeAdminRoutes } from "./routes/knowledge-admin";
import { guestSessionReads, guestSessionRoutes } from "./routes/guest-session";
import { healthReads } from "./routes/health";
import { conversationReads, conversationRoutes } from "./routes/conversations";
import { favoriteReads, favoriteRoutes } from "./routes/favorites";
import { feedbackRoutes } from "./routes/feedback";
import { messageRoutes } from "./routes/messages";
import { providerReads } from "./routes/providers";
import { questionHistoryReads, questionHistoryRoutes } from "./routes/question-history";
import { userReads, userRoutes } from "./routes/users";
import { webRoutes } from "./routes/web";
import { openApiRoutes } from "./openapi/routes";

const NOT_FOUND = new AppError("not_found", "no such API route", {
  userMessage: { ar: "المسار المطلوب غير موجود.", en: "This API route does not exist." },
});

/** The gateway's request listener, with its three lanes (for the OpenAPI test, which lists the routes). */
export type GatewayApp = RequestListener & { reads: JsonReads; posts: JsonPosts; express: Express };

const OWN_BODY_PATHS = new Set<string>(KNOWLEDGE_UPLOAD_PATHS);

/** Routes that parse their own (larger) bodies: law-file uploads and adding a legal document. */
function ownsBody(method: string, path: string): boolean {
  return method === "POST" && (OWN_BODY_PATHS.has(path) || path === "/api/documents");
}

/**
 * The HTTP gateway: authentication, validation, SSE and routing to the services over gRPC. Every
 * request gets its envelope (request id, security headers, access log); the JSON reads and the answer
 * stream answer on the bare request, Express everything else.
 */
export function createGatewayApp(deps: GatewayDependencies, isShuttingDown: () => boolean = () => false): GatewayApp {
  // One cache of checked cookie signatures for both bare lanes: the guest who polls the status then asks is checked once.
  const cookies = new VerifiedCookies(deps.cookieSecret);
  const reads = new JsonReads(
    [
      ...healthReads(deps, isShuttingDown),
      ...guestSessionReads(deps),
      ...providerReads(deps),
      ...conversationReads(deps),
      ...questionHistoryReads(deps),
      ...favoriteReads(deps),
      ...userReads(deps),
    ],
    cookies,
    deps.logger,
  );
  const posts = new JsonPosts([askStreamRoute(deps)], cookies, deps.logger);
  const app = expressApp(deps);
  const listener: RequestListener = (request, response) => {
    const requestId = openEnvelope(request, response, deps.logger);
    withRequestContext({ requestId }, () => reads.serve(request, response) || posts.serve(request, response) || app(request, response));
  };
  return Object.assign(listener, { reads, posts, express: app });
}

function expressApp(deps: GatewayDependencies): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");
  // Before body parsing: the auth server reads the raw request body.
  app.use(authProxy(deps.authUrl));
  // 64 kB for every JSON body, except the routes that read theirs after checking the caller, with their own limits.
  const json = express.json({ limit: JSON_BODY_LIMIT });
  app.use((request, response, next) => (ownsBody(request.method, request.path) ? next() : json(request, response, next)));
  app.use(cookieParser(deps.cookieSecret));

  app.use(guestSessionRoutes(deps));
  app.use(messageRoutes(deps));
  app.use(conversationRoutes(deps));
  app.use(questionHistoryRoutes(deps));
  app.use(favoriteRoutes(deps));
  app.use(feedbackRoutes(deps));
  app.use(userRoutes(deps));
  app.use(adminRoutes(deps));
  app.use(adminAnalyticsRoutes(deps));
  app.use(knowledgeAdminRoutes(deps));
  app.use(documentRoutes(deps));
  app.use(articleRoutes(deps));
  app.use(openApiRoutes());
  app.use(knowledgeSearchRoutes(deps));
  app.use("/api", () => {
    throw NOT_FOUND;
  });
  app.use(webRoutes(deps.webDist));
  app.use(errorHandler(deps.logger));
  return app;
}
