import { QueryClient } from "@tanstack/react-query";

/**
 * Spec §7 defaults: data never goes stale, no refetch on window focus, no polling, no retries for
 * queries or mutations. Screens refresh explicitly (invalidation) when they change data.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
