import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api";
import type { ThemeId } from "../../../themes";
import { themeQueryOptions } from "./get-theme";

/** PUT /api/users/theme: saves the theme for the registered user (the email must be the caller's). */
export function saveTheme(email: string, themePreference: ThemeId): Promise<{ themePreference: string }> {
  return apiJson<{ themePreference: string }>("/api/users/theme", { method: "PUT", json: { email, themePreference } });
}

export function useSaveTheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, theme }: { email: string; theme: ThemeId }) => saveTheme(email, theme),
    onSuccess: (result, { email }) => {
      queryClient.setQueryData(themeQueryOptions(email).queryKey, { themePreference: result.themePreference });
    },
  });
}
