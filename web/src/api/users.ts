/** Plain requests only: the auth session loads this module at start-up, so hooks stay with their screens. */
import { apiJson } from "./client";

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

/** GET /api/admin/check: the server decides who is an admin (spec §6). */
export async function checkAdmin(accessToken: string): Promise<boolean> {
  const result = await apiJson<{ isAdmin?: boolean }>("/api/admin/check", {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  return result?.isAdmin === true;
}

export interface ProfileNames {
  firstName: string;
  lastName: string;
}

/** PUT /api/users/profile: the signed-in user's first and last name. */
export function updateProfile(userId: string, names: ProfileNames): Promise<ProfileNames> {
  return apiJson<ProfileNames>("/api/users/profile", { method: "PUT", json: { authProviderId: userId, ...names } });
}

/** DELETE /api/users/account: removes the signed-in user's account. */
export function deleteAccount(userId: string): Promise<unknown> {
  return apiJson("/api/users/account", { method: "DELETE", json: { authProviderId: userId } });
}
