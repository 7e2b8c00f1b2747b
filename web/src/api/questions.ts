import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "./client";
import { questionKeys } from "./keys";

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

const questionsQueryOptions = (userId: string, search: string) =>
  queryOptions({
    queryKey: questionKeys.list(userId, search),
    queryFn: ({ signal }) => getQuestions(search, signal),
  });

export function useQuestions(userId: string | null | undefined, search: string) {
  return useQuery({ ...questionsQueryOptions(userId ?? "", search), enabled: Boolean(userId), placeholderData: keepPreviousData, refetchOnMount: "always" });
}

/** DELETE /api/history/questions/:id. */
export function deleteQuestion(id: string): Promise<unknown> {
  return apiJson(`/api/history/questions/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useDeleteQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuestion,
    onSettled: () => queryClient.invalidateQueries({ queryKey: questionKeys.all }),
  });
}
