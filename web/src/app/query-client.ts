import { QueryClient } from "@tanstack/react-query";
import { onUserDataReset } from "../lib/auth";

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

let shared: QueryClient | null = null;

/**
 * The one query client of the page, created when the first route that uses queries loads (the
 * landing page never does). It is cleared whenever a user signs in or out, also while no such
 * route is showing.
 */
export function getQueryClient(): QueryClient {
  if (!shared) {
    const client = createQueryClient();
    onUserDataReset(() => client.clear());
    shared = client;
  }
  return shared;
}
