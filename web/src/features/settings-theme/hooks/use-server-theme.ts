import { useEffect } from "react";
import { useThemePreference } from "../../../api/user-theme";
import type { User } from "../../../lib/auth";
import { applyTheme, isThemeId } from "../../../themes";

/** For a registered user, the theme saved on the server wins over the local one once it has loaded. */
export function useServerTheme(user: User | null): void {
  const { data } = useThemePreference(user?.email);
  const saved = data?.themePreference;
  useEffect(() => {
    if (isThemeId(saved)) applyTheme(saved);
  }, [saved]);
}
