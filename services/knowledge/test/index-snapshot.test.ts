/**
 * The search-index snapshot beside the knowledge store: written after every build and in-place change,
 * loaded on restart while it holds the active generation at its current revision, else ignored and rebuilt.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { EmbeddedSearchIndex, WorkerSearchIndex, type SearchIndex } from "@qai/search-index";
import { NEW_LAWS, OLD_LAWS, lawFile, openKnowledge, tempDir, type Opened } from "./helpers";

describe("KnowledgeBase with an index snapshot", () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  let opened: Opened | undefined;
  let file: string;
  let snapshotFile: string;

  beforeEach(async () => {
    temp = await tempDir();
    file = join(temp.dir, "knowledge.db");
    snapshotFile = join(temp.dir, "knowledge-index.snapshot");
  });

  afterEach(async () => {
    await close();
    await temp.remove();
  });

  async function close(): Promise<void> {
    await opened?.index.close();
    await opened?.store.close();
    opened = undefined;
  }

  /** Closes the knowledge base open now and opens it again over the same files, as a restart does. */
  async function restart(index: SearchIndex = new EmbeddedSearchIndex(undefined, { snapshotFile })): Promise<Opened> {
    await close();
    opened = await openKnowledge(file, index);
    return opened;
  }

  const search = (knowledge: Opened, query: string) => knowledge.knowledge.search(query, { limit: 5, language: "ar" });

  it("loads the index from the snapshot on restart, with the same results as the build it was taken from", async () => {
    const first = await restart();
    expect(await first.knowledge.open(async () => [...OLD_LAWS, ...NEW_LAWS])).toMatchObject({ seeded: true, restored: false });
    const before = await search(first, "التوثيق والموثق");
    const again = await restart();
    expect(await again.knowledge.open(async () => [])).toEqual({ articles: 170, seeded: false, discarded: 0, migrated: false, restored: true });
    expect(await search(again, "التوثيق والموثق")).toEqual(before);
  });

  it("keeps the snapshot current through a replace and an added law, in a worker thread too", async () => {
    const first = await restart();
    await first.knowledge.open(async () => OLD_LAWS);
    await first.knowledge.replaceAll(NEW_LAWS);
    await first.knowledge.addLaw(lawFile("added", "نظام الصيد", 5, "الصيد البري"));
    const again = await restart(new WorkerSearchIndex(undefined, { snapshotFile }));
    expect(await again.knowledge.open()).toMatchObject({ articles: 125, restored: true });
    expect((await search(again, "الصيد البري"))[0]?.article.lawId).toBe("added");
    expect(await search(again, "الإيجار والمستأجر")).toEqual([]);
  });

  it("ignores a stale snapshot (the store changed after it was written) and rebuilds the index", async () => {
    const first = await restart();
    await first.knowledge.open(async () => OLD_LAWS);
    // A process without snapshots changes a law in place (as many articles, other words): the snapshot
    // now holds an older revision of the same generation.
    const other = await restart(new EmbeddedSearchIndex());
    await other.knowledge.open();
    await other.knowledge.updateLaw("نظام الإيجار", lawFile("old-lease", "نظام الإيجار", 30, "الصيد البري"));
    const again = await restart();
    expect(await again.knowledge.open()).toMatchObject({ articles: 50, restored: false });
    expect((await search(again, "الصيد البري"))[0]?.article.lawId).toBe("old-lease");
    const rebuilt = await restart();
    expect(await rebuilt.knowledge.open()).toMatchObject({ articles: 50, restored: true });
  });

  it("ignores a damaged snapshot and rebuilds the index", async () => {
    const first = await restart();
    await first.knowledge.open(async () => OLD_LAWS);
    await close();
    await writeFile(snapshotFile, "damaged");
    const again = await restart();
    expect(await again.knowledge.open()).toMatchObject({ articles: 50, restored: false });
    expect((await search(again, "التحكيم والمحكم"))[0]?.article.lawId).toBe("old-arbitration");
  });
});
