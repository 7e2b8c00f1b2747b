/**
 * Tuning harness (dev questions only): indexes the corpus once per configuration and scores the dev
 * questions in-process, overall and on a 2-fold split (qids by a stable hash), so a change can be
 * checked on both halves before it is kept. Usage: npx tsx bench/eval/tune.ts [--misses] [variant ...]
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { DEFAULT_RANKING, EmbeddedSearchIndex, type RankingParameters } from "../../packages/search-index/src/index";
import { loadCorpus } from "./corpus";

const EVAL_DIR = resolve(__dirname, "../../../shared/eval");
/** The dev question sets: `--set retrieval` (default) or `--set everyday`. */
const SETS: Record<string, string> = { retrieval: "retrieval-dev.jsonl", everyday: "everyday-dev.jsonl" };

interface DevQuestion {
  qid: string;
  question: string;
  lang: "ar" | "en";
  gold: string[];
}

interface Metrics {
  n: number;
  r1: number;
  r5: number;
  r10: number;
  mrr: number;
  law1: number;
}

function fold(qid: string): 0 | 1 {
  let hash = 0;
  for (const char of qid) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return (hash % 2) as 0 | 1;
}

function score(results: Array<{ q: DevQuestion; ranked: string[] }>): Metrics {
  const m: Metrics = { n: results.length, r1: 0, r5: 0, r10: 0, mrr: 0, law1: 0 };
  for (const { q, ranked } of results) {
    const gold = new Set(q.gold);
    const at = (k: number) => ranked.slice(0, k).filter((id) => gold.has(id)).length / gold.size;
    m.r1 += at(1);
    m.r5 += at(5);
    m.r10 += at(10);
    const rank = ranked.slice(0, 10).findIndex((id) => gold.has(id));
    if (rank >= 0) m.mrr += 1 / (rank + 1);
    const laws = new Set(q.gold.map((id) => id.split("#")[0]));
    if (ranked[0] && laws.has(ranked[0].split("#")[0])) m.law1 += 1;
  }
  for (const key of ["r1", "r5", "r10", "mrr", "law1"] as const) m[key] /= Math.max(m.n, 1);
  return m;
}

const fmt = (m: Metrics) =>
  `R@1 ${m.r1.toFixed(3)} R@5 ${m.r5.toFixed(3)} R@10 ${m.r10.toFixed(3)} MRR ${m.mrr.toFixed(3)} Law@1 ${m.law1.toFixed(3)}`;

export async function evaluate(name: string, ranking: RankingParameters, showMisses = false, set = "retrieval"): Promise<void> {
  const questions = readFileSync(resolve(EVAL_DIR, SETS[set] ?? set), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as DevQuestion);
  const articles = loadCorpus(process.env.QAI_EVAL_CORPUS ?? resolve(EVAL_DIR, "corpus.jsonl"));
  const lawNames = new Map(articles.map((article) => [article.id, `${article.lawName.slice(0, 40)} ${article.articleNumber}`]));
  const index = new EmbeddedSearchIndex(ranking);
  const generation = await index.createGeneration();
  const t0 = performance.now();
  await index.index(generation, articles);
  await index.activate(generation);
  const indexMs = performance.now() - t0;
  const results: Array<{ q: DevQuestion; ranked: string[] }> = [];
  const latencies: number[] = [];
  for (const q of questions) {
    const t = performance.now();
    const hits = await index.search(q.question, { limit: 10, language: q.lang });
    latencies.push(performance.now() - t);
    results.push({ q, ranked: hits.map((h) => h.id) });
  }
  latencies.sort((a, b) => a - b);
  const p95 = latencies[Math.floor(latencies.length * 0.95)] ?? 0;
  const all = score(results);
  const a = score(results.filter((r) => fold(r.q.qid) === 0));
  const b = score(results.filter((r) => fold(r.q.qid) === 1));
  process.stdout.write(
    `${name.padEnd(24)} ${fmt(all)} | A ${a.r1.toFixed(3)}/${a.r10.toFixed(3)}/${a.mrr.toFixed(3)} | B ${b.r1.toFixed(3)}/${b.r10.toFixed(3)}/${b.mrr.toFixed(3)} | idx ${Math.round(articles.length / indexMs * 1000)}/s p95 ${p95.toFixed(1)}ms\n`,
  );
  if (showMisses) {
    for (const { q, ranked } of results) {
      if (q.gold.includes(ranked[0] ?? "")) continue;
      const rank = ranked.findIndex((id) => q.gold.includes(id));
      process.stdout.write(`MISS ${q.qid} rank=${rank + 1 || "-"} ${q.question} gold=${q.gold.join(",")} \n  gold: ${q.gold.map((id) => lawNames.get(id)).join(", ")}\n  top:  ${ranked.slice(0, 3).map((id) => lawNames.get(id)).join(" | ")}\n`);
    }
  }
}

/** `base` with `overrides` applied, nested objects merged key by key. */
function merge(base: object, overrides: Record<string, unknown>): object {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    const current = merged[key];
    merged[key] = typeof value === "object" && value !== null && typeof current === "object" && current !== null ? merge(current, value as Record<string, unknown>) : value;
  }
  return merged;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const showMisses = args.includes("--misses");
  const setAt = args.indexOf("--set");
  const set = setAt >= 0 ? args.splice(setAt, 2)[1] : undefined;
  const variants = args.filter((a) => !a.startsWith("--"));
  if (variants.length === 0) variants.push("{}");
  for (const variant of variants) {
    const overrides = JSON.parse(variant) as Record<string, unknown>;
    await evaluate(variant, merge(DEFAULT_RANKING, overrides) as RankingParameters, showMisses, set);
  }
}

if (require.main === module) void main();
