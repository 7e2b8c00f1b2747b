import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { AccountsService, ProfileSchema } from "@qai/contracts";
import type { HandlersOf } from "@qai/platform";
import type { AccountDeletion } from "../app/account-deletion";
import type { Accounts } from "../app/accounts";
import type { Admins } from "../app/admins";
import type { ProfileRecord } from "../domain/profile";

export function accountsHandlers(accounts: Accounts, admins: Admins, deletion: AccountDeletion): HandlersOf<typeof AccountsService> {
  return {
    async syncUser({ userId, email, firstName, lastName, provider }) {
      return { profile: toProfile(await accounts.syncUser({ userId, email, firstName, lastName, provider })) };
    },
    async getProfile({ userId }) {
      return { profile: toProfile(await accounts.profile(userId)) };
    },
    async updateProfile({ userId, firstName, lastName }) {
      return { profile: toProfile(await accounts.updateProfile(userId, firstName, lastName)) };
    },
    async deleteAccount({ userId }) {
      await deletion.deleteAccount(userId);
      return {};
    },
    async checkAdmin({ userId, email, emailVerified }) {
      return { isAdmin: await admins.isAdmin(userId, email, emailVerified) };
    },
    async getTheme({ userId }) {
      return { themePreference: await accounts.theme(userId) };
    },
    async setTheme({ userId, themePreference }) {
      return { themePreference: await accounts.setTheme(userId, themePreference) };
    },
    async touchActivity({ userId }) {
      await accounts.touchActivity(userId);
      return {};
    },
    async setAdmin({ userId, email, isAdmin, actorUserId }) {
      return { isAdmin: (await admins.setAdmin({ userId, email }, isAdmin, actorUserId)).isAdmin };
    },
  };
}

function toProfile(record: ProfileRecord): MessageInitShape<typeof ProfileSchema> {
  return {
    userId: record.id,
    email: record.email,
    firstName: record.firstName,
    lastName: record.lastName,
    isAdmin: record.isAdmin,
    themePreference: record.themePreference,
    createdAt: timestampFromDate(new Date(record.createdAt)),
    lastActiveAt: timestampFromDate(new Date(record.lastActiveAt)),
  };
}
