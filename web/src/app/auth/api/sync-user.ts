import { apiJson } from "../../../lib/api";

export interface SyncUserInput {
  email: string;
  authProviderId: string;
  firstName: string;
  lastName: string;
}

export interface SyncedUser {
  id: string;
  email: string;
  firstName?: string;
  lastName?: string;
  isAdmin?: boolean;
  themePreference?: string | null;
}

/** POST /api/users: creates or refreshes the application-side user after a sign-in (spec §4, §7). */
export function syncUser(input: SyncUserInput, accessToken: string): Promise<SyncedUser> {
  return apiJson<SyncedUser>("/api/users", {
    method: "POST",
    json: { ...input },
    headers: { Authorization: `Bearer ${accessToken}` },
  });
}
