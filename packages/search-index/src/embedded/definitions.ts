import type { AnalyzedQuery } from "../analysis/analyzer";
import type { RankingParameters } from "./ranking";

/** Lead terms of a definitions article: "يقصد بـ…" and "… المعاني المبينة أمامها" (the analysed words). */
const MARKERS: ReadonlySet<string> = new Set(["يقصد", "معاني"]);

/** Whether an article's lead (its first content terms, analysed) opens a list of definitions or one definition. */
export function opensDefinitions(lead: readonly string[]): boolean {
  return lead.some((term) => MARKERS.has(term));
}

/**
 * A question asking what a legal term covers ("هل تعد الرسائل … تحرشاً؟", "ما المقصود بالهيئة؟") is answered by the
 * law's definitions: the candidates that open with one are weighted ×(1 + `ranking.definition`).
 */
export function applyDefinitions(
  scores: Float64Array,
  candidates: readonly number[],
  defines: (slot: number) => boolean,
  query: Pick<AnalyzedQuery, "definition">,
  ranking: RankingParameters,
): void {
  if (!query.definition || ranking.definition <= 0) return;
  for (const slot of candidates) if (defines(slot)) scores[slot]! *= 1 + ranking.definition;
}
