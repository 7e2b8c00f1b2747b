import { Router, type RequestHandler, type Response } from "express";
import { z } from "zod";
import { AppError } from "@qai/platform";
import type { GatewayDependencies } from "../dependencies";
import type { VerifiedUser } from "../http/access-tokens";
import { validate } from "../http/validation";

const ADMINS_ONLY = new AppError("permission_denied", "admin privileges required", {
  userMessage: {
    ar: "الوصول مرفوض - ليست لديك صلاحية الوصول إلى لوحة الإدارة.",
    en: "Access Denied - You don't have permission to access the Admin Panel.",
  },
});

export const adminFlagParamsSchema = z.object({ userId: z.string().min(1).max(200) });
export const adminFlagSchema = z.object({ isAdmin: z.boolean() });

/**
 * Lets only admins through: 401 without a verified token, 403 unless the accounts service says
 * the caller is an admin (the flag never comes from the client). Runs before any large body is read.
 */
export function requireAdmin({ accounts, callers }: Pick<GatewayDependencies, "accounts" | "callers">): RequestHandler {
  return async (request, response, next) => {
    const user = await callers.userOf(request);
    const { isAdmin } = await accounts.checkAdmin({ userId: user.userId, email: user.email, emailVerified: user.emailVerified });
    if (!isAdmin) throw ADMINS_ONLY;
    response.locals.admin = user;
    next();
  };
}

/** The admin `requireAdmin` let through: the actor named in the audit log. */
export function adminOf(response: Response): VerifiedUser {
  const admin = response.locals.admin as VerifiedUser | undefined;
  if (!admin) throw new Error("adminOf called on a route without requireAdmin");
  return admin;
}

/**
 * /api/admin/check answers any signed-in user; every other /api/admin/* route first requires an
 * admin (`requireAdmin`). Routes mounted after this router inherit the guard.
 */
export function adminRoutes(deps: GatewayDependencies): Router {
  const { accounts, callers } = deps;
  const router = Router();

  router.get("/api/admin/check", async (request, response) => {
    const user = await callers.userOf(request);
    const { isAdmin } = await accounts.checkAdmin({ userId: user.userId, email: user.email, emailVerified: user.emailVerified });
    response.json({ isAdmin });
  });

  router.use("/api/admin", requireAdmin(deps));

  // Takes effect on the user's next request: the admin check asks accounts every time.
  router.patch("/api/admin/users/:userId/admin", async (request, response) => {
    const { userId } = validate(adminFlagParamsSchema, request.params);
    const { isAdmin } = validate(adminFlagSchema, request.body);
    const changed = await accounts.setAdmin({ userId, isAdmin, actorUserId: adminOf(response).userId });
    response.json({ id: userId, isAdmin: changed.isAdmin });
  });
  return router;
}
