import { AppError } from "@qai/platform";
import { requireUserId } from "../domain/profile";
import type { Accounts } from "./accounts";

/** The auth server's user administration (AuthAdminService). */
export interface AuthUsers {
  /** Deletes the user with its sessions and factors; an unknown user is not an error. */
  deleteUser(userId: string): Promise<void>;
}

/**
 * Deletes an account: the auth user first (a remote call, outside any transaction), then the
 * profile with accounts.user.v1 DELETED in one transaction. Every step may be repeated, so a failed
 * or repeated deletion is simply retried.
 */
export class AccountDeletion {
  constructor(
    private readonly authUsers: AuthUsers,
    private readonly accounts: Accounts,
  ) {}

  async deleteAccount(userId: string): Promise<void> {
    const id = requireUserId(userId);
    await this.authUsers.deleteUser(id).catch((error: unknown) => {
      throw new AppError("unavailable", `auth could not delete user ${id}`, {
        cause: error,
        userMessage: { en: "Failed to delete account. Please try again.", ar: "تعذّر حذف الحساب. يرجى المحاولة مرة أخرى." },
      });
    });
    await this.accounts.deleteProfile(id);
  }
}
