import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ThemeId } from "../themes";
import { apiJson } from "./client";
import { userKeys } from "./keys";

/** GET /api/users/theme?email=: the registered user's saved theme (null when none). */
export function getTheme(email: string): Promise<{ themePreference: string | null }> {
  return apiJson<{ themePreference: string | null }>("/api/users/theme", { query: { email } });
}

const themeQueryOptions = (email: string) =>
  queryOptions({
    queryKey: userKeys.theme(email),
    queryFn: () => getTheme(email),
  });

export function useThemePreference(email: string | null | undefined) {
  return useQuery({ ...themeQueryOptions(email ?? ""), enabled: Boolean(email) });
}

/** PUT /api/users/theme: saves the theme for the registered user (the email must be the caller's). */
export function saveTheme(email: string, themePreference: ThemeId): Promise<{ themePreference: string }> {
  return apiJson<{ themePreference: string }>("/api/users/theme", { method: "PUT", json: { email, themePreference } });
}

export function useSaveTheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, theme }: { email: string; theme: ThemeId }) => saveTheme(email, theme),
    onSuccess: (result, { email }) => {
      queryClient.setQueryData(userKeys.theme(email), { themePreference: result.themePreference });
    },
  });
}
