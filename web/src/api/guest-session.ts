import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "./client";
import { guestSessionKeys } from "./keys";

/**
 * POST /api/guest-session: starts (or resumes) the anonymous guest session. The server keeps the
 * session id in an HttpOnly cookie; the body carries its counters (proto qai.quota.v1.GuestSession).
 */
export interface GuestSession {
  sessionId?: string;
  questionsAsked?: number;
  questionLimit?: number;
  remainingQuestions?: number;
}

export function createGuestSession(): Promise<GuestSession | undefined> {
  return apiJson<GuestSession | undefined>("/api/guest-session", { method: "POST", json: {} });
}

/**
 * Held as a query rather than a mutation: it must run once per page load (deduplicated across
 * StrictMode's double effects and remounts) and every chat screen needs to know it is ready.
 * The query's abort signal is deliberately not used: unmounting must not cancel (and so repeat)
 * a POST that creates server state.
 */
const guestSessionQueryOptions = () =>
  queryOptions({
    queryKey: guestSessionKeys.all,
    queryFn: () => createGuestSession().then((session) => session ?? {}),
  });

/**
 * `enabled` is false for a signed-in user: their questions go with the access token, so the chat
 * neither waits for nor starts a guest session (which would also count against the per-network
 * limit of new guest sessions).
 */
export function useGuestSession(enabled = true) {
  return useQuery({ ...guestSessionQueryOptions(), enabled });
}
