import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api";
import type { Provider } from "../types";

/** GET /api/chat/providers: every answer provider and whether it can answer now. */
export function getProviders(signal?: AbortSignal): Promise<Provider[]> {
  return apiJson<Provider[] | undefined>("/api/chat/providers", { signal }).then((list) => (Array.isArray(list) ? list : []));
}

export const providersQueryOptions = () =>
  queryOptions({ queryKey: ["chat", "providers"] as const, queryFn: ({ signal }) => getProviders(signal), staleTime: 30_000 });

export function useProviders(enabled: boolean) {
  return useQuery({ ...providersQueryOptions(), enabled });
}
