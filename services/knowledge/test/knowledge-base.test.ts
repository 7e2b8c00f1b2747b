import { spawn, type ChildProcess } from "node:child_process";
import { join, resolve } from "node:path";
import { LawChangeKind, LawChangedSchema, TOPICS } from "@qai/contracts";
import { AppError } from "@qai/platform";
import { parseLawFile, type LawFile } from "@qai/knowledge";
import { EmbeddedSearchIndex, type IndexedArticle } from "@qai/search-index";
import { recordsOf, type ArticleRecord } from "../src/domain/records";
import { NEW_LAWS, OLD_LAWS, enqueued, lawFile, openKnowledge, rowCounts, snapshot, tempDir, type Opened } from "./helpers";

const ROOT = resolve(__dirname, "../../..");
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

/** An index that fails while the n-th batch of a generation is indexed (after earlier batches were written). */
class FailingIndex extends EmbeddedSearchIndex {
  armed = false;
  calls = 0;

  constructor(private readonly failOnCall: number) {
    super();
  }

  override async index(generation: string, articles: readonly IndexedArticle[]): Promise<void> {
    if (this.armed && ++this.calls === this.failOnCall) throw new Error("disk full while indexing");
    return super.index(generation, articles);
  }
}

async function events(opened: Opened): Promise<Array<{ kind: LawChangeKind; lawId: string; articleCount: number }>> {
  return (await enqueued(opened.store, TOPICS.knowledgeLaw, LawChangedSchema)).map((event) => ({ kind: event.kind, lawId: event.lawId, articleCount: event.articleCount }));
}

async function topHitLaw(opened: Opened, query: string): Promise<string | undefined> {
  return (await opened.knowledge.search(query, { limit: 5, language: "ar" }))[0]?.article.lawId;
}

