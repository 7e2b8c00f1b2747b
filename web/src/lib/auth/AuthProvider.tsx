import type { AuthChangeEvent, Session, User } from "@supabase/supabase-js";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { setAccessTokenSource } from "../../api/client";
import { checkAdmin, syncUser } from "../../api/users";
import { useAdminRecheck } from "./admin-recheck";
import { OPENED_WITH_ACCESS_TOKEN, OPENED_WITH_AUTH_ERROR } from "../initial-url";
import { removeLocal, STORAGE_KEYS, writeLocal } from "../storage";
import { AUTH_CONFIGURED, AUTH_STORAGE_KEY, hasStoredSession, type AuthApi } from "./auth-config";
import { AUTH_UNAVAILABLE, AuthFailure, toAuthFailure } from "./auth-failure";
import { loadAuthClient } from "./load-client";
import { resetUserData } from "./user-data-reset";

export interface SignUpInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export interface AuthContextValue {
  /** True until the stored session has been read. */
  loading: boolean;
  session: Session | null;
  user: User | null;
  isAdmin: boolean;
  /** True while the admin flag of a signed-in user is being checked. */
  adminLoading: boolean;
  authConfigured: boolean;
  signIn(email: string, password: string): Promise<void>;
  signUp(input: SignUpInput): Promise<void>;
  resendConfirmation(email: string): Promise<void>;
  signOut(): Promise<void>;
  /** Sets a new password for the signed-in user (throws an AuthFailure). */
  changePassword(newPassword: string): Promise<void>;
  /** Stores new names in the auth user's metadata, so everything showing the user's name updates (throws an AuthFailure). */
  updateName(firstName: string, lastName: string): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Local data of one browsing session, cleared when a user has just logged in (spec §4). */
function clearLocalSessionData(): void {
  removeLocal(STORAGE_KEYS.sessionStart, STORAGE_KEYS.splashSeen, STORAGE_KEYS.onboardingCompleted, STORAGE_KEYS.newUser);
}

/**
 * The auth client is needed at once when the address carries an auth result or a session is stored;
 * otherwise (an anonymous visitor) it loads on the first auth action, or when another tab signs in.
 */
function clientNeededAtStart(): boolean {
  return AUTH_CONFIGURED && (OPENED_WITH_ACCESS_TOKEN || OPENED_WITH_AUTH_ERROR !== null || hasStoredSession());
}

const redirectTarget = () => `${window.location.origin}/`;

let currentAccessToken: string | null = null;
const accessToken = () => currentAccessToken;
setAccessTokenSource(accessToken);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [loading, setLoading] = useState(clientNeededAtStart);
  const [session, setSession] = useState<Session | null>(null);
  const [isAdmin, setAdmin] = useState(false);
  const [adminLoading, setAdminLoading] = useState(false);
  const userIdRef = useRef<string | null>(null);
  const initializedRef = useRef(false);
  const urlLoginHandledRef = useRef(false);

  const mountedRef = useRef(false);
  const connectionRef = useRef<{ unsubscribe(): void } | null>(null);
  const connectingRef = useRef<Promise<AuthApi | null> | null>(null);

  /** Follows the client's auth events (the session, sign-in and sign-out) until `unsubscribe()`. */
  const subscribe = useCallback((client: AuthApi) => {
    let cancelled = false;

    /** Sync the user to the server, then ask whether they are an admin (outside the auth callback). */
    const afterSignIn = async (signedIn: Session) => {
      setAdminLoading(true);
      const { user } = signedIn;
      const metadata = (user.user_metadata ?? {}) as { first_name?: unknown; last_name?: unknown };
      try {
        await syncUser(
          {
            email: user.email ?? "",
            authProviderId: user.id,
            firstName: typeof metadata.first_name === "string" ? metadata.first_name : "",
            lastName: typeof metadata.last_name === "string" ? metadata.last_name : "",
          },
          signedIn.access_token,
        );
      } catch (error) {
        console.error("Syncing the user failed", error);
      }
      try {
        const admin = await checkAdmin(signedIn.access_token);
        if (!cancelled && userIdRef.current === user.id) setAdmin(admin);
      } catch (error) {
        console.error("The admin check failed", error);
        if (!cancelled && userIdRef.current === user.id) setAdmin(false);
      } finally {
        if (!cancelled && userIdRef.current === user.id) setAdminLoading(false);
      }
    };

    const freshLogin = () => {
      clearLocalSessionData();
      writeLocal(STORAGE_KEYS.sessionStart, String(Date.now()));
      resetUserData();
    };

    const onChange = (event: AuthChangeEvent, next: Session | null) => {
      const previousUserId = userIdRef.current;
      currentAccessToken = next?.access_token ?? null;
      userIdRef.current = next?.user.id ?? null;
      switch (event) {
        case "INITIAL_SESSION": {
          initializedRef.current = true;
          setSession(next);
          setLoading(false);
          if (next) {
            // Opened from the e-mail confirmation link: that is a fresh login too.
            if (OPENED_WITH_ACCESS_TOKEN && !urlLoginHandledRef.current) {
              urlLoginHandledRef.current = true;
              freshLogin();
              // The client cleared the tokens from the address; drop the bare "#" it leaves.
              if (window.location.href.endsWith("#")) {
                window.history.replaceState(window.history.state, "", window.location.href.slice(0, -1));
              }
            }
            setAdminLoading(true);
            setTimeout(() => void afterSignIn(next), 0);
          }
          break;
        }
        case "SIGNED_IN": {
          setSession(next);
          if (!next) break;
          const fresh = initializedRef.current && previousUserId !== next.user.id;
          if (fresh) freshLogin();
          if (fresh || previousUserId !== next.user.id) {
            setAdmin(false);
            setAdminLoading(true);
            setTimeout(() => void afterSignIn(next), 0);
          }
          break;
        }
        case "SIGNED_OUT":
          setSession(null);
          setAdmin(false);
          setAdminLoading(false);
          if (previousUserId) resetUserData();
          break;
        case "TOKEN_REFRESHED":
        case "MFA_CHALLENGE_VERIFIED":
        case "USER_UPDATED":
          setSession(next);
          break;
        default:
          break;
      }
    };

    const { data } = client.onAuthStateChange(onChange);

    // Refresh the access token only while the tab is visible (spec §4).
    const onVisibility = () => {
      if (document.visibilityState === "visible") void client.startAutoRefresh();
      else void client.stopAutoRefresh();
    };
    document.addEventListener("visibilitychange", onVisibility);
    onVisibility();

    return {
      unsubscribe() {
        cancelled = true;
        data.subscription.unsubscribe();
        document.removeEventListener("visibilitychange", onVisibility);
      },
    };
  }, []);

