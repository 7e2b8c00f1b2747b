import type { ErrorRequestHandler, Request, Response } from "express";
import type { Logger } from "@qai/platform";
import { AuthError, badJson, requestTooLarge, unexpectedFailure } from "../domain/errors";
import { API_VERSION_HEADER, CURRENT_API_VERSION, requestsCurrentApiVersion } from "./api-version";

export const BODY_LIMIT = "100kb";

/**
 * Error bodies as GoTrue writes them: `{code, message}` (and the version header echoed) for
 * clients that send `X-Supabase-Api-Version: 2024-01-01` or later, else the legacy
 * `{code: <status>, error_code, msg}` with the `x-sb-error-code` header. A refusal that says when to
 * try again (`retry_after`, seconds) also sends it as `Retry-After`.
 */
export function sendAuthError(request: Request, response: Response, error: AuthError): void {
  response.setHeader("Cache-Control", "no-store");
  if (typeof error.extra?.retry_after === "number") response.setHeader("Retry-After", String(error.extra.retry_after));
  if (requestsCurrentApiVersion(request)) {
    response.setHeader(API_VERSION_HEADER, CURRENT_API_VERSION);
    response.status(error.status).json({ code: error.code, message: error.message, ...error.extra });
    return;
  }
  response.setHeader("x-sb-error-code", error.code);
  response.status(error.status).json({ code: error.status, error_code: error.code, msg: error.message, ...error.extra });
}

/** Maps every failure to an AuthError: body-parser problems are the caller's (4xx); anything unknown is a logged 500. */
export function authErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, request, response, _next) => {
    const authError = toAuthError(error);
    if (authError.status >= 500) logger.error({ err: error }, "request failed");
    if (response.headersSent) {
      response.end();
      return;
    }
    sendAuthError(request, response, authError);
  };
}

function toAuthError(error: unknown): AuthError {
  if (error instanceof AuthError) return error;
  const parserError = error as { type?: string; status?: number; message?: string } | undefined;
  if (parserError?.type === "entity.parse.failed") return badJson(parserError.message ?? "malformed JSON");
  if (parserError?.type === "entity.too.large") return requestTooLarge(BODY_LIMIT);
  const status = parserError?.status;
  if (typeof status === "number" && status >= 400 && status < 500) return new AuthError(status, "validation_failed", parserError?.message ?? "Bad request");
  return unexpectedFailure();
}