describe("KnowledgeBase", () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  let file: string;
  let opened: Opened;

  beforeEach(async () => {
    temp = await tempDir();
    file = join(temp.dir, "knowledge.db");
    opened = await openKnowledge(file, new EmbeddedSearchIndex(), { chunkArticles: 40 });
    await opened.knowledge.open(async () => OLD_LAWS);
  });
  afterEach(async () => {
    await opened.store.close().catch(() => undefined);
    await temp.remove();
  });

  describe("replace (atomic, generations)", () => {
    it("replaces every law in one step, removes the old generation and publishes knowledge.law.v1", async () => {
      const result = await opened.knowledge.replaceAll(NEW_LAWS);
      expect(result).toMatchObject({ filesProcessed: 3, totalArticles: 120, removedLaws: 2, removedArticles: 50 });
      expect(await snapshot(opened.knowledge)).toEqual({ totalArticles: 120, totalLaws: 3, laws: ["new-cyber:40", "new-marks:40", "new-notary:40"] });
      expect(await topHitLaw(opened, "العلامات التجارية")).toBe("new-marks");
      expect(await opened.knowledge.search("التحكيم والمحكم", { limit: 5, language: "ar" })).toEqual([]);
      expect(await opened.knowledge.articles(["new-cyber#1", "old-lease#1"])).toEqual([expect.objectContaining({ id: "new-cyber#1", articleNumber: 1 })]);
      expect(await rowCounts(opened.store)).toEqual({ generations: 1, laws: 3, articles: 120 });
      const published = await events(opened);
      expect(published.filter((event) => event.kind === LawChangeKind.DELETED).map((event) => event.lawId).sort()).toEqual(["old-arbitration", "old-lease"]);
      expect(published.filter((event) => event.kind === LawChangeKind.IMPORTED).map((event) => event.lawId)).toEqual(
        expect.arrayContaining(["new-cyber", "new-marks", "new-notary"]),
      );
    });

    it("leaves the old knowledge base exactly as it was, and searchable, when the replace fails half-way", async () => {
      await opened.store.close();
      const index = new FailingIndex(2);
      opened = await openKnowledge(file, index, { chunkArticles: 40 });
      await opened.knowledge.open();
      const before = await snapshot(opened.knowledge);
      index.armed = true;
      const failure = await opened.knowledge.replaceAll(NEW_LAWS).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(AppError);
      expect((failure as AppError).userMessage?.en).toBe("Atomic Replace Failed: Failed to perform atomic replace operation. Database remains unchanged.");
      expect(index.calls).toBe(2);
      expect(await snapshot(opened.knowledge)).toEqual(before);
      expect(await topHitLaw(opened, "التحكيم والمحكم")).toBe("old-arbitration");
      expect(await opened.knowledge.search("العلامات التجارية", { limit: 5, language: "ar" })).toEqual([]);
      // The half-written generation is gone; only the old one's rows remain.
      expect(await rowCounts(opened.store)).toEqual({ generations: 1, laws: 2, articles: 50 });
      // And the next replace works.
      index.armed = false;
      await opened.knowledge.replaceAll(NEW_LAWS);
      expect((await snapshot(opened.knowledge)).totalArticles).toBe(120);
    });

    it.each([
      ["writing", "while the new generation is being written", { totalArticles: 50, laws: ["old-arbitration:20", "old-lease:30"] }],
      ["flipped", "after the flip, before the old generation is removed", { totalArticles: 120, laws: ["new-cyber:40", "new-marks:40", "new-notary:40"] }],
    ])(
      "recovers when the process is killed %s (%s)",
      async (stopAt, _when, expected) => {
        await opened.store.close();
        // One process (tsx as a loader, not its CLI, which would run the script in a grandchild).
        const child = spawn(process.execPath, ["--import", "tsx", join(__dirname, "replace-child.ts"), file, stopAt], {
          cwd: ROOT,
          env: { ...process.env, TSX_TSCONFIG_PATH: join(ROOT, "tsconfig.test.json") },
          stdio: ["ignore", "pipe", "pipe"],
        });
        children.push(child);
        let output = "";
        const stopped = new Promise<void>((resolvePromise, reject) => {
          child.stdout.on("data", (chunk: Buffer) => {
            output += chunk.toString();
            if (output.includes(`STOPPED ${stopAt}`)) resolvePromise();
          });
          child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
          child.once("exit", (code) => reject(new Error(`child exited (${code}) before stopping: ${output}`)));
        });
        await stopped;
        const exited = new Promise((resolveExit) => child.once("exit", resolveExit));
        child.kill("SIGKILL");
        await exited;

        opened = await openKnowledge(file);
        const rows = await rowCounts(opened.store);
        expect(rows.generations).toBe(2); // the killed replace left a second generation behind
        const result = await opened.knowledge.open();
        expect(result.discarded).toBe(1);
        const after = await snapshot(opened.knowledge);
        expect(after).toMatchObject(expected);
        expect(await rowCounts(opened.store)).toEqual({ generations: 1, laws: after.totalLaws, articles: after.totalArticles });
        const query = stopAt === "writing" ? "التحكيم والمحكم" : "العلامات التجارية";
        expect(await topHitLaw(opened, query)).toBe(stopAt === "writing" ? "old-arbitration" : "new-marks");
      },
      60_000,
    );

    it("refuses two files of the same law before writing anything, naming both files", async () => {
      const before = await snapshot(opened.knowledge);
      const failure = await opened.knowledge.replaceAll([NEW_LAWS[0]!, NEW_LAWS[1]!, NEW_LAWS[0]!], ["a.json", "b.json", "c.json"]).catch((error: unknown) => error);
      expect(failure).toMatchObject({ code: "invalid_argument" });
      expect((failure as AppError).userMessage?.en).toMatch(/^One or more files contain invalid JSON or no articles: "c.json": the same law as "a.json"/);
      expect(await snapshot(opened.knowledge)).toEqual(before);
      expect(await rowCounts(opened.store)).toEqual({ generations: 1, laws: 2, articles: 50 });
    });

    it("delete-all empties the knowledge base atomically, and a restart does not seed it again", async () => {
      expect(await opened.knowledge.deleteAll()).toMatchObject({ removedLaws: 2, removedArticles: 50 });
      expect(await snapshot(opened.knowledge)).toEqual({ totalArticles: 0, totalLaws: 0, laws: [] });
      expect(await opened.knowledge.search("الإيجار", { limit: 5, language: "ar" })).toEqual([]);
      await opened.store.close();
      opened = await openKnowledge(file);
      expect(await opened.knowledge.open(async () => OLD_LAWS)).toMatchObject({ seeded: false, articles: 0 });
    });

    it("a restart finds the same knowledge base and rebuilds its index", async () => {
      await opened.knowledge.replaceAll(NEW_LAWS);
      await opened.store.close();
      opened = await openKnowledge(file);
      expect(await opened.knowledge.open(async () => OLD_LAWS)).toEqual({ articles: 120, seeded: false, discarded: 0, migrated: false, restored: false });
      expect(await topHitLaw(opened, "التوثيق والموثق")).toBe("new-notary");
    });

    it("moves laws stored before generations into the first generation", async () => {
      await opened.store.close();
      const legacyFile = join(temp.dir, "legacy.db");
      opened = await openKnowledge(legacyFile);
      const { law, articles } = recordsOf(OLD_LAWS[0]!, "2025-01-01T00:00:00Z");
      await opened.store.collection("laws").insert(law);
      await opened.store.collection<ArticleRecord>("articles", { indexes: ["lawId"] }).insertMany(articles);
      expect(await opened.knowledge.open(async () => NEW_LAWS)).toMatchObject({ migrated: true, articles: 30 });
      expect(await snapshot(opened.knowledge)).toMatchObject({ totalLaws: 1, totalArticles: 30 });
      expect(await opened.store.collection("laws").count()).toBe(0);
      expect(await topHitLaw(opened, "الإيجار والمستأجر")).toBe("old-lease");
    });
  });

  describe("add (upload one law)", () => {
    it("adds a new law to the active generation, searchable at once, with an event", async () => {
      const result = await opened.knowledge.addLaw(NEW_LAWS[1]!);
      expect(result).toEqual({ lawId: "new-marks", lawName: "نظام العلامات التجارية", newCount: 40, duplicateCount: 0 });
      expect(await snapshot(opened.knowledge)).toMatchObject({ totalLaws: 3, totalArticles: 90 });
      expect(await topHitLaw(opened, "العلامات التجارية")).toBe("new-marks");
      expect((await events(opened)).at(-1)).toEqual({ kind: LawChangeKind.IMPORTED, lawId: "new-marks", articleCount: 40 });
    });

    it.each([
      ["the same guid", lawFile("old-lease", "نظام الإيجار (نسخة أخرى)", 5, "الإيجار")],
      ["the same name, without a guid", lawFile(undefined, "نظام الإيجار", 5, "الإيجار")],
    ])("refuses a law already present (%s) with 409 'File already exists'; nothing changes", async (_case, duplicate) => {
      const before = await snapshot(opened.knowledge);
      const eventsBefore = (await events(opened)).length;
      const failure = await opened.knowledge.addLaw(duplicate).catch((error: unknown) => error);
      expect(failure).toMatchObject({ code: "already_exists", httpStatus: 409, details: { message: "File already exists", newCount: 0, duplicateCount: 5 } });
      expect((failure as AppError).userMessage?.en).toMatch(/^File already exists/);
      expect(await snapshot(opened.knowledge)).toEqual(before);
      expect(await events(opened)).toHaveLength(eventsBefore);
    });

    it("importLaws adds the new ones and names the duplicates", async () => {
      expect(await opened.knowledge.importLaws([NEW_LAWS[0]!, OLD_LAWS[1]!])).toEqual({ imported: 1, duplicates: ["نظام التحكيم"], articles: 40 });
    });
  });

  describe("update one law, URLs, export, validation", () => {
    it("update-law replaces one law's articles in one step (index included)", async () => {
      const replacement = lawFile("old-lease", "نظام الإيجار", 3, "الإيجار المنتهي بالتمليك");
      // Read before the update (kept in memory), then after it: the new wording, not the one remembered.
      expect((await opened.knowledge.articles(["old-lease#1"]))[0]?.articleContent).not.toContain("المنتهي بالتمليك");
      expect(await opened.knowledge.updateLaw("نظام الإيجار", replacement)).toMatchObject({ lawId: "old-lease", newCount: 3 });
      expect((await opened.knowledge.articles(["old-lease#1"]))[0]?.articleContent).toContain("المنتهي بالتمليك");
      expect(await snapshot(opened.knowledge)).toEqual({ totalArticles: 23, totalLaws: 2, laws: ["old-arbitration:20", "old-lease:3"] });
      expect(await opened.knowledge.articles(["old-lease#3", "old-lease#4"])).toHaveLength(1);
      const hits = await opened.knowledge.search("المنتهي بالتمليك", { limit: 10, language: "ar" });
      expect(hits.map((hit) => hit.article.id).sort()).toEqual(["old-lease#1", "old-lease#2", "old-lease#3"]);
      expect((await events(opened)).at(-1)).toEqual({ kind: LawChangeKind.UPDATED, lawId: "old-lease", articleCount: 3 });
      await expect(opened.knowledge.updateLaw("نظام غير موجود", replacement)).rejects.toMatchObject({ code: "not_found" });
    });

    it("update-urls points every law with a guid at its official BOE page", async () => {
      const withOtherUrl = lawFileWith({ sourceUrl: "https://example.com/law" });
      await opened.knowledge.addLaw(withOtherUrl);
      await opened.knowledge.addLaw(lawFile(undefined, "نظام بلا معرّف", 2, "شيء"));
      expect((await opened.knowledge.articles(["g-url#1"]))[0]?.sourceUrl).toBe("https://example.com/law");
      expect(await opened.knowledge.updateUrls()).toEqual({ updatedCount: 1, totalLawsChecked: 4 });
      const law = (await opened.knowledge.stats()).laws.find((entry) => entry.lawId === "g-url")!;
      expect(law.sourceUrl).toBe("https://laws.boe.gov.sa/BoeLaws/Laws/LawDetails/g-url/1");
      expect((await opened.knowledge.articles(["g-url#1"]))[0]?.sourceUrl).toBe(law.sourceUrl);
      expect(await opened.knowledge.updateUrls()).toEqual({ updatedCount: 0, totalLawsChecked: 4 });
    });

    it("exports a law in the law-file format, which imports back to the same law", async () => {
      const exported = await opened.knowledge.exportLaw("نظام التحكيم");
      expect(exported).toMatchObject({ lawName: "نظام التحكيم", guid: "old-arbitration", lawNumber: "م/1", status: "in_force" });
      expect(exported.articles).toHaveLength(20);
      expect(exported.articles[0]).toEqual({ articleNumber: 1, articleSuffix: "", articleTitle: "المادة 1", articleContent: expect.stringContaining("التحكيم") });
      expect(parseLawFile(JSON.stringify(exported), "export.json")).toEqual({ ...OLD_LAWS[1], sourceUrl: "https://laws.boe.gov.sa/BoeLaws/Laws/LawDetails/old-arbitration/1" });
      const all: unknown[] = [];
      for await (const law of opened.knowledge.exportLaws()) all.push(law);
      expect(all.map((law) => (law as LawFile).lawName)).toEqual(["نظام الإيجار", "نظام التحكيم"]);
      await expect(opened.knowledge.exportLaw("لا يوجد")).rejects.toMatchObject({ code: "not_found" });
    });

    it("validate-upload allows add mode only with more articles than stored, and says why", async () => {
      const base = { fileCount: 2, lawNames: ["نظام الإيجار", "نظام جديد"], maxFiles: 1000 };
      const refused = await opened.knowledge.validateUpload({ ...base, mode: "add", totalNewArticles: 50 });
      expect(refused).toMatchObject({ canProceed: false, currentArticleCount: 50, newArticleCount: 50, existingLawNames: ["نظام الإيجار"] });
      expect(refused.message.en).toContain("more articles than the knowledge base already holds");
      expect(refused.message.ar).toContain("وضع الإضافة");
      expect(await opened.knowledge.validateUpload({ ...base, mode: "add", totalNewArticles: 51 })).toMatchObject({ canProceed: true });
      expect(await opened.knowledge.validateUpload({ ...base, mode: "replace", totalNewArticles: 10 })).toMatchObject({ canProceed: true });
      expect(await opened.knowledge.validateUpload({ ...base, mode: "replace", totalNewArticles: 0 })).toMatchObject({ canProceed: false });
      expect(await opened.knowledge.validateUpload({ ...base, mode: "replace", totalNewArticles: 10, fileCount: 5000 })).toMatchObject({ canProceed: false });
    });
  });
});

function lawFileWith(extra: Record<string, unknown>): LawFile {
  return parseLawFile(JSON.stringify({ lawName: "نظام الرابط", guid: "g-url", articles: [{ articleNumber: 1, articleContent: "نص" }], ...extra }), "url.json");
}
