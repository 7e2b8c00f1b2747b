import type { ErrorRequestHandler } from "express";
import { toAppError, type Logger } from "@qai/platform";
import { fromHttpLayer } from "./client-errors";
import { requestLanguage } from "./language";

/**
 * Every failed request answers JSON `{ error, code, ...details }`: `error` is a message a person can
 * read, in the caller's language; internal details stay in the logs. A client's mistake the HTTP
 * layer caught (bad JSON, unsupported charset or Content-Encoding, a malformed path escape) is a
 * 4xx with its own message, never a 500.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, request, response, _next) => {
    const appError = fromHttpLayer(error) ?? toAppError(error);
    if (appError.code === "internal") logger.error({ err: error }, "request failed");
    if (response.headersSent) {
      response.end();
      return;
    }
    response.status(appError.httpStatus).json({
      error: appError.messageFor(requestLanguage(request)),
      code: appError.code,
      ...(appError.code === "internal" ? {} : appError.details),
    });
  };
}
