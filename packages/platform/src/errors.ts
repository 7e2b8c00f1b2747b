/**
 * Typed errors shared by every service. An AppError carries a stable code (which maps to an HTTP
 * status and a gRPC status), a message for logs and developers, and optionally a message a person
 * may read, in Arabic and English.
 */

export type ErrorCode =
  | "invalid_argument"
  | "unauthenticated"
  | "permission_denied"
  | "not_found"
  | "already_exists"
  | "failed_precondition"
  | "resource_exhausted"
  | "cancelled"
  | "deadline_exceeded"
  | "unavailable"
  | "internal";

export interface UserMessage {
  ar: string;
  en: string;
}

export const HTTP_STATUS: Record<ErrorCode, number> = {
  invalid_argument: 400,
  unauthenticated: 401,
  permission_denied: 403,
  not_found: 404,
  already_exists: 409,
  failed_precondition: 412,
  resource_exhausted: 429,
  cancelled: 499,
  deadline_exceeded: 504,
  unavailable: 503,
  internal: 500,
};

export interface AppErrorOptions {
  userMessage?: UserMessage;
  details?: Record<string, unknown>;
  cause?: unknown;
}

export class AppError extends Error {
  readonly userMessage?: UserMessage;
  readonly details?: Record<string, unknown>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "AppError";
    this.userMessage = options.userMessage;
    this.details = options.details;
  }

  get httpStatus(): number {
    return HTTP_STATUS[this.code];
  }

  /** The message to show a person in `language`, or a generic one. */
  messageFor(language: "ar" | "en"): string {
    return this.userMessage?.[language] ?? GENERIC_MESSAGE[language];
  }
}

export const GENERIC_MESSAGE: UserMessage = {
  ar: "حدث خطأ غير متوقع. يرجى المحاولة مرة أخرى.",
  en: "An unexpected error occurred. Please try again.",
};

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** Any thrown value as an AppError (unknown errors become `internal`). */
export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new AppError("internal", message, { cause: error });
}
