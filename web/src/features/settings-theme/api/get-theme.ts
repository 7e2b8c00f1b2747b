import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api";

/** GET /api/users/theme?email=: the registered user's saved theme (null when none). */
export function getTheme(email: string): Promise<{ themePreference: string | null }> {
  return apiJson<{ themePreference: string | null }>("/api/users/theme", { query: { email } });
}

export const themeQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ["users", "theme", email] as const,
    queryFn: () => getTheme(email),
  });

export function useThemePreference(email: string | null | undefined) {
  return useQuery({ ...themeQueryOptions(email ?? ""), enabled: Boolean(email) });
}
