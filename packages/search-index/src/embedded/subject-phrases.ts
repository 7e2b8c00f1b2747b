import type { AnalyzedQuery } from "../analysis/analyzer";
import { conflationKey } from "../analysis/arabic-stemmer";
import { articleTopicPhrases, type SubjectPhrase } from "./article-topics";
import type { RankingParameters } from "./ranking";

/**
 * The question's terms as a subject-index phrase meets them: each own word counts 1, each of their legal synonyms the
 * expansion weight (as the terms count in BM25F); a word of their word families (by key) the family weight.
 */
export interface AskedTerms {
  credits: ReadonlyMap<string, number>;
  families: ReadonlySet<string>;
}

export function askedTerms(query: Pick<AnalyzedQuery, "clauses" | "expansions">, ranking: RankingParameters): AskedTerms {
  const own = new Set(query.clauses.flat());
  const credits = new Map<string, number>();
  for (const term of query.expansions.flat()) credits.set(term, ranking.expansion);
  for (const term of own) credits.set(term, 1);
  return { credits, families: new Set([...own].map(conflationKey)) };
}

/**
 * The share of a phrase's terms the question states (each term's credit, summed, over the phrase's terms), or 0 as
 * soon as the terms left cannot bring it to `minShare`.
 */
function statedShare({ terms, keys }: SubjectPhrase, { credits, families }: AskedTerms, ranking: RankingParameters): number {
  const needed = ranking.subjectPhrase.minShare * terms.length;
  let stated = 0;
  for (let i = 0; i < terms.length; i++) {
    const credit = credits.get(terms[i]!) ?? (families.has(keys[i]!) ? ranking.family : 0);
    stated += credit;
    if (stated + (terms.length - i - 1) < needed - 1e-9) return 0;
  }
  return stated / terms.length;
}

/** The largest share of one of the article's phrases of two or more terms the question states; 0 below `minShare`. */
export function statedPhrase(articleId: string, asked: AskedTerms, ranking: RankingParameters): number {
  let best = 0;
  for (const phrase of articleTopicPhrases(articleId)) {
    const share = statedShare(phrase, asked, ranking);
    if (share >= ranking.subjectPhrase.minShare - 1e-9 && share > best) best = share;
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
  const asked = askedTerms(query, ranking);
  let top = 0;
  for (const slot of candidates) top = Math.max(top, scores[slot]!);
  for (const slot of candidates) scores[slot]! += weight * top * statedPhrase(idOf(slot), asked, ranking);
}
