import { Router } from "express";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { GuestSession } from "@qai/contracts";
import { AppError, isAppError } from "@qai/platform";
import type { GatewayDependencies } from "../dependencies";
import { guestSessionId, setGuestCookie } from "../http/guest-cookie";
import { ok, type JsonRead } from "../http/json-reads";

/**
 * A guest session's counters: `questionsUsed`, `questionsRemaining`, `limit` (issue 5), and the
 * same under the names the web client reads (`questionsAsked`, `remainingQuestions`, `questionLimit`).
 */
function sessionJson(session: GuestSession | undefined) {
  const used = session?.questionsAsked ?? 0;
  const remaining = session?.remainingQuestions ?? 0;
  const limit = session?.questionLimit ?? 0;
  return {
    sessionId: session?.sessionId,
    questionsUsed: used,
    questionsRemaining: remaining,
    limit,
    questionsAsked: used,
    questionLimit: limit,
    remainingQuestions: remaining,
    createdAt: session?.createdAt ? timestampDate(session.createdAt).toISOString() : null,
  };
}

const NO_GUEST_SESSION = new AppError("not_found", "no guest session", {
  userMessage: { ar: "لا توجد جلسة ضيف.", en: "There is no guest session." },
});

const TOO_MANY_SESSIONS = new AppError("resource_exhausted", "too many guest sessions from this address", {
  userMessage: {
    ar: "تم إنشاء جلسات ضيف كثيرة من شبكتك. يرجى المحاولة لاحقًا أو تسجيل الدخول.",
    en: "Too many guest sessions were started from your network. Please try again later or sign in.",
  },
});

/**
 * Anonymous guest sessions, carried by a signed HttpOnly cookie — `Secure` when the server is
 * configured for HTTPS or the request came over HTTPS (`req.secure`: X-Forwarded-Proto from a trusted
 * proxy). New sessions are rate-limited per client IP (429 + Retry-After); quota stores a session
 * only at its first question, so a request that never asks leaves no row.
 */
export function guestSessionRoutes({ quota, secureCookies, guestSessionLimiter }: GatewayDependencies): Router {
  const router = Router();

  // Creates a session, or returns the caller's current one (a guest cannot reset the budget by re-posting).
  router.post("/api/guest-session", async (request, response) => {
    const existing = guestSessionId(request);
    if (existing) {
      const current = await quota.getGuestSession({ sessionId: existing }).catch((error: unknown) => {
        if (isAppError(error) && error.code === "unauthenticated") return undefined;
        throw error;
      });
      if (current?.session) {
        response.json(sessionJson(current.session));
        return;
      }
    }
    const retryAfter = (await guestSessionLimiter?.hit(request.ip ?? "")) ?? 0;
    if (retryAfter > 0) {
      response.setHeader("Retry-After", String(retryAfter));
      throw TOO_MANY_SESSIONS;
    }
    const { session } = await quota.createGuestSession({});
    setGuestCookie(response, session?.sessionId ?? "", secureCookies || request.secure);
    response.status(201).json(sessionJson(session));
  });

  return router;
}

/** The guest's counters (the page reads them after every answer). */
export function guestSessionReads({ quota }: GatewayDependencies): JsonRead[] {
  return [
    {
      path: "/api/guest-session/status",
      async answer(call) {
        const sessionId = guestSessionId(call);
        if (!sessionId) throw NO_GUEST_SESSION;
        const { session } = await quota.getGuestSession({ sessionId });
        return ok(sessionJson(session));
      },
    },
  ];
}
