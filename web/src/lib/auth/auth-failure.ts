/** An auth call failed; `code` and `status` are the auth service's (e.g. `invalid_credentials`, 400). */
export class AuthFailure extends Error {
  readonly code?: string;
  readonly status?: number;

  constructor(message: string, options: { code?: string; status?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = "AuthFailure";
    this.code = options.code;
    this.status = options.status;
  }
}

/** Code of the failure thrown when no auth service is configured. */
export const AUTH_UNAVAILABLE = "auth_unavailable";

export function toAuthFailure(error: unknown): AuthFailure {
  if (error instanceof AuthFailure) return error;
  if (error && typeof error === "object") {
    const { message, code, status } = error as { message?: unknown; code?: unknown; status?: unknown };
    return new AuthFailure(typeof message === "string" ? message : "Authentication failed", {
      code: typeof code === "string" ? code : undefined,
      status: typeof status === "number" ? status : undefined,
      cause: error,
    });
  }
  return new AuthFailure(String(error), { cause: error });
}
