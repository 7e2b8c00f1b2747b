import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "./client";
import { adminKeys } from "./keys";

export interface KnowledgeStats {
  totalArticles: number;
  totalLaws: number;
  lawsList: Array<{ lawName: string; sourceUrl?: string | null; articleCount: number }>;
}

/** GET /api/admin/knowledge/stats (admins only; the bearer token identifies the caller). */
export function getKnowledgeStats(): Promise<KnowledgeStats> {
  return apiJson<KnowledgeStats>("/api/admin/knowledge/stats");
}

const knowledgeStatsQueryOptions = () => queryOptions({ queryKey: adminKeys.knowledgeStats(), queryFn: getKnowledgeStats });

export function useKnowledgeStats(enabled: boolean) {
  return useQuery({ ...knowledgeStatsQueryOptions(), enabled });
}
