/** The auth layer of the web app: session, sign-in/up/out, admin flag, and the auth modal opener. */
export { AuthProvider, useAuth, type AuthContextValue, type SignUpInput } from "./AuthProvider";
export { AuthModalProvider, useAuthModal, type AuthModalApi, type AuthModalMode } from "./AuthModalProvider";
export { AuthFailure, AUTH_UNAVAILABLE } from "./auth-failure";
export type { Session, User } from "@supabase/supabase-js";
