import { createContext, useContext, useEffect } from "react";
import { ApiError } from "../../../api/client";

/** Called when the server refuses an admin call (401/403): the panel then shows Access Restricted. */
export const ForbiddenContext = createContext<() => void>(() => undefined);

export const isForbidden = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403);

/** Reports a refused admin call, e.g. after the user's admin rights were removed. */
export function useForbiddenGuard(...errors: unknown[]): void {
  const onForbidden = useContext(ForbiddenContext);
  const hit = errors.some(isForbidden);
  useEffect(() => {
    if (hit) onForbidden();
  }, [hit, onForbidden]);
}
