import cookieParser from "cookie-parser";
import express, { type Express } from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import { AppError, REQUEST_ID_HEADER, requestIdFrom, withRequestContext } from "@qai/platform";
import type { GatewayDependencies } from "./dependencies";
import { errorHandler } from "./http/errors";
import { adminRoutes } from "./routes/admin";
import { adminAnalyticsRoutes } from "./routes/admin-analytics";
import { articleRoutes } from "./routes/articles";
import { knowledgeSearchRoutes } from "./routes/knowledge-search";
import { askStreamRoutes } from "./routes/ask-stream";
import { authProxy } from "./routes/auth-proxy";
import { documentRoutes } from "./routes/documents";
import { KNOWLEDGE_UPLOAD_PATHS, knowledgeAdminRoutes } from "./routes/knowledge-admin";
import { guestSessionRoutes } from "./routes/guest-session";
import { healthRoutes } from "./routes/health";
import { conversationRoutes } from "./routes/conversations";
import { favoriteRoutes } from "./routes/favorites";
import { feedbackRoutes } from "./routes/feedback";
import { messageRoutes } from "./routes/messages";
import { providerRoutes } from "./routes/providers";
import { questionHistoryRoutes } from "./routes/question-history";
import { userRoutes } from "./routes/users";
import { webRoutes } from "./routes/web";
import { openApiRoutes } from "./openapi/routes";

const NOT_FOUND = new AppError("not_found", "no such API route", {
  userMessage: { ar: "المسار المطلوب غير موجود.", en: "This API route does not exist." },
});

const OWN_BODY_PATHS = new Set<string>(KNOWLEDGE_UPLOAD_PATHS);

/** Routes that parse their own (larger) bodies: law-file uploads and adding a legal document. */
function ownsBody(method: string, path: string): boolean {
  return method === "POST" && (OWN_BODY_PATHS.has(path) || path === "/api/documents");
}

/** The HTTP gateway: authentication, validation, SSE and routing to the services over gRPC. */
export function createGatewayApp(deps: GatewayDependencies, isShuttingDown: () => boolean = () => false): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");
  app.use((request, response, next) => {
    const requestId = requestIdFrom(request.headers[REQUEST_ID_HEADER]);
    response.setHeader(REQUEST_ID_HEADER, requestId);
    withRequestContext({ requestId }, next);
  });
  app.use(pinoHttp({ logger: deps.logger, genReqId: (_request, response) => String(response.getHeader(REQUEST_ID_HEADER)), autoLogging: { ignore: (request) => request.url === "/healthz" || request.url === "/readyz" } }));
  // Security headers for everything, proxied auth responses too (headers the auth server sets itself,
  // such as the dev mailbox's own CSP, replace these when its response is copied).
  app.use(helmet({ contentSecurityPolicy: { directives: { "upgrade-insecure-requests": null } } }));
  // Before body parsing: the auth server reads the raw request body.
  app.use(authProxy(deps.authUrl));
  // 64 kB for every JSON body, except the routes that read theirs after checking the caller, with their own limits.
  const json = express.json({ limit: "64kb" });
  app.use((request, response, next) => (ownsBody(request.method, request.path) ? next() : json(request, response, next)));
  app.use(cookieParser(deps.cookieSecret));

  app.use(healthRoutes(deps, isShuttingDown));
  app.use(guestSessionRoutes(deps));
  app.use(askStreamRoutes(deps));
  app.use(providerRoutes(deps));
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
