/**
 * The worker-thread index and the index snapshot give exactly what the in-thread index gives: over the full
 * corpus and every dev question (same hits, scores, coverage and law decision), and a stale or damaged
 * snapshot is never loaded.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EmbeddedSearchIndex, WorkerSearchIndex } from "../src/index";
import type { IndexedArticle, SearchIndex } from "../src/port";
import { testSearchIndex } from "./contract-suite";
import { describeWithCorpus, lawArticles, questions } from "./corpus";
import { FIXTURE } from "./fixtures";

testSearchIndex("embedded, in a worker thread", async () => new WorkerSearchIndex());

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "qai-index-snapshot-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A new active generation holding `articles`, indexed in batches of 2000 as the knowledge service does. */
async function build(index: SearchIndex, articles: readonly IndexedArticle[]): Promise<void> {
  const generation = await index.createGeneration();
  for (let start = 0; start < articles.length; start += 2000) await index.index(generation, articles.slice(start, start + 2000));
  await index.activate(generation);
}

type Explaining = Pick<EmbeddedSearchIndex, "explain">;

/** The questions whose hits or law decision differ between the two indexes. */
async function differences(actual: Explaining, expected: Explaining): Promise<string[]> {
  const differing: string[] = [];
  for (const { qid, question, lang } of questions()) {
    const options = { limit: 10, ...(lang && { language: lang }) };
    const [got, want] = [await actual.explain(question, options), await expected.explain(question, options)];
    if (JSON.stringify(got) !== JSON.stringify(want)) differing.push(`${qid}: ${JSON.stringify(got.hits.map((h) => h.id))} ≠ ${JSON.stringify(want.hits.map((h) => h.id))}`);
  }
  return differing;
}

describeWithCorpus("worker and snapshot equivalence")("the full corpus through a worker and through a snapshot", () => {
  const articles = lawArticles();
  const inThread = new EmbeddedSearchIndex();
  beforeAll(() => build(inThread, articles), 120_000);

  it("builds in a worker thread the index the main thread builds", async () => {
    const worker = new WorkerSearchIndex();
    try {
      await build(worker, articles);
      expect(await worker.count()).toBe(new Set(articles.map((article) => article.id)).size);
      expect(await differences(worker, inThread)).toEqual([]);
    } finally {
      await worker.close();
    }
  }, 240_000);

  it("loads from a snapshot the index a fresh build gives", async () => {
    const snapshotFile = join(dir, "corpus.snapshot");
    const writer = new EmbeddedSearchIndex(undefined, { snapshotFile });
    await build(writer, articles);
    await writer.saveSnapshot("g1:0");
    const loaded = new EmbeddedSearchIndex(undefined, { snapshotFile });
    expect(await loaded.restoreSnapshot("g1:0")).toBe(true);
    expect(await loaded.count()).toBe(await inThread.count());
    expect(await differences(loaded, inThread)).toEqual([]);
  }, 240_000);
});

describe("index snapshots", () => {
  const snapshotFile = () => join(dir, "fixture.snapshot");

  async function saved(key: string): Promise<Buffer> {
    const index = new EmbeddedSearchIndex(undefined, { snapshotFile: snapshotFile() });
    await build(index, FIXTURE);
    await index.saveSnapshot(key);
    return readFile(snapshotFile());
  }

  const restored = (key: string) => new EmbeddedSearchIndex(undefined, { snapshotFile: snapshotFile() }).restoreSnapshot(key);

  it("round-trips through a worker: restored there, the same hits", async () => {
    await saved("g:3");
    const worker = new WorkerSearchIndex(undefined, { snapshotFile: snapshotFile() });
    const fresh = new EmbeddedSearchIndex();
    try {
      await build(fresh, FIXTURE);
      expect(await worker.restoreSnapshot("g:3")).toBe(true);
      expect(await worker.count()).toBe(FIXTURE.length);
      for (const query of ["فترة التجربة", "عقوبة التحرش", "المادة 77 من نظام العمل", "probation period"]) {
        expect(await worker.search(query)).toEqual(await fresh.search(query));
      }
    } finally {
      await worker.close();
    }
  });

  it("is not loaded under another key (another generation or revision), and nothing changes", async () => {
    await saved("g:3");
    const index = new EmbeddedSearchIndex(undefined, { snapshotFile: snapshotFile() });
    expect(await index.restoreSnapshot("g:4")).toBe(false);
    expect(await index.activeGeneration()).toBeUndefined();
    expect(await restored("g:3")).toBe(true);
  });

  it("is read ahead by prefetchSnapshot, and restored only under the key it holds", async () => {
    await saved("g:5");
    const worker = new WorkerSearchIndex(undefined, { snapshotFile: snapshotFile() });
    try {
      await worker.prefetchSnapshot();
      await rm(snapshotFile());
      expect(await worker.restoreSnapshot("g:5")).toBe(true);
      expect(await worker.count()).toBe(FIXTURE.length);
    } finally {
      await worker.close();
    }
    await saved("g:5");
    const index = new EmbeddedSearchIndex(undefined, { snapshotFile: snapshotFile() });
    await index.prefetchSnapshot();
    expect(await index.restoreSnapshot("g:6")).toBe(false);
    await saved("g:6");
    await index.prefetchSnapshot();
    await saved("g:7");
    expect(await index.restoreSnapshot("g:7")).toBe(true);
  });

  it("is not loaded when damaged, truncated, written by other index code, or missing", async () => {
    const good = await saved("g:1");
    const damaged = Buffer.from(good);
    damaged[damaged.length - 5] = damaged[damaged.length - 5]! ^ 0xff;
    const otherCode = Buffer.from(good);
    const format = otherCode.indexOf('"format":"') + '"format":"'.length;
    otherCode[format] = otherCode[format] === 0x30 ? 0x31 : 0x30;
    for (const bytes of [damaged, good.subarray(0, good.length - 8), good.subarray(0, 40), otherCode, Buffer.from("not a snapshot")]) {
      await writeFile(snapshotFile(), bytes);
      expect(await restored("g:1")).toBe(false);
    }
    await rm(snapshotFile());
    expect(await restored("g:1")).toBe(false);
    expect(await new EmbeddedSearchIndex().restoreSnapshot("g:1")).toBe(false);
  });
});
