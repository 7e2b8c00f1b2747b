/**
 * Retrieval-evaluation ranker (protocol: ../../../shared/eval/README.md): indexes every article of
 * corpus.jsonl into the embedded search index, then answers JSONL questions from stdin with the
 * ranked doc ids. Indexing speed and search latency percentiles go to stderr.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { createInterface } from "node:readline";
import { EmbeddedSearchIndex, type IndexedArticle } from "../../packages/search-index/src/index";

const CORPUS = process.env.QAI_EVAL_CORPUS ?? resolve(__dirname, "../../../shared/eval/corpus.jsonl");
const RANKED = 10;

interface CorpusLine {
  doc_id: string;
  law_guid: string;
  law_name: string;
  law_name_en: string | null;
  status: "in_force" | "repealed";
  article_number: number;
  article_suffix: string;
  article_title: string;
  content: string;
}

function toArticle(line: CorpusLine): IndexedArticle {
  return {
    id: line.doc_id,
    lawId: line.law_guid,
    lawName: line.law_name,
    ...(line.law_name_en && { lawNameEn: line.law_name_en }),
    articleNumber: line.article_number,
    ...(line.article_suffix && { articleSuffix: line.article_suffix }),
    articleTitle: line.article_title,
    content: line.content,
    status: line.status,
  };
}

function loadCorpus(): IndexedArticle[] {
  const lines = readFileSync(CORPUS, "utf8").split("\n").filter((line) => line.trim() !== "");
  return lines.map((line) => toArticle(JSON.parse(line) as CorpusLine));
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

async function main(): Promise<void> {
  const articles = loadCorpus();
  const index = new EmbeddedSearchIndex();
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
    const hits = await index.search(question, { limit: RANKED, ...(lang && { language: lang }) });
    const latency = performance.now() - t0;
    latencies.push(latency);
    process.stdout.write(`${JSON.stringify({ qid, ranked: hits.map((hit) => hit.id), latency_ms: latency })}\n`);
  }
  latencies.sort((a, b) => a - b);
  process.stderr.write(`search latency p50 ${percentile(latencies, 0.5).toFixed(2)} ms, p95 ${percentile(latencies, 0.95).toFixed(2)} ms\n`);
}

void main();
