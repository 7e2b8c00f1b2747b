import type { AnalyzedQuery } from "../analysis/analyzer";
import { conflationKey } from "../analysis/arabic-stemmer";
import { articleTopicPhrases } from "./article-topics";
import type { RankingParameters } from "./ranking";

/** The question's terms as a subject-index phrase meets them: its own words, their legal synonyms, their word families. */
export interface AskedTerms {
  own: ReadonlySet<string>;
  synonyms: ReadonlySet<string>;
  families: ReadonlySet<string>;
}

export function askedTerms(query: Pick<AnalyzedQuery, "clauses" | "expansions">): AskedTerms {
  const own = new Set(query.clauses.flat());
  return { own, synonyms: new Set(query.expansions.flat()), families: new Set([...own].map(conflationKey)) };
}

/**
 * The share of a phrase's terms the question states: a term the question uses counts 1, one of their synonyms the
 * expansion weight, one of their word family the family weight (as the terms count in BM25F).
 */
function statedShare(phrase: readonly string[], asked: AskedTerms, ranking: RankingParameters): number {
  const terms = new Set(phrase);
  let stated = 0;
  for (const term of terms) {
    if (asked.own.has(term)) stated += 1;
    else if (asked.synonyms.has(term)) stated += ranking.expansion;
    else if (asked.families.has(conflationKey(term))) stated += ranking.family;
  }
  return stated / terms.size;
}

/** The largest share of one of the article's phrases of two or more terms the question states; 0 below `minShare`. */
export function statedPhrase(articleId: string, asked: AskedTerms, ranking: RankingParameters): number {
  let best = 0;
  for (const phrase of articleTopicPhrases(articleId)) {
    if (new Set(phrase).size < 2) continue;
    const share = statedShare(phrase, asked, ranking);
    if (share >= ranking.subjectPhrase.minShare && share > best) best = share;
  }
  return best;
}

/**
 * The articles whose subject-index phrase the question states ("فصلوني بدون إنذار" for "فصلوني من الشغل بدون أي
 * إنذار") gain `weight` × the best candidate's score × the share stated. BM25F counts the phrase's words one by one,
 * among every other word of the article's content and phrases; a phrase stated nearly whole is the question's subject.
 */
export function applySubjectPhrases(
  scores: Float64Array,
  candidates: readonly number[],
  idOf: (slot: number) => string,
  query: Pick<AnalyzedQuery, "clauses" | "expansions">,
  ranking: RankingParameters,
): void {
  const { weight } = ranking.subjectPhrase;
  if (weight <= 0 || candidates.length === 0) return;
  const asked = askedTerms(query);
  let top = 0;
  for (const slot of candidates) top = Math.max(top, scores[slot]!);
  const lifts = candidates.map((slot) => weight * top * statedPhrase(idOf(slot), asked, ranking));
  candidates.forEach((slot, at) => (scores[slot]! += lifts[at]!));
}
