import { useEffect } from "react";
import { checkAdmin } from "../../api/users";

/** At most one re-check a minute: the check is a server call per user. */
export const ADMIN_RECHECK_MS = 60_000;

/**
 * Asks the server again whether the signed-in user is an admin when the page becomes visible
 * (at most once every ADMIN_RECHECK_MS), so rights granted or removed by another admin show without
 * a reload. `onResult` gets the user the answer is about; a failed check changes nothing.
 */
export function useAdminRecheck(userId: string | null, accessToken: () => string | null, onResult: (userId: string, isAdmin: boolean) => void): void {
  useEffect(() => {
    if (!userId) return;
    let checkedAt = Date.now();
    const recheck = () => {
      const token = accessToken();
      if (document.visibilityState !== "visible" || !token || Date.now() - checkedAt < ADMIN_RECHECK_MS) return;
      checkedAt = Date.now();
      checkAdmin(token).then(
        (isAdmin) => onResult(userId, isAdmin),
        () => undefined,
      );
    };
    document.addEventListener("visibilitychange", recheck);
    window.addEventListener("focus", recheck);
    return () => {
      document.removeEventListener("visibilitychange", recheck);
      window.removeEventListener("focus", recheck);
    };
  }, [userId, accessToken, onResult]);
}
