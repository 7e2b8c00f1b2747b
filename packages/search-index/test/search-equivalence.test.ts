/**
 * The bounded top-k search (src/embedded/search.ts) against the straightforward reference ranking
 * (test/reference-search.ts: every matching article scored and sorted): over the full corpus (data/laws),
 * every question of the shared dev sets must give the same top 10 ids, scores and coverage, in the same order.
 */
import { analyzeQuery } from "../src/analysis/analyzer";
import { Generation } from "../src/embedded/generation";
import { DEFAULT_RANKING } from "../src/embedded/ranking";
import { searchGeneration } from "../src/embedded/search";
import { describeWithCorpus, lawArticles, questions } from "./corpus";
import { referenceSearch } from "./reference-search";

const LIMIT = 10;
const describeIfPresent = describeWithCorpus("search-equivalence");

describeIfPresent("bounded top-k search = reference ranking (full corpus, dev questions)", () => {
  let generation: Generation;

  beforeAll(() => {
    generation = new Generation();
    for (const article of lawArticles()) generation.upsert(article);
  });

  it("returns the same top 10 ids, scores, coverage and law decision for every question", () => {
    const all = questions();
    expect(all.length).toBeGreaterThan(800);
    const differences: string[] = [];
    for (const { qid, question, lang } of all) {
      const query = analyzeQuery(question, lang);
      const expected = referenceSearch(generation, query, LIMIT, DEFAULT_RANKING);
      const actual = searchGeneration(generation, query, LIMIT, DEFAULT_RANKING);
      if (JSON.stringify(actual.hits) !== JSON.stringify(expected.hits) || JSON.stringify(actual.laws) !== JSON.stringify(expected.laws)) {
        differences.push(`${qid}: ${JSON.stringify(actual.hits.map((h) => [h.id, h.score]))} ≠ ${JSON.stringify(expected.hits.map((h) => [h.id, h.score]))}`);
      }
    }
    expect(differences).toEqual([]);
  });

  it("keeps the same ranking after articles are removed and re-indexed into reused slots", () => {
    const articles = lawArticles();
    const changed = new Generation();
    for (const article of articles) changed.upsert(article);
    for (let i = 0; i < articles.length; i += 7) changed.remove(articles[i]!.id);
    for (let i = articles.length - 1; i >= 0; i -= 7) changed.upsert(articles[i]!);
    const differences: string[] = [];
    for (const { qid, question, lang } of questions().slice(0, 200)) {
      const query = analyzeQuery(question, lang);
      const expected = referenceSearch(changed, query, LIMIT, DEFAULT_RANKING);
      const actual = searchGeneration(changed, query, LIMIT, DEFAULT_RANKING);
      if (JSON.stringify(actual) !== JSON.stringify(expected)) differences.push(qid);
    }
    expect(differences).toEqual([]);
  });

  it("gives the same hits for limits above the candidate pool and for article references", () => {
    for (const question of ["المادة 77 من نظام العمل", "المادة الخامسة", "article 3", "نظام", "عقوبة التزوير"]) {
      const query = analyzeQuery(question);
      for (const limit of [1, 10, 250]) {
        expect(searchGeneration(generation, query, limit, DEFAULT_RANKING)).toEqual(referenceSearch(generation, query, limit, DEFAULT_RANKING));
      }
    }
  });
});
