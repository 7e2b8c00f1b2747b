import type { AuthAdminService } from "@qai/contracts";
import type { ClientOf } from "@qai/platform";
import type { AuthUsers } from "../app/account-deletion";

/** AuthUsers over the auth server's AuthAdminService. */
export function grpcAuthUsers(client: ClientOf<typeof AuthAdminService>): AuthUsers {
  return {
    async deleteUser(userId) {
      await client.deleteUser({ userId });
    },
  };
}
