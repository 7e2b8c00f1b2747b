import { Router } from "express";
import { z } from "zod";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { Profile } from "@qai/contracts";
import type { GatewayDependencies } from "../dependencies";
import { assertOwn } from "../http/caller";
import { validate } from "../http/validation";
import { ok, type JsonRead } from "../http/json-reads";

const NAME = z.string().max(100);

export const syncSchema = z.object({
  email: z.string().max(320).optional(),
  authProviderId: z.string().max(100).optional(),
  firstName: NAME.optional().default(""),
  lastName: NAME.optional().default(""),
});

export const profileSchema = z.object({
  authProviderId: z.string().max(100).optional(),
  firstName: NAME,
  lastName: NAME,
});

export const accountSchema = z.object({ authProviderId: z.string().max(100).optional() });

export const themeQuerySchema = z.object({ email: z.string().max(320).optional() });
export const themeBodySchema = z.object({ email: z.string().max(320).optional(), themePreference: z.string().max(40) });

/** The application-side user as the web client receives it. */
export function profileJson(profile: Profile | undefined) {
  return {
    id: profile?.userId,
    email: profile?.email,
    firstName: profile?.firstName,
    lastName: profile?.lastName,
    isAdmin: profile?.isAdmin ?? false,
    themePreference: profile?.themePreference || null,
    createdAt: profile?.createdAt ? timestampDate(profile.createdAt).toISOString() : null,
    lastActiveAt: profile?.lastActiveAt ? timestampDate(profile.lastActiveAt).toISOString() : null,
  };
}

/** Registered users' own account: sync on sign-in, profile, deletion, setting the theme. */
export function userRoutes({ accounts, callers }: GatewayDependencies): Router {
  const router = Router();

  router.post("/api/users", async (request, response) => {
    const body = validate(syncSchema, request.body);
    const user = await callers.userOf(request, body.authProviderId);
    assertOwn(body.email, user.email);
    const { profile } = await accounts.syncUser({ userId: user.userId, email: user.email, firstName: body.firstName.trim(), lastName: body.lastName.trim(), provider: user.provider });
    response.json(profileJson(profile));
  });

  router.put("/api/users/profile", async (request, response) => {
    const body = validate(profileSchema, request.body);
    const user = await callers.userOf(request, body.authProviderId);
    const { profile } = await accounts.updateProfile({ userId: user.userId, firstName: body.firstName, lastName: body.lastName });
    response.json(profileJson(profile));
  });

  router.delete("/api/users/account", async (request, response) => {
    const body = validate(accountSchema, request.body ?? {});
    const user = await callers.userOf(request, body.authProviderId);
    await accounts.deleteAccount({ userId: user.userId });
    response.json({ deleted: true });
  });

  router.put("/api/users/theme", async (request, response) => {
    const body = validate(themeBodySchema, request.body);
    const user = await callers.userOf(request);
    assertOwn(body.email, user.email);
    const { themePreference } = await accounts.setTheme({ userId: user.userId, themePreference: body.themePreference });
    response.json({ themePreference });
  });

  return router;
}

export function userReads({ accounts, quota, callers }: GatewayDependencies): JsonRead[] {
  return [
    {
      path: "/api/users/theme",
      async answer(call) {
        const query = validate(themeQuerySchema, call.query);
        const user = await callers.userOf(call);
        assertOwn(query.email, user.email);
        const { themePreference } = await accounts.getTheme({ userId: user.userId });
        return ok({ themePreference: themePreference || null });
      },
    },
    {
      // Guests and users alike: how many questions are left now, and when a user's day starts again
      // (the next midnight in Riyadh; null for guests, whose budget is per session).
      path: "/api/users/question-limit",
      async answer(call) {
        const { owner, email } = await callers.callerOf(call);
        const remaining = await quota.getRemaining({ owner, accountEmail: email });
        return ok({
          remainingQuestions: remaining.remainingQuestions,
          limit: remaining.questionLimit,
          resetsAt: remaining.resetsAt ? timestampDate(remaining.resetsAt).toISOString() : null,
          questionLimit: remaining.questionLimit,
          isGuest: owner.kind.case === "guestSessionId",
        });
      },
    },
  ];
}
