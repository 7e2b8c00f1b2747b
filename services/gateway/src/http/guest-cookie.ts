import type { IncomingHttpHeaders } from "node:http";
import type { CookieOptions, Response } from "express";

export const GUEST_COOKIE = "qai_guest";

/** HttpOnly, SameSite=Lax, signed; a browser-session cookie, since the guest budget is per session. */
export function guestCookieOptions(secure: boolean): CookieOptions {
  return { httpOnly: true, sameSite: "lax", signed: true, secure, path: "/" };
}

/** What a caller is known by: an Express request, or a JSON read's call (`http/json-reads.ts`). */
export interface Credentials {
  headers: IncomingHttpHeaders;
  /** Cookies whose signature checked out (a tampered one is `false`). */
  signedCookies?: Readonly<Record<string, unknown>>;
}

/** The guest session id from a valid signed cookie, if any (a tampered cookie counts as none). */
export function guestSessionId(request: Credentials): string | undefined {
  const value = request.signedCookies?.[GUEST_COOKIE];
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

export function setGuestCookie(response: Response, sessionId: string, secure: boolean): void {
  response.cookie(GUEST_COOKIE, sessionId, guestCookieOptions(secure));
}
