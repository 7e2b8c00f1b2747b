import { join } from "node:path";
import { DocumentChangeKind, DocumentChangedSchema, TOPICS } from "@qai/contracts";
import { Outbox } from "@qai/event-bus";
import { LegalDocuments } from "@qai/knowledge";
import { openSqliteRecordStore, type RecordStore } from "@qai/record-store";
import { enqueued, tempDir } from "./helpers";

describe("legal documents", () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  let store: RecordStore;
  let documents: LegalDocuments;
  let clock = new Date("2026-03-01T10:00:00Z");

  beforeEach(async () => {
    temp = await tempDir();
    store = await openSqliteRecordStore({ file: join(temp.dir, "knowledge.db") });
    documents = new LegalDocuments(store, new Outbox(), { now: () => clock });
  });
  afterEach(async () => {
    await store.close();
    await temp.remove();
  });

  const ADMIN = "u-admin";
  const lease = { title: "عقد الإيجار الموحد", category: "Real Estate Law", content: "يلتزم المستأجر بدفع الأجرة في مواعيدها. ".repeat(10), citation: "نظام إيجار العقارات، المادة 5" };

  it("fills in the spec's defaults: excerpt, source, lastUpdated", async () => {
    const document = await documents.add(lease, ADMIN);
    expect(document).toMatchObject({ title: lease.title, category: "Real Estate Law", citation: lease.citation, source: lease.citation, lastUpdated: "Updated 2026", createdAt: "2026-03-01T10:00:00.000Z" });
    expect(document.excerpt).toBe(`${[...lease.content.trim()].slice(0, 200).join("")}…`);
    const given = await documents.add({ ...lease, excerpt: "ملخص", source: "هيئة الخبراء", lastUpdated: "Updated 2024" }, ADMIN);
    expect(given).toMatchObject({ excerpt: "ملخص", source: "هيئة الخبراء", lastUpdated: "Updated 2024" });
  });

  it.each(["title", "category", "content", "citation"] as const)("refuses a document without %s: Missing fields", async (field) => {
    await expect(documents.add({ ...lease, [field]: "  " }, ADMIN)).rejects.toMatchObject({
      code: "invalid_argument",
      userMessage: { en: "Missing fields - Please fill in all required fields", ar: "حقول ناقصة - يرجى ملء جميع الحقول المطلوبة" },
    });
  });

  it("refuses an unknown category, listing the allowed ones", async () => {
    await expect(documents.add({ ...lease, category: "Sports Law" }, ADMIN)).rejects.toMatchObject({ userMessage: { en: expect.stringContaining("Commercial Law, Labor Law") } });
  });

  it("searches title, content, excerpt and citation, Arabic-normalised, newest first, by category", async () => {
    const first = await documents.add(lease, ADMIN);
    clock = new Date("2026-03-02T10:00:00Z");
    const second = await documents.add({ title: "Employment contract guide", category: "labor law", content: "The employer must pay wages.", citation: "Labor Law, Article 90" }, ADMIN);
    expect((await documents.list()).map((d) => d.id)).toEqual([second.id, first.id]);
    expect((await documents.list("الاجره")).map((d) => d.id)).toEqual([first.id]); // الأجرة, hamza and taa marbuta folded
    expect((await documents.list("ARTICLE 90")).map((d) => d.id)).toEqual([second.id]);
    expect((await documents.list("", "Labor Law")).map((d) => d.id)).toEqual([second.id]);
    expect((await documents.list("", "all")).map((d) => d.id)).toHaveLength(2);
    expect(await documents.list("غير موجود")).toEqual([]);
  });

  it("deletes a document; deleting it again is not found", async () => {
    const document = await documents.add(lease, ADMIN);
    await documents.delete(document.id, ADMIN);
    expect(await documents.list()).toEqual([]);
    await expect(documents.delete(document.id, ADMIN)).rejects.toMatchObject({ code: "not_found" });
  });

  it("publishes knowledge.document.v1 ADDED and DELETED with the title, category and actor, and nothing for a refused change", async () => {
    const document = await documents.add(lease, ADMIN);
    await expect(documents.add({ ...lease, title: "" }, ADMIN)).rejects.toMatchObject({ code: "invalid_argument" });
    await documents.delete(document.id, "u-other-admin");
    await expect(documents.delete(document.id, ADMIN)).rejects.toMatchObject({ code: "not_found" });
    const events = await enqueued(store, TOPICS.knowledgeDocument, DocumentChangedSchema);
    expect(events.map(({ documentId, title, category, kind, actorUserId }) => ({ documentId, title, category, kind, actorUserId }))).toEqual([
      { documentId: document.id, title: lease.title, category: "Real Estate Law", kind: DocumentChangeKind.ADDED, actorUserId: ADMIN },
      { documentId: document.id, title: lease.title, category: "Real Estate Law", kind: DocumentChangeKind.DELETED, actorUserId: "u-other-admin" },
    ]);
    expect(events.every((event) => event.occurredAt !== undefined)).toBe(true);
  });
});
