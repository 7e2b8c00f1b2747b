/**
 * Knowledge benchmark (DESIGN §7): import rates of the whole sample knowledge base through the
 * knowledge service's own code (validation, SQLite, search index, outbox events) — add mode (one
 * law per call, as the admin page uploads) and atomic replace (new generation, flip, old one
 * removed) — and search latency over it (also through the worker-thread index the product uses), at 1× and at 4× the corpus (every law file four times, the copies
 * with new guids, so new article ids). Run with `make bench`.
 * Budgets: import ≥ 5,000 articles/s; search p95 ≤ 3 ms at 1×, ≤ 6 ms at 4×.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { Outbox } from "@qai/event-bus";
import { KnowledgeBase, readLawFiles } from "@qai/knowledge";
import { openSqliteRecordStore } from "@qai/record-store";
import { EmbeddedSearchIndex, WorkerSearchIndex } from "@qai/search-index";

const LAWS = resolve(__dirname, "../data/laws");
const EVAL_DIR = resolve(__dirname, "../../shared/eval");
/** Real question sets: the everyday and the retrieval dev questions (882), each searched once. */
const QUESTIONS = ["everyday-dev.jsonl", "retrieval-dev.jsonl"].flatMap((file) =>
  readFileSync(join(EVAL_DIR, file), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { question: string; lang: "ar" | "en" }),
);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

type Search = (query: string, options: { limit: number; language: "ar" | "en" }) => Promise<unknown>;

/** Latencies (ms, sorted) of the dev questions, each searched once (no warm-up but the index's own). */
async function searchLatencies(search: Search): Promise<number[]> {
  const latencies: number[] = [];
  for (const { question, lang } of QUESTIONS) {
    const t = performance.now();
    await search(question, { limit: 10, language: lang });
    latencies.push(performance.now() - t);
  }
  return latencies.sort((a, b) => a - b);
}

const searchLine = (label: string, latencies: number[], budget: string) =>
  `${label.padEnd(48)}p50 ${percentile(latencies, 50).toFixed(2)} ms  p95 ${percentile(latencies, 95).toFixed(2)} ms  (budget p95 ${budget})`;

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "qai-bench-"));
  const store = await openSqliteRecordStore({ file: join(dir, "knowledge.db") });
  const addStore = await openSqliteRecordStore({ file: join(dir, "knowledge-add.db") });
  const index = new EmbeddedSearchIndex();
  const knowledge = new KnowledgeBase(store, index, new Outbox());
  const adding = new KnowledgeBase(addStore, new EmbeddedSearchIndex(), new Outbox());
  const largeStore = await openSqliteRecordStore({ file: join(dir, "knowledge-4x.db") });
  const largeIndex = new EmbeddedSearchIndex();
  const large = new KnowledgeBase(largeStore, largeIndex, new Outbox());
  const workerStore = await openSqliteRecordStore({ file: join(dir, "knowledge-worker.db") });
  const workerIndex = new WorkerSearchIndex();
  const inWorker = new KnowledgeBase(workerStore, workerIndex, new Outbox());
  try {
    let started = performance.now();
    const files = await readLawFiles(LAWS);
    const readMs = performance.now() - started;
    // The worker first, while this thread holds no index (as in the product): the indexes built in this
    // thread below leave its garbage collector work that competes with the worker for the two cores.
    await inWorker.open();
    await inWorker.replaceAll(files);
    started = performance.now();
    await inWorker.rebuildIndex();
    const workerRebuildMs = performance.now() - started;
    const workerLatencies = await searchLatencies((query, options) => workerIndex.search(query, options));
    const knowledgeLatencies = await searchLatencies((query, options) => inWorker.search(query, options));
    await knowledge.open();
    await adding.open();
    await large.open();

    started = performance.now();
    const { articles } = await adding.importLaws(files);
    const addMs = performance.now() - started;

    started = performance.now();
    const first = await knowledge.replaceAll(files);
    const replaceEmptyMs = performance.now() - started;
    started = performance.now();
    await knowledge.replaceAll(files);
    const replaceFullMs = performance.now() - started;

    started = performance.now();
    await knowledge.rebuildIndex();
    const rebuildMs = performance.now() - started;

    const latencies = await searchLatencies((query, options) => index.search(query, options));
    const copies = files.flatMap((file) => [file, ...[1, 2, 3].map(() => ({ ...file, guid: randomUUID() }))]);
    const quadruple = await large.replaceAll(copies);
    const largeLatencies = await searchLatencies((query, options) => largeIndex.search(query, options));
    const rate = (count: number, ms: number) => Math.round((count / ms) * 1000);
    console.log(`articles                          ${first.totalArticles} (${files.length} laws)`);
    console.log(`read + validate law files         ${readMs.toFixed(0)} ms`);
    console.log(`add, one law per call             ${addMs.toFixed(0)} ms  = ${rate(articles, addMs)} articles/s  (budget ≥ 5000)`);
    console.log(`replace into an empty base        ${replaceEmptyMs.toFixed(0)} ms  = ${rate(first.totalArticles, replaceEmptyMs)} articles/s  (budget ≥ 5000)`);
    console.log(`replace the full base             ${replaceFullMs.toFixed(0)} ms  = ${rate(first.totalArticles, replaceFullMs)} articles/s  (budget ≥ 5000)`);
    console.log(`rebuild index from store          ${rebuildMs.toFixed(0)} ms  = ${rate(first.totalArticles, rebuildMs)} articles/s`);
    console.log(`rebuild index in a worker thread   ${workerRebuildMs.toFixed(0)} ms  = ${rate(first.totalArticles, workerRebuildMs)} articles/s`);
    console.log(`search: the ${QUESTIONS.length} dev questions (everyday and retrieval), each once`);
    console.log(searchLine("search index 1×, in its worker thread (product)", workerLatencies, "≤ 3"));
    console.log(searchLine("search index 1×, in this thread", latencies, "≤ 3"));
    console.log(searchLine(`search index 4× (${quadruple.totalArticles} articles), this thread`, largeLatencies, "≤ 6"));
    console.log(searchLine("knowledge search 1× (the worker + SQLite articles)", knowledgeLatencies, "< 20"));
  } finally {
    await store.close();
    await addStore.close();
    await largeStore.close();
    await workerIndex.close();
    await workerStore.close();
    await rm(dir, { recursive: true, force: true });
  }
}

void main();
