import { performance } from "node:perf_hooks";
import { analyzeQuery } from "../analysis/analyzer";
import type { Generation } from "./generation";
import type { RankingParameters } from "./ranking";
import { searchGeneration } from "./search";

/** Articles a warm-up draws its queries from, spread evenly over the generation's slots. */
const WARM_UP_ARTICLES = 2000;
/** The warm-up searches this long at a time; calls waiting meanwhile (searches of the active generation) run between. */
const SLICE_MS = 10;
/** Content terms per Arabic warm-up query (an everyday question has about this many words). */
const QUERY_TERMS = 10;
/** Every this many Arabic queries, one English query (the article's law title) runs the glossary path. */
const ENGLISH_EVERY = 5;

/**
 * Searches `generation` with queries made of its own articles — the first content words of articles spread
 * over the corpus, and now and then a law's English title — until `budgetMs` has passed or every drawn article
 * has been searched. The first searches of a fresh worker ran interpreted or half-compiled code and filled the
 * generation's caches on the way: right after a build, the 882 dev questions searched once had p95 2.9–3.7 ms in
 * the worker, 1.9–2.7 ms after a 300 ms warm-up (`bench/knowledge.ts`, 3 runs each). 300 ms ran only 70–80
 * searches (the first ones are the slow ones), and the tail stayed: p99 5.9–8.2 ms over the dev questions searched
 * once, against 2.5–2.9 ms after ~1,000 searches (1.5 s; in-process, 2 runs each). It yields every `SLICE_MS`, so
 * a replace does not hold up the searches of the generation still active. Results are not kept; a search changes
 * nothing but caches. Returns the number of searches run.
 */
export async function warmUp(generation: Generation, ranking: RankingParameters, budgetMs: number): Promise<number> {
  const started = performance.now();
  let slice = started;
  const slots = generation.articles.length;
  let searches = 0;
  for (let i = 0; i < WARM_UP_ARTICLES && performance.now() - started < budgetMs; i++) {
    if (performance.now() - slice >= SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      slice = performance.now();
    }
    const slot = Math.floor((i * slots) / WARM_UP_ARTICLES);
    const article = generation.articles[slot];
    if (!article) continue;
    searchGeneration(generation, analyzeQuery(generation.termsOf(slot, 0).slice(0, QUERY_TERMS).join(" "), "ar"), 10, ranking);
    searches += 1;
    if (i % ENGLISH_EVERY === 0 && article.lawNameEn) {
      searchGeneration(generation, analyzeQuery(article.lawNameEn, "en"), 10, ranking);
      searches += 1;
    }
  }
  return searches;
}
