/**
 * Knowledge benchmark (DESIGN §7): import rates of the whole sample knowledge base through the
 * knowledge service's own code (validation, SQLite, search index, outbox events) — add mode (one
 * law per call, as the admin page uploads) and atomic replace (new generation, flip, old one
 * removed) — and search latency over it (also through the worker-thread index the product uses), at 1× and at 4× the corpus (every law file four times, the copies
 * with new guids, so new article ids). Run with `make bench`.
 * Budgets: import ≥ 5,000 articles/s; search p95 ≤ 3 ms at 1×, ≤ 6 ms at 4×.
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { Outbox } from "@qai/event-bus";
import { KnowledgeBase, readLawFiles } from "@qai/knowledge";
import { openSqliteRecordStore } from "@qai/record-store";
import { EmbeddedSearchIndex, WorkerSearchIndex } from "@qai/search-index";

const LAWS = resolve(__dirname, "../data/laws");
const QUERIES = [
  "ما هي مدة فترة التجربة للعامل؟",
  "متى يستحق العامل مكافأة نهاية الخدمة؟",
  "ما عقوبة التحرش؟",
  "ما شروط صحة اتفاق التحكيم؟",
  "How long can a probation period last under the Labor Law?",
  "What are the penalties for cybercrime?",
  "المادة 77 من نظام العمل",
  "ما هي حقوق المستأجر عند انتهاء عقد الإيجار؟",
  "كيف يتم توزيع أرباح الشركة على الشركاء؟",
  "ما هي شروط الحضانة بعد الطلاق؟",
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Search latencies (ms, sorted) of 50 rounds of QUERIES, after one warm-up round. */
async function searchLatencies(knowledge: KnowledgeBase): Promise<number[]> {
  const latencies: number[] = [];
  for (let round = 0; round < 51; round++) {
    for (const query of QUERIES) {
      const t = performance.now();
      await knowledge.search(query, { limit: 10, language: /[a-z]/i.test(query) ? "en" : "ar" });
      if (round > 0) latencies.push(performance.now() - t);
    }
  }
  return latencies.sort((a, b) => a - b);
}

const searchLine = (label: string, latencies: number[], budget: number) =>
  `${label.padEnd(34)}p50 ${percentile(latencies, 50).toFixed(2)} ms  p95 ${percentile(latencies, 95).toFixed(2)} ms  (budget p95 ≤ ${budget})`;

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "qai-bench-"));
  const store = await openSqliteRecordStore({ file: join(dir, "knowledge.db") });
  const addStore = await openSqliteRecordStore({ file: join(dir, "knowledge-add.db") });
  const knowledge = new KnowledgeBase(store, new EmbeddedSearchIndex(), new Outbox());
  const adding = new KnowledgeBase(addStore, new EmbeddedSearchIndex(), new Outbox());
  const largeStore = await openSqliteRecordStore({ file: join(dir, "knowledge-4x.db") });
  const large = new KnowledgeBase(largeStore, new EmbeddedSearchIndex(), new Outbox());
  const workerStore = await openSqliteRecordStore({ file: join(dir, "knowledge-worker.db") });
  const workerIndex = new WorkerSearchIndex();
  const inWorker = new KnowledgeBase(workerStore, workerIndex, new Outbox());
  try {
    let started = performance.now();
    const files = await readLawFiles(LAWS);
    const readMs = performance.now() - started;
    await knowledge.open();
    await adding.open();
    await large.open();
    await inWorker.open();

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

    const latencies = await searchLatencies(knowledge);
    await inWorker.replaceAll(files);
    started = performance.now();
    await inWorker.rebuildIndex();
    const workerRebuildMs = performance.now() - started;
    const workerLatencies = await searchLatencies(inWorker);
    const copies = files.flatMap((file) => [file, ...[1, 2, 3].map(() => ({ ...file, guid: randomUUID() }))]);
    const quadruple = await large.replaceAll(copies);
    const largeLatencies = await searchLatencies(large);
    const rate = (count: number, ms: number) => Math.round((count / ms) * 1000);
    console.log(`articles                          ${first.totalArticles} (${files.length} laws)`);
    console.log(`read + validate law files         ${readMs.toFixed(0)} ms`);
    console.log(`add, one law per call             ${addMs.toFixed(0)} ms  = ${rate(articles, addMs)} articles/s  (budget ≥ 5000)`);
    console.log(`replace into an empty base        ${replaceEmptyMs.toFixed(0)} ms  = ${rate(first.totalArticles, replaceEmptyMs)} articles/s  (budget ≥ 5000)`);
    console.log(`replace the full base             ${replaceFullMs.toFixed(0)} ms  = ${rate(first.totalArticles, replaceFullMs)} articles/s  (budget ≥ 5000)`);
    console.log(`rebuild index from store          ${rebuildMs.toFixed(0)} ms  = ${rate(first.totalArticles, rebuildMs)} articles/s`);
    console.log(`rebuild index in a worker thread   ${workerRebuildMs.toFixed(0)} ms  = ${rate(first.totalArticles, workerRebuildMs)} articles/s`);
    console.log(searchLine(`search 1× (${latencies.length} queries)`, latencies, 3));
    console.log(searchLine(`search 1× in a worker thread`, workerLatencies, 3));
    console.log(searchLine(`search 4× (${quadruple.totalArticles} articles)`, largeLatencies, 6));
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
