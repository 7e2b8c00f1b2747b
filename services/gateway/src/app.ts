import cookieParser from "cookie-parser";
import express, { type Express } from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import { AppError, REQUEST_ID_HEADER, requestIdFrom, withRequestContext } from "@qai/platform";
import type { GatewayDependencies } from "./dependencies";
import { errorHandler } from "./http/errors";
import { adminRoutes } from "./routes/admin";
import { askStreamRoutes } from "./routes/ask-stream";
import { authProxy } from "./routes/auth-proxy";
import { guestSessionRoutes } from "./routes/guest-session";
import { healthRoutes } from "./routes/health";
import { messageRoutes } from "./routes/messages";
import { userRoutes } from "./routes/users";
import { webRoutes } from "./routes/web";

const NOT_FOUND = new AppError("not_found", "no such API route", {
  userMessage: { ar: "المسار المطلوب غير موجود.", en: "This API route does not exist." },
});

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
  // Before body parsing and security headers: the auth server reads the raw request and sets its own headers.
  app.use(authProxy(deps.authUrl));
  app.use(helmet({ contentSecurityPolicy: { directives: { "upgrade-insecure-requests": null } } }));
  app.use(express.json({ limit: "64kb" }));
  app.use(cookieParser(deps.cookieSecret));

  app.use(healthRoutes(deps, isShuttingDown));
  app.use(guestSessionRoutes(deps));
  app.use(askStreamRoutes(deps));
  app.use(messageRoutes(deps));
  app.use(userRoutes(deps));
  app.use(adminRoutes(deps));
  app.use("/api", () => {
    throw NOT_FOUND;
  });
  app.use(webRoutes(deps.webDist));
  app.use(errorHandler(deps.logger));
  return app;
}
