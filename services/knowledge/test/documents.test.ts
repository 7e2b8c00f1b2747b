import { join } from "node:path";
import { LegalDocuments } from "@qai/knowledge";
import { openSqliteRecordStore, type RecordStore } from "@qai/record-store";
import { tempDir } from "./helpers";

describe("legal documents", () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  let store: RecordStore;
  let documents: LegalDocuments;
  let clock = new Date("2026-03-01T10:00:00Z");

  beforeEach(async () => {
    temp = await tempDir();
    store = await openSqliteRecordStore({ file: join(temp.dir, "knowledge.db") });
    documents = new LegalDocuments(store, () => clock);
  });
  afterEach(async () => {
    await store.close();
    await temp.remove();
  });

  const lease = { title: "عقد الإيجار الموحد", category: "Real Estate Law", content: "يلتزم المستأجر بدفع الأجرة في مواعيدها. ".repeat(10), citation: "نظام إيجار العقارات، المادة 5" };

  it("fills in the spec's defaults: excerpt, source, lastUpdated", async () => {
    const document = await documents.add(lease);
    expect(document).toMatchObject({ title: lease.title, category: "Real Estate Law", citation: lease.citation, source: lease.citation, lastUpdated: "Updated 2026", createdAt: "2026-03-01T10:00:00.000Z" });
    expect(document.excerpt).toBe(`${[...lease.content.trim()].slice(0, 200).join("")}…`);
    const given = await documents.add({ ...lease, excerpt: "ملخص", source: "هيئة الخبراء", lastUpdated: "Updated 2024" });
    expect(given).toMatchObject({ excerpt: "ملخص", source: "هيئة الخبراء", lastUpdated: "Updated 2024" });
  });

  it.each(["title", "category", "content", "citation"] as const)("refuses a document without %s: Missing fields", async (field) => {
    await expect(documents.add({ ...lease, [field]: "  " })).rejects.toMatchObject({
      code: "invalid_argument",
      userMessage: { en: "Missing fields - Please fill in all required fields", ar: "حقول ناقصة - يرجى ملء جميع الحقول المطلوبة" },
    });
  });

  it("refuses an unknown category, listing the allowed ones", async () => {
    await expect(documents.add({ ...lease, category: "Sports Law" })).rejects.toMatchObject({ userMessage: { en: expect.stringContaining("Commercial Law, Labor Law") } });
  });

  it("searches title, content, excerpt and citation, Arabic-normalised, newest first, by category", async () => {
    const first = await documents.add(lease);
    clock = new Date("2026-03-02T10:00:00Z");
    const second = await documents.add({ title: "Employment contract guide", category: "labor law", content: "The employer must pay wages.", citation: "Labor Law, Article 90" });
    expect((await documents.list()).map((d) => d.id)).toEqual([second.id, first.id]);
    expect((await documents.list("الاجره")).map((d) => d.id)).toEqual([first.id]); // الأجرة, hamza and taa marbuta folded
    expect((await documents.list("ARTICLE 90")).map((d) => d.id)).toEqual([second.id]);
    expect((await documents.list("", "Labor Law")).map((d) => d.id)).toEqual([second.id]);
    expect((await documents.list("", "all")).map((d) => d.id)).toHaveLength(2);
    expect(await documents.list("غير موجود")).toEqual([]);
  });

  it("deletes a document; deleting it again is not found", async () => {
    const document = await documents.add(lease);
    await documents.delete(document.id);
    expect(await documents.list()).toEqual([]);
    await expect(documents.delete(document.id)).rejects.toMatchObject({ code: "not_found" });
  });
});
