/** The auth session of the web app: session, sign-in/up/out, the admin flag and auth failures. */
export { AuthProvider, useAuth } from "./AuthProvider";
export { onUserDataReset } from "./user-data-reset";
export { AuthFailure, AUTH_UNAVAILABLE } from "./auth-failure";
export type { User } from "@supabase/supabase-js";
