import { join } from "node:path";
import { KnowledgeBaseChangedSchema, KnowledgeOperation, LawChangeKind, LawChangedSchema, TOPICS, type KnowledgeBaseChanged } from "@qai/contracts";
import { NEW_LAWS, OLD_LAWS, enqueued, lawFile, openKnowledge, tempDir, type Opened } from "./helpers";

/** The knowledge.base.v1 fields an audit log and the system page read. */
function change({ operation, actorUserId, lawNames, lawsChanged, articlesChanged, totalLaws, totalArticles }: KnowledgeBaseChanged) {
  return { operation, actorUserId, lawNames, lawsChanged, articlesChanged, totalLaws, totalArticles };
}

describe("knowledge.base.v1 and knowledge.law.v1 for each admin operation", () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  let opened: Opened;

  const baseChanges = async () => (await enqueued(opened.store, TOPICS.knowledgeBase, KnowledgeBaseChangedSchema)).map(change);
  const lawChanges = async () => enqueued(opened.store, TOPICS.knowledgeLaw, LawChangedSchema);

  beforeEach(async () => {
    temp = await tempDir();
    opened = await openKnowledge(join(temp.dir, "knowledge.db"));
    await opened.knowledge.open(async () => OLD_LAWS);
  });
  afterEach(async () => {
    await opened.store.close();
    await temp.remove();
  });

  it("the first-start seed publishes SEED without an actor, with the laws it imported", async () => {
    expect(await baseChanges()).toEqual([
      { operation: KnowledgeOperation.SEED, actorUserId: "", lawNames: ["نظام الإيجار", "نظام التحكيم"], lawsChanged: 2, articlesChanged: 50, totalLaws: 2, totalArticles: 50 },
    ]);
  });

  it("a first start without seed files publishes nothing", async () => {
    await opened.store.close();
    opened = await openKnowledge(join(temp.dir, "empty.db"));
    await opened.knowledge.open();
    expect(await baseChanges()).toEqual([]);
    expect(await lawChanges()).toEqual([]);
  });

  it("uploading one law publishes UPLOAD with the size after it, and the law with its English name and the actor", async () => {
    await opened.knowledge.addLaw({ ...lawFile("marks", "نظام العلامات التجارية", 7, "العلامات"), lawNameEn: "Trademarks Law" }, "u-admin");
    expect((await baseChanges()).at(-1)).toEqual({
      operation: KnowledgeOperation.UPLOAD,
      actorUserId: "u-admin",
      lawNames: ["نظام العلامات التجارية"],
      lawsChanged: 1,
      articlesChanged: 7,
      totalLaws: 3,
      totalArticles: 57,
    });
    expect((await lawChanges()).at(-1)).toMatchObject({ kind: LawChangeKind.IMPORTED, lawId: "marks", lawName: "نظام العلامات التجارية", lawNameEn: "Trademarks Law", actorUserId: "u-admin", articleCount: 7 });
  });

  it("replacing everything publishes REPLACE_ALL with the new laws, and every law event carries the actor", async () => {
    await opened.knowledge.replaceAll(NEW_LAWS, [], "u-admin");
    expect((await baseChanges()).at(-1)).toEqual({
      operation: KnowledgeOperation.REPLACE_ALL,
      actorUserId: "u-admin",
      lawNames: ["نظام مكافحة الجرائم المعلوماتية", "نظام العلامات التجارية", "نظام التوثيق"],
      lawsChanged: 3,
      articlesChanged: 120,
      totalLaws: 3,
      totalArticles: 120,
    });
    const replaced = (await lawChanges()).slice(2);
    expect(replaced.map((event) => [event.kind, event.lawId, event.actorUserId])).toEqual([
      [LawChangeKind.DELETED, "old-arbitration", "u-admin"],
      [LawChangeKind.DELETED, "old-lease", "u-admin"],
      [LawChangeKind.IMPORTED, "new-cyber", "u-admin"],
      [LawChangeKind.IMPORTED, "new-marks", "u-admin"],
      [LawChangeKind.IMPORTED, "new-notary", "u-admin"],
    ]);
  });

  it("names at most 20 laws and counts them all", async () => {
    const many = Array.from({ length: 25 }, (_, i) => lawFile(`law-${i}`, `نظام رقم ${i}`, 2, "موضوع"));
    await opened.knowledge.replaceAll(many, [], "u-admin");
    const replaced = (await baseChanges()).at(-1)!;
    expect(replaced.lawNames).toEqual(many.slice(0, 20).map((law) => law.lawName));
    expect(replaced).toMatchObject({ lawsChanged: 25, articlesChanged: 50, totalLaws: 25, totalArticles: 50 });
  });

  it("updating one law publishes UPDATE_LAW with the size after it", async () => {
    await opened.knowledge.updateLaw("نظام الإيجار", lawFile("old-lease", "نظام الإيجار", 3, "الإيجار"), "u-admin");
    expect((await baseChanges()).at(-1)).toEqual({ operation: KnowledgeOperation.UPDATE_LAW, actorUserId: "u-admin", lawNames: ["نظام الإيجار"], lawsChanged: 1, articlesChanged: 3, totalLaws: 2, totalArticles: 23 });
    expect((await lawChanges()).at(-1)).toMatchObject({ kind: LawChangeKind.UPDATED, lawId: "old-lease", actorUserId: "u-admin" });
  });

  it("deleting everything publishes DELETE_ALL naming what it removed, and an empty knowledge base after it", async () => {
    await opened.knowledge.deleteAll("u-admin");
    expect((await baseChanges()).at(-1)).toEqual({
      operation: KnowledgeOperation.DELETE_ALL,
      actorUserId: "u-admin",
      lawNames: ["نظام التحكيم", "نظام الإيجار"],
      lawsChanged: 2,
      articlesChanged: 50,
      totalLaws: 0,
      totalArticles: 0,
    });
  });

  it("updating URLs publishes UPDATE_URLS with the laws it changed, also when none needed it", async () => {
    await opened.knowledge.updateUrls("u-admin");
    await opened.knowledge.addLaw({ ...lawFile("g-url", "نظام الرابط", 4, "الروابط"), sourceUrl: "https://example.com/law" });
    await opened.knowledge.updateUrls("u-other");
    const [none, , urls] = (await baseChanges()).slice(1);
    expect(none).toEqual({ operation: KnowledgeOperation.UPDATE_URLS, actorUserId: "u-admin", lawNames: [], lawsChanged: 0, articlesChanged: 0, totalLaws: 2, totalArticles: 50 });
    expect(urls).toEqual({ operation: KnowledgeOperation.UPDATE_URLS, actorUserId: "u-other", lawNames: ["نظام الرابط"], lawsChanged: 1, articlesChanged: 4, totalLaws: 3, totalArticles: 54 });
  });

  it("a refused operation publishes nothing", async () => {
    const before = { base: await baseChanges(), laws: await lawChanges() };
    await expect(opened.knowledge.addLaw(OLD_LAWS[0]!, "u-admin")).rejects.toMatchObject({ code: "already_exists" });
    await expect(opened.knowledge.replaceAll([NEW_LAWS[0]!, NEW_LAWS[0]!], [], "u-admin")).rejects.toMatchObject({ code: "invalid_argument" });
    await expect(opened.knowledge.updateLaw("لا يوجد", NEW_LAWS[0]!, "u-admin")).rejects.toMatchObject({ code: "not_found" });
    expect({ base: await baseChanges(), laws: await lawChanges() }).toEqual(before);
  });

  it("stats name the active generation, which a replace changes", async () => {
    const seeded = (await opened.knowledge.stats()).generation;
    expect(seeded).toMatch(/^g[0-9a-f]{32}$/);
    await opened.knowledge.addLaw(NEW_LAWS[0]!);
    expect((await opened.knowledge.stats()).generation).toBe(seeded);
    await opened.knowledge.replaceAll(NEW_LAWS);
    expect((await opened.knowledge.stats()).generation).not.toBe(seeded);
  });
});
