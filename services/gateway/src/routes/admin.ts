import { Router, type RequestHandler } from "express";
import { AppError } from "@qai/platform";
import type { GatewayDependencies } from "../dependencies";

const ADMINS_ONLY = new AppError("permission_denied", "admin privileges required", {
  userMessage: {
    ar: "الوصول مرفوض - ليست لديك صلاحية الوصول إلى لوحة الإدارة.",
    en: "Access Denied - You don't have permission to access the Admin Panel.",
  },
});

/**
 * Lets only admins through: 401 without a verified token, 403 unless the accounts service says
 * the caller is an admin (the flag never comes from the client). Runs before any large body is read.
 */
export function requireAdmin({ accounts, callers }: Pick<GatewayDependencies, "accounts" | "callers">): RequestHandler {
  return async (request, _response, next) => {
    const user = await callers.userOf(request);
    const { isAdmin } = await accounts.checkAdmin({ userId: user.userId, email: user.email, emailVerified: user.emailVerified });
    if (!isAdmin) throw ADMINS_ONLY;
    next();
  };
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
  return router;
}
