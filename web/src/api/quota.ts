import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "./client";
import { quotaKeys } from "./keys";

/** How many questions the caller may still ask (guests: per session; users: per day). */
export interface Quota {
  remaining: number;
  limit: number;
  isGuest: boolean;
}

interface QuestionLimit {
  remainingQuestions?: number;
  limit?: number;
  isGuest?: boolean;
}

/** GET /api/users/question-limit: guests (cookie) and users (bearer) alike. */
export async function getQuota(signal?: AbortSignal): Promise<Quota | null> {
  const body = await apiJson<QuestionLimit | undefined>("/api/users/question-limit", { signal });
  if (typeof body?.remainingQuestions !== "number") return null;
  return { remaining: body.remainingQuestions, limit: body.limit ?? body.remainingQuestions, isGuest: body.isGuest === true };
}

/** `ownerKey` separates the cache of a guest and of each user. */
const quotaQueryOptions = (ownerKey: string) =>
  queryOptions({ queryKey: quotaKeys.owner(ownerKey), queryFn: ({ signal }) => getQuota(signal) });

export function useQuota(ownerKey: string, enabled: boolean) {
  return useQuery({ ...quotaQueryOptions(ownerKey), enabled });
}
