import { AUTH_CONFIGURED, type AuthApi } from "./auth-config";

let loading: Promise<AuthApi | null> | null = null;

/** The auth client (supabase-js), loaded on first use; null when no auth service is configured. */
export function loadAuthClient(): Promise<AuthApi | null> {
  if (!AUTH_CONFIGURED) return Promise.resolve(null);
  loading ??= import("./supabase-client").then((module) => module.authClient);
  return loading;
}
