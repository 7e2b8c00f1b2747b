import type { ErrorRequestHandler } from "express";
import { AppError, toAppError, type Logger } from "@qai/platform";
import { requestLanguage } from "./language";

const MALFORMED_JSON = new AppError("invalid_argument", "malformed JSON body", {
  userMessage: { ar: "نص الطلب ليس JSON صالحًا.", en: "The request body is not valid JSON." },
});

const TOO_LARGE = new AppError("invalid_argument", "request body too large", {
  userMessage: { ar: "حجم الطلب أكبر من المسموح.", en: "The request body is too large." },
});

/** Body-parser failures as typed errors. */
function fromBodyParser(error: unknown): AppError | undefined {
  const type = (error as { type?: string } | undefined)?.type;
  if (type === "entity.parse.failed") return MALFORMED_JSON;
  if (type === "entity.too.large") return TOO_LARGE;
  return undefined;
}

/**
 * Every failed request answers JSON `{ error, code, ...details }`: `error` is a message a person can
 * read, in the caller's language; internal details stay in the logs.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, request, response, _next) => {
    const appError = fromBodyParser(error) ?? toAppError(error);
    if (appError.code === "internal") logger.error({ err: error }, "request failed");
    if (response.headersSent) {
      response.end();
      return;
    }
    response.status(appError === TOO_LARGE ? 413 : appError.httpStatus).json({
      error: appError.messageFor(requestLanguage(request)),
      code: appError.code,
      ...(appError.code === "internal" ? {} : appError.details),
    });
  };
}
