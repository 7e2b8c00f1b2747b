import { AuthClient } from "@supabase/supabase-js";

/**
 * The hosted-auth client. By default it talks to `/auth/v1` of this origin (the product's own
 * Supabase-Auth-compatible server); VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY point it at a hosted
 * Supabase project instead. Setting VITE_SUPABASE_URL to "off" builds the app without auth.
 */
type AuthApi = InstanceType<typeof AuthClient>;

const DEFAULT_ANON_KEY = "qai-local-anon-key";

const configuredUrl = (import.meta.env.VITE_SUPABASE_URL as string | undefined)?.trim();
const configuredKey = (import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined)?.trim();

const url = configuredUrl === "off" ? "" : configuredUrl || window.location.origin;
const anonKey = configuredKey || DEFAULT_ANON_KEY;

export const AUTH_CONFIGURED = Boolean(url && anonKey);

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
    storageKey: `sb-${base.hostname.split(".")[0]}-auth-token`,
    persistSession: true,
    autoRefreshToken: true,
    // The e-mail confirmation link lands on `/#access_token=…`: read it and clear the address.
    detectSessionInUrl: true,
    flowType: "implicit",
  });
}

/** `supabase.auth` in supabase-js terms; null when no auth service is configured. */
export const authClient: AuthApi | null = AUTH_CONFIGURED ? createAuthClient(url, anonKey) : null;