  /** Loads the client and subscribes to its events (before any action uses it); null without an auth service. */
  const connect = useCallback((): Promise<AuthApi | null> => {
    connectingRef.current ??= loadAuthClient().then((client) => {
      if (client && mountedRef.current && !connectionRef.current) connectionRef.current = subscribe(client);
      return client;
    });
    return connectingRef.current;
  }, [subscribe]);

  const requireClient = useCallback(async (): Promise<AuthApi> => {
    const client = await connect().catch((error: unknown) => {
      throw new AuthFailure("Authentication service unavailable", { code: AUTH_UNAVAILABLE, cause: error });
    });
    if (!client) throw new AuthFailure("Authentication service unavailable", { code: AUTH_UNAVAILABLE });
    return client;
  }, [connect]);

  useEffect(() => {
    mountedRef.current = true;
    if (clientNeededAtStart()) {
      connect().catch((error: unknown) => {
        console.error("Loading the auth client failed", error);
        setLoading(false);
      });
    }
    // Signed in in another tab: load the client, which then reads the stored session.
    const onStorage = (event: StorageEvent) => {
      if (event.key === AUTH_STORAGE_KEY && event.newValue !== null) void connect().catch(() => undefined);
    };
    window.addEventListener("storage", onStorage);
    return () => {
      mountedRef.current = false;
      window.removeEventListener("storage", onStorage);
      connectionRef.current?.unsubscribe();
      connectionRef.current = null;
      connectingRef.current = null;
    };
  }, [connect]);

  const onAdminRecheck = useCallback((userId: string, admin: boolean) => {
    if (userIdRef.current === userId) setAdmin(admin);
  }, []);
  useAdminRecheck(session?.user.id ?? null, accessToken, onAdminRecheck);

  const signIn = useCallback(async (email: string, password: string) => {
    const { error } = await (await requireClient()).signInWithPassword({ email: email.trim(), password });
    if (error) throw toAuthFailure(error);
  }, [requireClient]);

  const signUp = useCallback(async ({ firstName, lastName, email, password }: SignUpInput) => {
    const { data, error } = await (await requireClient()).signUp({
      email: email.trim(),
      password,
      options: {
        data: { first_name: firstName.trim(), last_name: lastName.trim() },
        emailRedirectTo: redirectTarget(),
      },
    });
    if (error) throw toAuthFailure(error);
    // An already confirmed address gets an obfuscated user without identities (Supabase's
    // enumeration protection): that is "User already registered" for the UI.
    if (data.user && Array.isArray(data.user.identities) && data.user.identities.length === 0) {
      throw new AuthFailure("User already registered", { code: "user_already_exists", status: 422 });
    }
    writeLocal(STORAGE_KEYS.newUser, "true");
    removeLocal(STORAGE_KEYS.onboardingCompleted, STORAGE_KEYS.splashSeen);
  }, [requireClient]);

  const resendConfirmation = useCallback(async (email: string) => {
    const { error } = await (await requireClient()).resend({
      type: "signup",
      email: email.trim(),
      options: { emailRedirectTo: redirectTarget() },
    });
    if (error) throw toAuthFailure(error);
  }, [requireClient]);

  const signOut = useCallback(async () => {
    const client = await requireClient();
    const { error } = await client.signOut({ scope: "local" });
    if (error) console.error("Sign-out failed on the server; the local session is removed", error);
    currentAccessToken = null;
    userIdRef.current = null;
    setSession(null);
    setAdmin(false);
    resetUserData();
  }, [requireClient]);

  const changePassword = useCallback(async (newPassword: string) => {
    const { error } = await (await requireClient()).updateUser({ password: newPassword });
    if (error) throw toAuthFailure(error);
  }, [requireClient]);

  const updateName = useCallback(async (firstName: string, lastName: string) => {
    const { data, error } = await (await requireClient()).updateUser({ data: { first_name: firstName.trim(), last_name: lastName.trim() } });
    if (error) throw toAuthFailure(error);
    // USER_UPDATED brings the new session too; setting it here makes the change visible without waiting for the event.
    if (data.user) setSession((current) => (current && current.user.id === data.user.id ? { ...current, user: data.user } : current));
  }, [requireClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      loading,
      session,
      user: session?.user ?? null,
      isAdmin,
      adminLoading,
      authConfigured: AUTH_CONFIGURED,
      signIn,
      signUp,
      resendConfirmation,
      signOut,
      changePassword,
      updateName,
    }),
    [loading, session, isAdmin, adminLoading, signIn, signUp, resendConfirmation, signOut, changePassword, updateName],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside <AuthProvider>");
  return value;
}
