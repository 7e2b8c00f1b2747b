import { useCallback } from "react";
import { useSaveTheme } from "../../../api/user-theme";
import { useAuth } from "../../../lib/auth";
import { applyTheme, DEFAULT_THEME, storedTheme, type ThemeId } from "../../../themes";

/** Shows a theme, stores it locally and, for a registered user, saves it on the server (errors are logged). */
export function useApplyTheme(): (theme: ThemeId) => void {
  const { user } = useAuth();
  const save = useSaveTheme();
  const { mutate } = save;
  const email = user?.email;
  return useCallback(
    (theme: ThemeId) => {
      applyTheme(theme);
      if (email) mutate({ email, theme }, { onError: (error) => console.error("Saving the theme failed", error) });
    },
    [email, mutate],
  );
}

/** The dark-mode switch of the advanced settings: on is the dark theme; off goes back to the default unless another theme was chosen. */
export function useSetDarkMode(): (dark: boolean) => void {
  const apply = useApplyTheme();
  return useCallback(
    (dark: boolean) => {
      const previous = storedTheme();
      apply(dark ? "dark" : previous === "dark" ? DEFAULT_THEME : previous);
    },
    [apply],
  );
}
