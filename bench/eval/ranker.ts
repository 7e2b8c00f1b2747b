/**
 * Retrieval-evaluation ranker (protocol: ../../../shared/eval/README.md): indexes every article of a
 * corpus (`--corpus <path>`, else QAI_EVAL_CORPUS, else ../shared/eval/corpus.jsonl next to the repository)
 * into the embedded search index, then answers JSONL questions `{"qid","question","lang"}` from stdin with
 * one line `{"qid","ranked":[doc_id,…],"latency_ms"}` each. Indexing speed and search latency go to stderr;
 * with `--explain`, so does the law-level decision for each question (the three best laws and why).
 * `--index elasticsearch` (or QAI_EVAL_INDEX=elasticsearch) runs the same protocol on the Elasticsearch
 * adapter at ELASTICSEARCH_URL (default http://127.0.0.1:9200), in a new generation under the alias `qai-eval`.
 *
 *   npm run --silent rank -- --corpus ../shared/eval/corpus.jsonl < questions.jsonl
 */
import { resolve } from "node:path";
import { createInterface } from "node:readline";
import { connectElasticsearchSearchIndex, EmbeddedSearchIndex, type LawRanking, type SearchIndex } from "../../packages/search-index/src/index";
import { loadCorpus } from "./corpus";

const RANKED = 10;

/** The corpus path: `--corpus <path>` or `--corpus=<path>`, then QAI_EVAL_CORPUS, then the shared benchmark. */
export function corpusPath(args: readonly string[], env: NodeJS.ProcessEnv = process.env): string {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--corpus" && args[i + 1]) return resolve(args[i + 1]!);
    if (arg.startsWith("--corpus=")) return resolve(arg.slice("--corpus=".length));
  }
  return env.QAI_EVAL_CORPUS ? resolve(env.QAI_EVAL_CORPUS) : resolve(__dirname, "../../../shared/eval/corpus.jsonl");
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

/** The protocol wants at least RANKED ids: a query matching fewer is padded with corpus ids (in file order). */
function padded(ranked: string[], fillers: readonly string[]): string[] {
  if (ranked.length >= RANKED) return ranked;
  const seen = new Set(ranked);
  for (const id of fillers) {
    if (ranked.length >= RANKED) break;
    if (!seen.has(id)) ranked.push(id);
  }
  return ranked;
}

/** Why a law ranks where it does (`--explain`): its best score, kind, how far the question names it, prior, evidence. */
function describeLaw(law: LawRanking): string {
  const factors = [`best ${law.best.toFixed(2)}`, law.kind, law.status, `named ${law.named.toFixed(2)}${law.mentioned ? ` (${law.mentioned} written out)` : ""}`, `prior ×${law.prior.toFixed(2)}`, `evidence ${law.evidence.toFixed(2)}`];
  return `  ${law.lawName.slice(0, 60)} — ${factors.join(", ")}`;
}

/** The adapter ranked: `--index embedded|elasticsearch` or `--index=…`, then QAI_EVAL_INDEX, then embedded. */
export function indexKind(args: readonly string[], env: NodeJS.ProcessEnv = process.env): "embedded" | "elasticsearch" {
  const at = args.indexOf("--index");
  const given = (at >= 0 ? args[at + 1] : args.find((arg) => arg.startsWith("--index="))?.slice("--index=".length)) ?? env.QAI_EVAL_INDEX ?? "embedded";
  if (given !== "embedded" && given !== "elasticsearch") throw new Error(`--index: expected embedded or elasticsearch, got ${given}`);
  return given;
}

async function main(): Promise<void> {
  const explain = process.argv.includes("--explain");
  const articles = loadCorpus(corpusPath(process.argv.slice(2)));
  const fillers = articles.slice(0, RANKED).map((article) => article.id);
  const embedded = indexKind(process.argv.slice(2)) === "embedded" ? new EmbeddedSearchIndex() : undefined;
  const index: SearchIndex =
    embedded ?? (await connectElasticsearchSearchIndex(process.env.ELASTICSEARCH_URL?.trim() || "http://127.0.0.1:9200", { alias: "qai-eval" }));
  if (explain && !embedded) throw new Error("--explain needs the embedded index");
  const generation = await index.createGeneration();
  const started = performance.now();
  await index.index(generation, articles);
  await index.activate(generation);
  const indexMs = performance.now() - started;
  process.stderr.write(`indexed ${articles.length} articles in ${indexMs.toFixed(0)} ms (${Math.round((articles.length / indexMs) * 1000)}/s)\n`);

  const latencies: number[] = [];
  for await (const line of createInterface({ input: process.stdin })) {
    if (line.trim() === "") continue;
    const { qid, question, lang } = JSON.parse(line) as { qid: string; question: string; lang?: "ar" | "en" };
    const t0 = performance.now();
    const options = { limit: RANKED, ...(lang && { language: lang }) };
    const { hits, laws } = embedded ? await embedded.explain(question, options) : { hits: await index.search(question, options), laws: [] };
    const latency = performance.now() - t0;
    if (explain) process.stderr.write(`${qid} ${question}\n${laws.slice(0, 3).map(describeLaw).join("\n")}\n`);
    latencies.push(latency);
    process.stdout.write(`${JSON.stringify({ qid, ranked: padded(hits.map((hit) => hit.id), fillers), latency_ms: latency })}\n`);
  }
  latencies.sort((a, b) => a - b);
  process.stderr.write(`search latency p50 ${percentile(latencies, 0.5).toFixed(2)} ms, p95 ${percentile(latencies, 0.95).toFixed(2)} ms\n`);
  await index.close();
}

if (require.main === module) void main();
