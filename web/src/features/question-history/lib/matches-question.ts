import type { QuestionItem } from "../../../api/questions";

/** Spec §5: case-insensitive over question and answer (also applied locally so typing filters at once). */
export function matchesQuestion(item: QuestionItem, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return true;
  return item.question.toLocaleLowerCase().includes(needle) || item.answer.toLocaleLowerCase().includes(needle);
}
