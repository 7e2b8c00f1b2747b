import { referencedArticleNumbers } from "@qai/search-index";
import type { Language } from "../../app/language";
import type { SourceArticle } from "../provider";
import { questionFromArticle } from "./article-question";
import { TEXTS } from "./texts";

const MAX_FOLLOW_UPS = 3;
/**
 * A found article is a follow-up only when it is this close (in number) to an article the answer quotes from
 * the same law: a law's neighbouring articles carry on its topic, while a far one that only shares words
 * (an end-of-service answer offered the articles on ship crews and on probation) is not the next question.
 */
const NEIGHBOURHOOD = 3;
/** An exception or condition in the article: asking about it is a natural next question. */
const EXCEPTION = /(إلا|الا|ما لم|يستثنى|استثناء|لا يسري|لا تسري|بشرط|شريطة)/u;

/** Articles of the same law the quoted text refers to, other than those already quoted. */
function referencedArticles(source: SourceArticle, quoted: readonly SourceArticle[]): number[] {
  return referencedArticleNumbers(source.content).filter(
    (number) => number !== source.articleNumber && !quoted.some((q) => q.lawId === source.lawId && q.articleNumber === number),
  );
}

/** Whether `source` neighbours an article the answer quotes from the same law. */
function neighbours(source: SourceArticle, quoted: readonly SourceArticle[]): boolean {
  return quoted.some((q) => q.lawId === source.lawId && Math.abs(q.articleNumber - source.articleNumber) <= NEIGHBOURHOOD);
}

/**
 * At most three follow-up questions taken from what the cited articles say: the neighbouring articles of
 * the same law that were found but not quoted (in Arabic, the question each one's opening rule answers),
 * articles the quoted text refers to, and the exceptions the deciding article makes. They name no
 * law: a short question naming none is answered from the law under discussion (`retrieveSources`).
 */
export function followUps(language: Language, quoted: readonly SourceArticle[], sources: readonly SourceArticle[]): string[] {
  const t = TEXTS[language];
  const top = quoted[0]!;
  const questions: string[] = [];
  for (const source of sources) {
    if (quoted.includes(source) || source.lawId !== top.lawId || !neighbours(source, quoted)) continue;
    questions.push((language === "ar" ? questionFromArticle(source.content) : undefined) ?? t.followProvision(source));
  }
  for (const number of referencedArticles(top, quoted)) questions.push(t.followProvision({ articleNumber: number, articleSuffix: "" }));
  if (EXCEPTION.test(top.content)) questions.push(t.followExceptions(top));
  return [...new Set(questions)].slice(0, MAX_FOLLOW_UPS);
}
