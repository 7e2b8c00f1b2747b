import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "./client";
import { providerKeys } from "./keys";

/** GET /api/chat/providers item. */
export interface Provider {
  id: string;
  label: string;
  available: boolean;
  reason?: string;
  specialised?: boolean;
}

/** GET /api/chat/providers: every answer provider and whether it can answer now. */
export function getProviders(signal?: AbortSignal): Promise<Provider[]> {
  return apiJson<Provider[] | undefined>("/api/chat/providers", { signal }).then((list) => (Array.isArray(list) ? list : []));
}

const providersQueryOptions = () =>
  queryOptions({ queryKey: providerKeys.all, queryFn: ({ signal }) => getProviders(signal), staleTime: 30_000 });

export function useProviders(enabled: boolean) {
  return useQuery({ ...providersQueryOptions(), enabled });
}
