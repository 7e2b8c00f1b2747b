/**
 * The party a participle names when "عليه" follows it: "المدعى عليه" is the defendant, "المدعي" the plaintiff.
 * Normalisation folds ى into ي (and many texts write "المدعي عليه"), so without this the two parties were one
 * term, and a plaintiff's question ("رفعت دعوى ولم أحضر") found the articles on the defendant's absence.
 */
const PARTIES_WITH_ALAYHI = new Set(["مدعي", "معتدي", "مشتكي"]);
const ALAYHI = /^عليه(?:ا|م|ما)?$/u;

/** The term of the party named by `term` followed by the word `next`, or undefined when they name no party. */
export function partyTerm(term: string, next: string | undefined): string | undefined {
  return next !== undefined && PARTIES_WITH_ALAYHI.has(term) && ALAYHI.test(next) ? `${term}_عليه` : undefined;
}
