import type { ErrorRequestHandler } from "express";
import { toAppError, type Logger } from "@qai/platform";
import { fromHttpLayer } from "./client-errors";
import { requestLanguage, type LanguageSource } from "./language";

/** A failed request's HTTP status and JSON body. */
export interface ErrorAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * Every failed request answers JSON `{ error, code, ...details }`: `error` is a message a person can
 * read, in the caller's language; internal details stay in the logs. A client's mistake the HTTP
 * layer caught (bad JSON, unsupported charset or Content-Encoding, a malformed path escape) is a
 * 4xx with its own message, never a 500.
 */
export function errorAnswer(error: unknown, request: LanguageSource, logger: Logger): ErrorAnswer {
  const appError = fromHttpLayer(error) ?? toAppError(error);
  if (appError.code === "internal") logger.error({ err: error }, "request failed");
  return {
    status: appError.httpStatus,
    body: { error: appError.messageFor(requestLanguage(request)), code: appError.code, ...(appError.code === "internal" ? {} : appError.details) },
  };
}

/** Express's last handler: `errorAnswer` for whatever a route threw. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, request, response, _next) => {
    const { status, body } = errorAnswer(error, request, logger);
    if (response.headersSent) {
      response.end();
      return;
    }
    response.status(status).json(body);
  };
}
