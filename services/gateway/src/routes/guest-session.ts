import { Router } from "express";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { GuestSession } from "@qai/contracts";
import { isAppError } from "@qai/platform";
import type { GatewayDependencies } from "../dependencies";
import { guestSessionId, setGuestCookie } from "../http/guest-cookie";
import { callerOf } from "../http/caller";

function sessionJson(session: GuestSession | undefined) {
  return {
    sessionId: session?.sessionId,
    questionsAsked: session?.questionsAsked ?? 0,
    questionLimit: session?.questionLimit ?? 0,
    remainingQuestions: session?.remainingQuestions ?? 0,
    createdAt: session?.createdAt ? timestampDate(session.createdAt).toISOString() : null,
  };
}

/** Anonymous guest sessions, carried by a signed HttpOnly cookie. */
export function guestSessionRoutes({ quota, secureCookies }: GatewayDependencies): Router {
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
    const { session } = await quota.createGuestSession({});
    setGuestCookie(response, session?.sessionId ?? "", secureCookies);
    response.status(201).json(sessionJson(session));
  });

  router.get("/api/guest-session/status", async (request, response) => {
    const owner = callerOf(request);
    const { session } = await quota.getGuestSession({ sessionId: owner.kind.value ?? "" });
    response.json(sessionJson(session));
  });

  return router;
}
