import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api";

/** A question history item (spec §3), plus where it was asked. */
export interface QuestionItem {
  id: string;
  question: string;
  answer: string;
  category: string;
  createdAt: string | null;
  conversationId: string;
  messageId: string;
}

/** GET /api/history/questions?search=: the user's questions, newest first; the server searches case-insensitively. */
export function getQuestions(search: string, signal?: AbortSignal): Promise<QuestionItem[]> {
  return apiJson<QuestionItem[]>("/api/history/questions", { query: { search: search || undefined }, signal }).then((list) => list ?? []);
}

export const questionsQueryOptions = (userId: string, search: string) =>
  queryOptions({
    queryKey: ["questions", userId, search] as const,
    queryFn: ({ signal }) => getQuestions(search, signal),
  });

export function useQuestions(userId: string | null | undefined, search: string) {
  return useQuery({ ...questionsQueryOptions(userId ?? "", search), enabled: Boolean(userId), placeholderData: keepPreviousData, refetchOnMount: "always" });
}

/** Spec §5: case-insensitive over question and answer (also applied locally so typing filters at once). */
export function matchesQuestion(item: QuestionItem, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return true;
  return item.question.toLocaleLowerCase().includes(needle) || item.answer.toLocaleLowerCase().includes(needle);
}
