import express, { Router, type Express, type RequestHandler } from "express";
import { REQUEST_ID_HEADER, requestIdFrom, withRequestContext, type Logger } from "@qai/platform";
import { notFound } from "../domain/errors";
import type { DevMailbox } from "../mail/dev-mailbox";
import { devMailboxRoutes } from "../mail/dev-mailbox-routes";
import { BODY_LIMIT, authErrorHandler } from "./errors";
import { factorRoutes } from "./routes/factors";
import { publicRoutes } from "./routes/public";
import { signUpRoutes } from "./routes/sign-up";
import { tokenRoutes } from "./routes/token";
import { userRoutes } from "./routes/user";
import type { AuthUseCases } from "./use-cases";

export interface AuthAppOptions {
  logger: Logger;
  /** Express "trust proxy": who may set X-Forwarded-For. */
  trustedProxies: string;
  /** Serves /dev/mailbox when given (MAIL_MODE=dev). */
  mailbox?: DevMailbox;
}

/** The Supabase-Auth-compatible API under /auth/v1 (and the dev mailbox). */
export function createAuthApp(useCases: AuthUseCases, { logger, trustedProxies, mailbox }: AuthAppOptions): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustedProxies);
  app.use(requestContext(logger));
  app.use("/auth/v1", authRouter(useCases));
  if (mailbox) app.use(devMailboxRoutes(mailbox));
  app.use(() => {
    throw notFound();
  });
  app.use(authErrorHandler(logger));
  return app;
}

function authRouter(useCases: AuthUseCases): Router {
  const router = Router();
  router.use(express.json({ limit: BODY_LIMIT }));
  router.use((_request, response, next) => {
    response.setHeader("Cache-Control", "no-store");
    next();
  });
  router.use(publicRoutes(useCases));
  router.use(signUpRoutes(useCases));
  router.use(tokenRoutes(useCases));
  router.use(userRoutes(useCases));
  router.use(factorRoutes(useCases));
  return router;
}

/** Request id on every log line; one line per request with the path only (query strings carry tokens). */
function requestContext(logger: Logger): RequestHandler {
  return (request, response, next) => {
    const requestId = requestIdFrom(request.headers[REQUEST_ID_HEADER]);
    response.setHeader(REQUEST_ID_HEADER, requestId);
    const started = process.hrtime.bigint();
    response.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const path = request.originalUrl.split("?")[0];
      // Health probes come every few seconds; they are logged only at debug level.
      const level = path === "/auth/v1/health" ? "debug" : "info";
      logger[level]({ requestId, method: request.method, path, status: response.statusCode, ms: Math.round(ms) }, "request");
    });
    withRequestContext({ requestId }, next);
  };
}
