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
 * /api/admin/check answers any signed-in user; every other /api/admin/* route first requires the
 * accounts service to say the caller is an admin (the flag never comes from the client).
 */
export function adminRoutes({ accounts, callers }: GatewayDependencies): Router {
  const router = Router();

  router.get("/api/admin/check", async (request, response) => {
    const user = await callers.userOf(request);
    const { isAdmin } = await accounts.checkAdmin({ userId: user.userId, email: user.email });
    response.json({ isAdmin });
  });

  const requireAdmin: RequestHandler = async (request, _response, next) => {
    const user = await callers.userOf(request);
    const { isAdmin } = await accounts.checkAdmin({ userId: user.userId, email: user.email });
    if (!isAdmin) throw ADMINS_ONLY;
    next();
  };
  router.use("/api/admin", requireAdmin);
  return router;
}
