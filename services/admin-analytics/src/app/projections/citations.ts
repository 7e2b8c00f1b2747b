import { LawChangedSchema, TOPICS, type Citation } from "@qai/contracts";
import type { Transaction } from "@qai/record-store";
import { dislikeRate, padded, type ArticleRecord, type LawRecord } from "../../domain/records";
import { articles, laws } from "../collections";
import { defineKind } from "../event-kind";
import { addReactions, type Reactions } from "./counters";

function newLaw(id: string, name: string, nameEn: string): LawRecord {
  return { id, name, nameEn, citations: 0, likes: 0, dislikes: 0 };
}

/** The articles an answer cites, once each, and their laws, once each. */
export function citedIn(citations: readonly Citation[]): { articles: Citation[]; lawIds: string[] } {
  const byArticle = new Map(citations.filter((c) => c.articleId).map((c) => [c.articleId, c]));
  return { articles: [...byArticle.values()], lawIds: [...new Set([...byArticle.values()].map((c) => c.lawId).filter(Boolean))] };
}

/** An answer cites these articles, with the reactions it already has (feedback may come first). */
export async function countCitations(tx: Transaction, citations: readonly Citation[], reactions: Reactions): Promise<void> {
  const cited = citedIn(citations);
  const knownArticles = new Map((await articles(tx).getMany(cited.articles.map((c) => c.articleId))).map((article) => [article.id, article]));
  for (const citation of cited.articles) {
    const article = knownArticles.get(citation.articleId) ?? newArticle(citation);
    article.citations += 1;
    addReactions(article, reactions);
    await articles(tx).put(ranked(article));
  }
  const knownLaws = new Map((await laws(tx).getMany(cited.lawIds)).map((law) => [law.id, law]));
  for (const lawId of cited.lawIds) {
    const named = cited.articles.find((c) => c.lawId === lawId)!;
    const law = knownLaws.get(lawId) ?? newLaw(lawId, named.lawName, named.lawNameEn);
    // Until a LawChanged names it, the latest citation does.
    if (!law.namedAt) Object.assign(law, { name: named.lawName, nameEn: named.lawNameEn });
    law.citations += 1;
    addReactions(law, reactions);
    await laws(tx).put(law);
  }
}

/** A reaction to an answer changed: its cited articles and laws follow. */
export async function countCitedReactions(tx: Transaction, cited: { articleIds: readonly string[]; lawIds: readonly string[] }, delta: Reactions): Promise<void> {
  for (const article of await articles(tx).getMany(cited.articleIds)) {
    addReactions(article, delta);
    await articles(tx).put(ranked(article));
  }
  for (const law of await laws(tx).getMany(cited.lawIds)) {
    addReactions(law, delta);
    await laws(tx).put(law);
  }
}

function newArticle(citation: Citation): ArticleRecord {
  return { id: citation.articleId, lawId: citation.lawId, number: citation.articleNumber, suffix: citation.articleSuffix, citations: 0, likes: 0, dislikes: 0 };
}

/** The article with its rank among the disliked ones (highest rate first, then most dislikes), if disliked. */
function ranked(article: ArticleRecord): ArticleRecord {
  const { dislikeRank: _old, ...rest } = article;
  return article.dislikes > 0 ? { ...rest, dislikeRank: `${padded(dislikeRate(article) * 1e6, 7)}|${padded(article.dislikes)}` } : rest;
}

/** knowledge.law.v1: a law's names (the newest event by occurredAt wins). */
export const lawEvents = defineKind({
  topic: TOPICS.knowledgeLaw,
  schema: LawChangedSchema,
  occurredAt: (change) => change.occurredAt,
  project: async (tx, change, { occurredAt }) => {
    if (!change.lawId) return;
    const law = (await laws(tx).get(change.lawId)) ?? newLaw(change.lawId, change.lawName, change.lawNameEn);
    if (law.namedAt && occurredAt < law.namedAt) return;
    await laws(tx).put({ ...law, name: change.lawName || law.name, nameEn: change.lawNameEn || law.nameEn, namedAt: occurredAt });
  },
});
