import { create } from "@bufbuild/protobuf";
import { ArticleSchema, LawStatus, type ArticleHit } from "@qai/contracts";
import { isRelevant } from "@qai/search-index";
import { retrieveSources, type KnowledgeSearch } from "../src/app/retrieval";

/** A hit as the knowledge service answers it, relevance decided with the embedded index's policy. */
const hit = (number: number, score: number, coverage: number) =>
  ({
    score,
    coverage,
    relevant: isRelevant({ score, coverage }),
    article: create(ArticleSchema, { id: `labor#${number}`, lawId: "labor", lawName: "نظام العمل", articleNumber: number, articleContent: "نص", status: LawStatus.IN_FORCE }),
  }) as ArticleHit;

const knowledge = (hits: ArticleHit[]): KnowledgeSearch => ({ searchArticles: async () => ({ hits }) }) as unknown as KnowledgeSearch;
const retrieved = async (hits: ArticleHit[]) => (await retrieveSources(knowledge(hits), "سؤال", "ar", [], {})).sources.map((s) => s.articleNumber);

describe("which retrieved articles become sources", () => {
  it("keeps an article covering half the question", async () => {
    expect(await retrieved([hit(53, 8, 0.5)])).toEqual([53]);
  });

  it("keeps a strongly matching article of a long everyday question with low coverage", async () => {
    expect(await retrieved([hit(109, 35, 0.2), hit(110, 30, 0.18)])).toEqual([109, 110]);
  });

  it("finds nothing for an off-topic question matching one or two words", async () => {
    expect(await retrieved([hit(12, 16.7, 0.38)])).toEqual([]);
    expect(await retrieved([hit(12, 40, 0.1)])).toEqual([]);
  });

  it("drops further articles that are irrelevant or score under half the best", async () => {
    expect(await retrieved([hit(109, 40, 0.6), hit(110, 18, 0.3), hit(111, 19, 0.9), hit(112, 22, 0.2)])).toEqual([109, 112]);
  });
});
