import type { AuthAdminService } from "@qai/contracts";
import { AppError, type HandlersOf } from "@qai/platform";
import type { AuthAdmin } from "../app/admin";

export function authAdminHandlers(admin: AuthAdmin): HandlersOf<typeof AuthAdminService> {
  return {
    async deleteUser({ userId }) {
      if (!userId) throw new AppError("invalid_argument", "user_id is required");
      return { deleted: await admin.deleteUser(userId) };
    },
    async countUsers() {
      return { total: await admin.countUsers() };
    },
  };
}
