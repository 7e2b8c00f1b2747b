import { Router } from "express";
import { z } from "zod";
import { Reaction } from "@qai/contracts";
import { AppError } from "@qai/platform";
import type { GatewayDependencies } from "../dependencies";
import { ownerId } from "../http/caller";
import { validate } from "../http/validation";
import { ID, reactionName } from "./messages";

const CLAIMED_ID = z.string().trim().max(200).nullish();

export const feedbackSchema = z.object({
  messageId: ID,
  type: z.enum(["like", "dislike"]),
  /** A user id, or (as the spec's client sends it) the guest session id. */
  userId: CLAIMED_ID,
  guestSessionId: CLAIMED_ID,
  sessionId: CLAIMED_ID,
});

const NOT_YOURS = new AppError("permission_denied", "the claimed id does not match the caller", {
  userMessage: { ar: "لا تملك صلاحية الوصول إلى بيانات مستخدم آخر.", en: "You cannot access another user's data." },
});

/**
 * POST /api/feedback: like or dislike an answer, for registered users and guests (identified by
 * their guest session cookie). Toggling: the same type again withdraws it, the other type replaces
 * it. The response is the caller's reaction now (`type` null when withdrawn).
 */
export function feedbackRoutes({ conversation, callers }: GatewayDependencies): Router {
  const router = Router();

  router.post("/api/feedback", async (request, response) => {
    const body = validate(feedbackSchema, request.body);
    const owner = await callers.ownerOf(request);
    // Ids the client repeats about itself must be the verified caller's own.
    const claimed = owner.kind.case === "userId" ? body.userId : (body.userId ?? body.guestSessionId ?? body.sessionId);
    if (claimed && claimed !== ownerId(owner)) throw NOT_YOURS;
    const result = await conversation.giveFeedback({ owner, messageId: body.messageId, reaction: body.type === "like" ? Reaction.LIKE : Reaction.DISLIKE });
    response.json({ messageId: result.messageId, type: reactionName(result.reaction), previous: reactionName(result.previous) });
  });

  return router;
}
