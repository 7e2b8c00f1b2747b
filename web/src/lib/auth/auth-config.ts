import type { AuthClient } from "@supabase/supabase-js";

/**
 * Where the auth client talks to, without loading it. By default `/auth/v1` of this origin (the
 * product's own Supabase-Auth-compatible server); VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY point it
 * at a hosted Supabase project instead. Setting VITE_SUPABASE_URL to "off" builds the app without auth.
 */
const DEFAULT_ANON_KEY = "qai-local-anon-key";

const configuredUrl = (import.meta.env.VITE_SUPABASE_URL as string | undefined)?.trim();
const configuredKey = (import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined)?.trim();

export const AUTH_URL = configuredUrl === "off" ? "" : configuredUrl || window.location.origin;
export const AUTH_ANON_KEY = configuredKey || DEFAULT_ANON_KEY;

export const AUTH_CONFIGURED = Boolean(AUTH_URL && AUTH_ANON_KEY);

/** The localStorage key of the stored session (supabase-js's `sb-<project>-auth-token`). */
export const AUTH_STORAGE_KEY = AUTH_CONFIGURED ? `sb-${new URL(AUTH_URL).hostname.split(".")[0]}-auth-token` : "";

/** True when a session is stored (signed in earlier, in this tab or another). */
export function hasStoredSession(): boolean {
  if (!AUTH_STORAGE_KEY) return false;
  try {
    return window.localStorage.getItem(AUTH_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

/** `supabase.auth` in supabase-js terms. */
export type AuthApi = InstanceType<typeof AuthClient>;
