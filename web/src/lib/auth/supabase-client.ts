import { AuthClient } from "@supabase/supabase-js";
import { AUTH_ANON_KEY, AUTH_CONFIGURED, AUTH_STORAGE_KEY, AUTH_URL, type AuthApi } from "./auth-config";

// The hosted-auth client (see auth-config.ts for where it talks to). Loaded on demand through
// `loadAuthClient()` (load-client.ts): a visitor without a stored session does not download it until signing in.

/**
 * Only the auth part of supabase-js (the same client as `createClient(url, key).auth`, same storage
 * key): the database, storage and realtime clients are not used, and leaving them out keeps about
 * 25 kB gzip off every page.
 */
function createAuthClient(baseUrl: string, key: string): AuthApi {
  const base = new URL(baseUrl);
  return new AuthClient({
    url: new URL("auth/v1", base.href.endsWith("/") ? base.href : `${base.href}/`).href,
    headers: { Authorization: `Bearer ${key}`, apikey: key },
    storageKey: AUTH_STORAGE_KEY,
    persistSession: true,
    autoRefreshToken: true,
    // The e-mail confirmation link lands on `/#access_token=…`: read it and clear the address.
    detectSessionInUrl: true,
    flowType: "implicit",
  });
}

/** `supabase.auth` in supabase-js terms; null when no auth service is configured. */
export const authClient: AuthApi | null = AUTH_CONFIGURED ? createAuthClient(AUTH_URL, AUTH_ANON_KEY) : null;
