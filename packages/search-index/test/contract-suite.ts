/**
 * The contract every SearchIndex adapter passes (embedded now, Elasticsearch later):
 * generations, upsert/remove, ranking sanity on a small Arabic fixture, English queries, coverage, limit.
 */
import type { IndexedArticle, SearchHit, SearchIndex } from "../src/port";
import { FIXTURE, fixtureArticle } from "./fixtures";

const ids = (hits: readonly SearchHit[]) => hits.map((hit) => hit.id);

export function testSearchIndex(name: string, factory: () => Promise<SearchIndex>): void {
  describe(`SearchIndex contract: ${name}`, () => {
    let index: SearchIndex;

    beforeEach(async () => {
      index = await factory();
    });

    afterEach(async () => {
      await index.close();
    });

    async function activeWith(articles: readonly IndexedArticle[]): Promise<string> {
      const generation = await index.createGeneration();
      await index.index(generation, articles);
      await index.activate(generation);
      return generation;
    }

    describe("generations", () => {
      it("searches nothing until a generation is activated", async () => {
        const generation = await index.createGeneration();
        await index.index(generation, FIXTURE);
        expect(await index.activeGeneration()).toBeUndefined();
        expect(await index.count()).toBe(0);
        expect(await index.search("فترة التجربة")).toEqual([]);

        await index.activate(generation);
        expect(await index.activeGeneration()).toBe(generation);
        expect(await index.count()).toBe(FIXTURE.length);
        expect(ids(await index.search("فترة التجربة"))).toContain("labor#53");
      });

      it("keeps serving the active generation while a new one is built, then flips to it", async () => {
        const first = await activeWith(FIXTURE);
        const second = await index.createGeneration();
        expect(second).not.toBe(first);
        await index.index(second, [fixtureArticle("personal-status#127")]);
        expect(ids(await index.search("فترة التجربة"))).toContain("labor#53");

        await index.activate(second);
        expect(await index.activeGeneration()).toBe(second);
        expect(await index.count()).toBe(1);
        expect(await index.search("فترة التجربة")).toEqual([]);
        expect(ids(await index.search("الحضانة"))).toEqual(["personal-status#127"]);
      });

      it("discards a generation that was never activated without touching the active one", async () => {
        const active = await activeWith(FIXTURE);
        const abandoned = await index.createGeneration();
        await index.index(abandoned, [fixtureArticle("labor#53")]);
        await index.discard(abandoned);
        expect(await index.activeGeneration()).toBe(active);
        expect(await index.count()).toBe(FIXTURE.length);
      });
    });

    describe("index and remove", () => {
      it("replaces an article indexed again under the same id", async () => {
        await activeWith(FIXTURE);
        const generation = (await index.activeGeneration()) as string;
        expect(ids(await index.search("لائحة منشأته"))).toContain("labor#11");
        await index.index(generation, [{ ...fixtureArticle("labor#11"), content: "تحدد الوزارة مواعيد التفتيش الدوري" }]);
        expect(await index.count()).toBe(FIXTURE.length);
        expect(ids(await index.search("لائحة منشأته"))).not.toContain("labor#11");
        expect(ids(await index.search("مواعيد التفتيش الدوري"))[0]).toBe("labor#11");
      });

      it("adds articles to the active generation incrementally", async () => {
        const generation = await activeWith([fixtureArticle("labor#53")]);
        await index.index(generation, [fixtureArticle("harassment#6")]);
        expect(await index.count()).toBe(2);
        expect(ids(await index.search("عقوبة التحرش"))[0]).toBe("harassment#6");
      });

      it("removes articles", async () => {
        const generation = await activeWith(FIXTURE);
        await index.remove(generation, ["labor#53", "no-such-id"]);
        expect(await index.count()).toBe(FIXTURE.length - 1);
        expect(ids(await index.search("فترة التجربة في عقد العمل"))).not.toContain("labor#53");
      });
    });

    describe("ranking", () => {
      beforeEach(async () => {
        await activeWith(FIXTURE);
      });

      it.each([
        ["ما هي مدة فترة التجربة في عقد العمل؟", "labor#53"],
        ["ما عقوبة جريمة التحرش؟", "harassment#6"],
        ["لمن تكون حضانة الأطفال إذا افترق الوالدان؟", "personal-status#127"],
        ["كم مدة الإجازة السنوية للعامل؟", "labor#109"],
        ["رأس مال شركة المساهمة", "companies#60"],
      ])("ranks the article about the topic first: %s", async (query, expected) => {
        expect(ids(await index.search(query))[0]).toBe(expected);
      });

      it.each([
        ["اجازه سنويه", "hamza-less alef and ه for ة"],
        ["إِجَازَةٌ سَنَوِيَّةٌ", "diacritics"],
        ["الإجـــازة الســنوية", "tatweel"],
      ])("matches spelling variants: %s (%s)", async (query) => {
        expect(ids(await index.search(query))[0]).toBe("labor#109");
      });

      it.each([
        ["المادة 77 من نظام العمل", "ar"],
        ["المادة ٧٧ من نظام العمل", "ar"],
        ["المادة السابعة والسبعون من نظام العمل", "ar"],
        ["article 77 labor law", "en"],
        ["المادة 77 من نظام المعاملات المدنية", "ar"],
      ] as const)("puts the cited article of the named law first: %s", async (query, language) => {
        const expected = query.includes("المدنية") ? "civil#77" : "labor#77";
        const [first] = await index.search(query, { language });
        expect(first?.id).toBe(expected);
        expect(first?.coverage).toBeGreaterThan(0.9);
      });

      it("maps English questions through the legal glossary onto the Arabic text", async () => {
        const hits = await index.search("How long can a probation period last under the Labor Law?", { language: "en" });
        expect(hits[0]?.id).toBe("labor#53");
        expect(hits[0]?.coverage).toBeGreaterThan(0.6);
        expect(ids(await index.search("annual leave of a worker", { language: "en" }))[0]).toBe("labor#109");
      });
    });

    describe("coverage and limit", () => {
      beforeEach(async () => {
        await activeWith(FIXTURE);
      });

      it("reports coverage between 0 and 1, full when every query term occurs", async () => {
        const hits = await index.search("عقوبة السجن والغرامة");
        expect(hits.length).toBeGreaterThan(1);
        for (const hit of hits) {
          expect(hit.coverage).toBeGreaterThanOrEqual(0);
          expect(hit.coverage).toBeLessThanOrEqual(1);
        }
        expect((await index.search("جريمة تحرش"))[0]?.coverage).toBeCloseTo(1, 5);
      });

      it("gives unrelated questions (near) zero coverage", async () => {
        for (const [query, language] of [
          ["طريقة تحضير كعكة الشوكولاتة بالفراولة", "ar"],
          ["Who won the football world cup?", "en"],
        ] as const) {
          const hits = await index.search(query, { language });
          expect(Math.max(0, ...hits.map((hit) => hit.coverage))).toBeLessThan(0.2);
        }
      });

      it("returns at most `limit` hits, best first", async () => {
        const all = await index.search("العامل صاحب العمل مدة", { limit: 50 });
        expect(all.length).toBeGreaterThan(2);
        const scores = all.map((hit) => hit.score);
        expect(scores).toEqual([...scores].sort((a, b) => b - a));
        expect(ids(await index.search("العامل صاحب العمل مدة", { limit: 2 }))).toEqual(ids(all).slice(0, 2));
      });
    });
  });
}
