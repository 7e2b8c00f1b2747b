import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import type { AuthModalMode } from "./AuthModal";

export interface AuthModalApi {
  open(mode: AuthModalMode): void;
}

const AuthModalContext = createContext<AuthModalApi | null>(null);

// The modal loads on first use, keeping it off the landing bundle.
const AuthModal = lazy(() => import("./AuthModal"));

/** Provides `useAuthModal()` and renders the one sign-in / sign-up modal. Mounted inside the router. */
export function AuthModalProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ open: boolean; mode: AuthModalMode; used: boolean; generation: number }>({
    open: false,
    mode: "signin",
    used: false,
    generation: 0,
  });

  const open = useCallback((mode: AuthModalMode) => setState((s) => ({ open: true, mode, used: true, generation: s.generation + 1 })), []);
  const onOpenChange = useCallback((next: boolean) => setState((s) => ({ ...s, open: next })), []);
  const api = useMemo<AuthModalApi>(() => ({ open }), [open]);

  return (
    <AuthModalContext.Provider value={api}>
      {children}
      {state.used && (
        <Suspense fallback={null}>
          <AuthModal key={state.generation} open={state.open} initialMode={state.mode} onOpenChange={onOpenChange} />
        </Suspense>
      )}
    </AuthModalContext.Provider>
  );
}

export function useAuthModal(): AuthModalApi {
  const value = useContext(AuthModalContext);
  if (!value) throw new Error("useAuthModal must be used inside <AuthModalProvider>");
  return value;
}
