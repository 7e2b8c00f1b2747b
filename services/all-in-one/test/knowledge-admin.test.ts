import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { LABOR_LAW_FILE, LAWS_DIR as LAWS, signUp as signUpAt, startTestProduct, type TestProduct } from "./test-product";

const ARBITRATION = "140-5535039e-13da-43f6-8f53-a9a700f26485.json";
const ADMIN = "kb-admin@example.com";
const SPEC_MESSAGE = "One or more files contain invalid JSON or no articles";

interface Session {
  token: string;
}

interface Reply {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON of many shapes
}

/** A small law file. */
function law(guid: string | null, lawName: string, articles: number, extra: Record<string, unknown> = {}) {
  return {
    lawName,
    guid,
    lawNumber: "م/9",
    lawDate: "1445/01/01 هـ",
    articles: Array.from({ length: articles }, (_, i) => ({ articleNumber: i + 1, articleTitle: `المادة ${i + 1}`, articleContent: `نص المادة ${i + 1} من ${lawName} عن حماية الطيور المهاجرة` })),
    ...extra,
  };
}

/** The knowledge-base manager and legal documents through the gateway, as the admin page uses them. */
describe("knowledge admin and legal documents through the gateway", () => {
  let running: TestProduct;
  let base: string;
  let admin: Session;
  let user: Session;
  let seeded: { totalArticles: number; totalLaws: number };

  async function call(method: string, path: string, session?: Session, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(session ? { authorization: `Bearer ${session.token}` } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        "accept-language": "en",
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text && response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text };
  }

  const signUp = (email: string): Promise<Session> => signUpAt(base, email);

  const stats = async () => (await call("GET", "/api/admin/knowledge/stats", admin)).body as { totalArticles: number; totalLaws: number; lawsList: Array<{ lawName: string; sourceUrl: string; articleCount: number }> };

  beforeAll(async () => {
    // Confirmation by mail: ADMIN_EMAILS counts only for addresses proven that way.
    running = await startTestProduct({ env: { ADMIN_EMAILS: ADMIN, AUTH_AUTOCONFIRM: "false" }, lawFiles: [LABOR_LAW_FILE, ARBITRATION] });
    base = running.base;
    admin = await signUp(ADMIN);
    user = await signUp("reader@example.com");
    seeded = await stats();
  });
  afterAll(async () => {
    await running?.stop();
  });

  it("requires an admin for every /api/admin/knowledge/* call: 401 without a token, 403 for a user", async () => {
    const calls: Array<[string, string, unknown?]> = [
      ["GET", "/api/admin/knowledge/stats"],
      ["GET", "/api/admin/knowledge/search?query=العمل"],
      ["POST", "/api/admin/knowledge/validate-upload", { uploadMode: "add", totalNewArticles: 1, fileCount: 1, lawNames: [] }],
      ["POST", "/api/admin/knowledge/upload", law("g-x", "نظام", 1)],
      ["POST", "/api/admin/knowledge/replace", { files: [law("g-x", "نظام", 1)], uploadMode: "replace" }],
      ["POST", "/api/admin/knowledge/update-urls"],
      ["DELETE", "/api/admin/knowledge/delete-all"],
      ["POST", "/api/admin/knowledge/update-law", { lawNameToUpdate: "نظام العمل", fileData: law("g-x", "نظام", 1) }],
      ["GET", "/api/admin/knowledge/export/all"],
      ["GET", `/api/admin/knowledge/export/law/${encodeURIComponent("نظام العمل")}`],
    ];
    for (const [method, path, body] of calls) {
      expect([path, (await call(method, path, undefined, body)).status]).toEqual([path, 401]);
      const refused = await call(method, path, user, body);
      expect([path, refused.status]).toEqual([path, 403]);
      expect(refused.body).toMatchObject({ code: "permission_denied", error: "Access Denied - You don't have permission to access the Admin Panel." });
    }
    expect(await stats()).toEqual(seeded);
  });

  it("reports stats in the spec's shape", async () => {
    expect(seeded.totalLaws).toBe(2);
    const body = await stats();
    expect(body.totalArticles).toBe(body.lawsList.reduce((sum, entry) => sum + entry.articleCount, 0));
    expect(body.lawsList).toContainEqual({
      lawId: "08381293-6388-48e2-8ad2-a9a700f2aa94",
      lawName: "نظام العمل",
      sourceUrl: "https://laws.boe.gov.sa/BoeLaws/Laws/LawDetails/08381293-6388-48e2-8ad2-a9a700f2aa94/1",
      articleCount: expect.any(Number),
    });
  });

  it("searches articles (at least 3 characters) with the spec's result fields", async () => {
    const found = await call("GET", `/api/admin/knowledge/search?query=${encodeURIComponent("فترة التجربة")}`, admin);
    expect(found.status).toBe(200);
    expect(found.body[0]).toEqual({
      id: expect.stringMatching(/^08381293-6388-48e2-8ad2-a9a700f2aa94#\d+/),
      lawName: "نظام العمل",
      articleNumber: expect.any(Number),
      lawNumber: expect.anything(),
      lawDate: expect.any(String),
      articleTitle: expect.any(String),
      articleContent: expect.stringContaining("التجربة"),
    });
    const short = await call("GET", "/api/admin/knowledge/search?query=ab", admin);
    expect(short).toMatchObject({ status: 400, body: { error: "The search query must be at least 3 characters long." } });
    const arabic = await call("GET", "/api/admin/knowledge/search?query=ab", admin, undefined, { "accept-language": "ar" });
    expect(arabic.body.error).toBe("يجب أن يتكون نص البحث من 3 أحرف على الأقل.");
  });

  it("validates an upload: add mode only with more articles than stored (saying why), replace allowed", async () => {
    const current = seeded.totalArticles;
    const refused = await call("POST", "/api/admin/knowledge/validate-upload", admin, { uploadMode: "add", totalNewArticles: 3, fileCount: 1, lawNames: ["نظام العمل"] });
    expect(refused).toMatchObject({ status: 200, body: { canProceed: false, currentArticleCount: current, newArticleCount: 3, existingLawNames: ["نظام العمل"] } });
    expect(refused.body.message).toContain("more articles than the knowledge base already holds");
    const allowed = await call("POST", "/api/admin/knowledge/validate-upload", admin, { uploadMode: "add", totalNewArticles: current + 1, fileCount: 2, lawNames: [] });
    expect(allowed.body).toMatchObject({ canProceed: true });
    const replace = await call("POST", "/api/admin/knowledge/validate-upload", admin, { uploadMode: "replace", totalNewArticles: 3, fileCount: 1, lawNames: [] });
    expect(replace.body).toMatchObject({ canProceed: true, message: expect.stringContaining("permanently deleted") });
    const bad = await call("POST", "/api/admin/knowledge/validate-upload", admin, { uploadMode: "merge", totalNewArticles: 3, fileCount: 1 });
    expect(bad.status).toBe(400);
  });

  it("uploads one law per call (201, newCount), refuses the same law again with 409 'File already exists'", async () => {
    const file = law("g-birds", "نظام حماية الطيور", 4);
    const added = await call("POST", "/api/admin/knowledge/upload", admin, { ...file, uploadMode: "add", isPartOfBatch: true, currentFileIndex: 0, totalFiles: 1 });
    expect(added).toMatchObject({ status: 201, body: { newCount: 4, duplicateCount: 0, lawName: "نظام حماية الطيور", message: expect.stringContaining("Upload Complete") } });
    expect((await stats()).totalArticles).toBe(seeded.totalArticles + 4);
    const found = await call("GET", `/api/admin/knowledge/search?query=${encodeURIComponent("الطيور المهاجرة")}`, admin);
    expect(found.body[0]).toMatchObject({ lawName: "نظام حماية الطيور" });

    const again = await call("POST", "/api/admin/knowledge/upload", admin, { ...file, uploadMode: "add" });
    expect(again).toMatchObject({ status: 409, body: { code: "already_exists", message: "File already exists", newCount: 0, duplicateCount: 4, error: expect.stringMatching(/^File already exists/) } });
    const sameName = await call("POST", "/api/admin/knowledge/upload", admin, { ...law(null, "نظام العمل", 1), uploadMode: "add" });
    expect(sameName.status).toBe(409);
    expect((await stats()).totalArticles).toBe(seeded.totalArticles + 4);
  });

  it("refuses bad uploads with 400 naming the file and the problem; nothing changes", async () => {
    const before = await stats();
    const cases: Array<[unknown, RegExp]> = [
      ["{ not json", /^One or more files contain invalid JSON or no articles: the upload: not valid JSON/],
      [{ lawName: "نظام فارغ", articles: [] }, /: file 1 \("نظام فارغ"\): the file has no articles$/],
      [{ lawName: "نظام", fileName: "missing.json", articles: [{ articleContent: "نص" }] }, /: "missing.json": articles.0.articleNumber is required$/],
      [{ lawName: "نظام", articles: [{ articleNumber: "seven", articleContent: "نص" }] }, /articles.0.articleNumber: must be a whole number$/],
      [{ lawName: "نظام", articles: [{ articleNumber: 1, articleContent: 42 }] }, /articles.0.articleContent: /],
      [{ lawName: "نظام", articles: [{ articleNumber: 1, articleContent: "نص" }], notes: [[[[["deep"]]]]] }, /nest deeper than the law-file format allows/],
      [{ articles: [{ articleNumber: 1, articleContent: "نص" }] }, /a law name \(lawName or title\) is required$/],
    ];
    for (const [body, problem] of cases) {
      const refused = await call("POST", "/api/admin/knowledge/upload", admin, body);
      expect([problem.source, refused.status]).toEqual([problem.source, 400]);
      expect(refused.body.error).toMatch(problem);
      expect(refused.body.error.startsWith(SPEC_MESSAGE)).toBe(true);
    }
    const arabic = await call("POST", "/api/admin/knowledge/upload", admin, { lawName: "نظام فارغ", articles: [] }, { "accept-language": "ar" });
    expect(arabic.body.error).toBe('ملف واحد أو أكثر يحتوي على JSON غير صالح أو لا يحتوي على مواد: file 1 ("نظام فارغ"): لا يحتوي الملف على أي مادة');
    const replaceMode = await call("POST", "/api/admin/knowledge/upload", admin, { ...law("g-r", "نظام", 1), uploadMode: "replace" });
    expect(replaceMode.status).toBe(400);
    expect(await stats()).toEqual(before);
  });

  it("refuses a law file over 20 MB with 413; other routes keep the 64 kB limit", async () => {
    const before = await stats();
    const content = "ن".repeat(10.5 * 1024 * 1024); // 21 MB of UTF-8
    const big = await call("POST", "/api/admin/knowledge/upload", admin, { lawName: "نظام كبير", articles: [{ articleNumber: 1, articleContent: content }] });
    expect(big.status).toBe(413);
    expect(big.body.error).toContain("20 MB");
    const within = "x".repeat(20.5 * 1024 * 1024); // under the 21 MB body limit, over 20 MB as a file
    const bigFile = await call("POST", "/api/admin/knowledge/replace", admin, { files: [{ lawName: "نظام كبير", fileName: "big.json", articles: [{ articleNumber: 1, articleContent: within }] }] });
    expect(bigFile.status).toBe(413);
    expect(bigFile.body.error).toMatch(/^One or more files contain invalid JSON or no articles: "big.json": the file is 20.5 MB; at most 20 MB is allowed$/);
    expect((await call("POST", "/api/users", admin, { firstName: "x".repeat(70_000), lastName: "y" })).status).toBe(413);
    expect(await stats()).toEqual(before);
  });

  it("replace: refuses a batch with one bad file, or thousands of files, leaving the knowledge base unchanged", async () => {
    const before = await stats();
    const badBatch = await call("POST", "/api/admin/knowledge/replace", admin, {
      uploadMode: "replace",
      files: [law("g-1", "نظام أول", 2), { ...law("g-2", "نظام ثان", 2), articles: [{ articleNumber: 1 }] }],
    });
    expect(badBatch).toMatchObject({ status: 400 });
    expect(badBatch.body.error).toBe(`${SPEC_MESSAGE}: file 2 ("نظام ثان"): articles.0.articleContent is required`);
    const sameLawTwice = await call("POST", "/api/admin/knowledge/replace", admin, { files: [law("g-1", "نظام أول", 2), law("g-1", "نظام أول", 3)] });
    expect(sameLawTwice.status).toBe(400);
    expect(sameLawTwice.body.error).toContain("the same law as file 1");
    const tooMany = await call("POST", "/api/admin/knowledge/replace", admin, { files: Array.from({ length: 1001 }, (_, i) => law(`g-${i}`, `نظام ${i}`, 1)) });
    expect(tooMany).toMatchObject({ status: 400, body: { error: "Too many files: 1001 (at most 1000 per upload)." } });
    expect((await call("POST", "/api/admin/knowledge/replace", admin, { files: [] })).status).toBe(400);
    expect((await call("POST", "/api/admin/knowledge/replace", admin, { files: "nope" })).status).toBe(400);
    expect(await stats()).toEqual(before);
  });

  it("update-law replaces one law; refuses an unknown law (404) and a missing file (400)", async () => {
    const updated = await call("POST", "/api/admin/knowledge/update-law", admin, { lawNameToUpdate: "نظام حماية الطيور", fileData: law("g-birds", "نظام حماية الطيور", 2) });
    expect(updated).toMatchObject({ status: 200, body: { lawName: "نظام حماية الطيور", articleCount: 2, message: expect.stringContaining("Law Updated Successfully") } });
    expect((await stats()).lawsList.find((entry) => entry.lawName === "نظام حماية الطيور")?.articleCount).toBe(2);
    const asText = await call("POST", "/api/admin/knowledge/update-law", admin, { lawNameToUpdate: "نظام حماية الطيور", fileData: JSON.stringify(law("g-birds", "نظام حماية الطيور", 3)) });
    expect(asText.body.articleCount).toBe(3);
    expect((await call("POST", "/api/admin/knowledge/update-law", admin, { lawNameToUpdate: "لا يوجد", fileData: law("g-z", "لا يوجد", 1) })).status).toBe(404);
    const noFile = await call("POST", "/api/admin/knowledge/update-law", admin, { lawNameToUpdate: "نظام حماية الطيور" });
    expect(noFile).toMatchObject({ status: 400, body: { error: "No File Selected: Please select a JSON file to update the law." } });
  });

  it("update-urls sets official BOE URLs from the guid", async () => {
    await call("POST", "/api/admin/knowledge/upload", admin, law("g-url", "نظام الرابط", 1, { sourceUrl: "https://example.com/x" }));
    const total = (await stats()).totalLaws;
    const result = await call("POST", "/api/admin/knowledge/update-urls", admin);
    expect(result).toMatchObject({ status: 200, body: { updatedCount: 1, totalLawsChecked: total, message: `URLs Updated: Updated 1 of ${total} laws with BOE URLs.` } });
    // Laws imported with a guid and no URL got the official one already; g-url had another.
    expect((await stats()).lawsList.find((entry) => entry.lawName === "نظام الرابط")?.sourceUrl).toBe("https://laws.boe.gov.sa/BoeLaws/Laws/LawDetails/g-url/1");
  });

  it("exports one law and everything as dated JSON downloads in the law-file format", async () => {
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Riyadh" }).format(new Date());
    const one = await call("GET", `/api/admin/knowledge/export/law/${encodeURIComponent("نظام حماية الطيور")}`, admin);
    expect(one.status).toBe(200);
    expect(one.headers.get("content-disposition")).toContain(`attachment; filename=`);
    expect(one.headers.get("content-disposition")).toContain(`filename*=UTF-8''${encodeURIComponent(`نظام حماية الطيور-${today}.json`)}`);
    expect(one.body).toMatchObject({ lawName: "نظام حماية الطيور", guid: "g-birds", articles: [{ articleNumber: 1, articleSuffix: "" }, {}, {}] });
    expect((await call("GET", `/api/admin/knowledge/export/law/${encodeURIComponent("لا يوجد")}`, admin)).status).toBe(404);

    const all = await call("GET", "/api/admin/knowledge/export/all", admin);
    expect(all.status).toBe(200);
    expect(all.headers.get("content-disposition")).toBe(`attachment; filename=knowledge-base-${today}.json`);
    expect(all.body).toHaveLength((await stats()).totalLaws);
    expect(all.body.map((entry: { lawName: string }) => entry.lawName)).toContain("نظام العمل");
  });

  it("replaces the whole knowledge base with the full sample data (≈15 MB) atomically, then clears it", async () => {
    const names = (await readdir(LAWS)).filter((name) => name.endsWith(".json")).sort();
    const files = await Promise.all(names.map(async (name) => ({ ...JSON.parse(await readFile(join(LAWS, name), "utf8")), fileName: name })));
    const replaced = await call("POST", "/api/admin/knowledge/replace", admin, { files, uploadMode: "replace" });
    expect(replaced).toMatchObject({ status: 200, body: { filesProcessed: 498, totalArticles: 16014, message: expect.stringContaining("Atomic Replace Complete") } });
    const after = await stats();
    expect(after).toMatchObject({ totalLaws: 498, totalArticles: 16014 });
    expect(after.lawsList.some((entry) => entry.lawName === "نظام حماية الطيور")).toBe(false);
    const found = await call("GET", `/api/admin/knowledge/search?query=${encodeURIComponent("مكافأة نهاية الخدمة")}`, admin);
    expect(found.body.length).toBeGreaterThan(0);

    const cleared = await call("DELETE", "/api/admin/knowledge/delete-all", admin);
    expect(cleared).toMatchObject({ status: 200, body: { deletedLaws: 498, deletedArticles: 16014, message: expect.stringContaining("Knowledge Base Cleared") } });
    expect(await stats()).toEqual({ totalArticles: 0, totalLaws: 0, lawsList: [] });
    expect((await call("GET", "/api/admin/knowledge/export/all", admin)).body).toEqual([]);
  }, 60_000);

  describe("legal documents", () => {
    const lease = { title: "دليل عقود الإيجار", category: "Real Estate Law", content: "يلتزم المستأجر بدفع الأجرة في مواعيدها المتفق عليها.", citation: "نظام إيجار العقارات، المادة 5" };

    it("anyone reads; adding and deleting need an admin (401 / 403)", async () => {
      expect(await call("GET", "/api/documents")).toMatchObject({ status: 200, body: [] });
      expect((await call("POST", "/api/documents", undefined, lease)).status).toBe(401);
      expect((await call("POST", "/api/documents", user, lease)).status).toBe(403);
      expect((await call("DELETE", "/api/documents/anything", undefined)).status).toBe(401);
      expect((await call("DELETE", "/api/documents/anything", user)).status).toBe(403);
    });

    it("adds with the spec's defaults, searches (Arabic-normalised, by category) and deletes", async () => {
      const added = await call("POST", "/api/documents", admin, lease);
      expect(added).toMatchObject({
        status: 201,
        body: { id: expect.any(String), ...lease, excerpt: `${lease.content}…`, source: lease.citation, lastUpdated: `Updated ${new Date().getFullYear()}`, createdAt: expect.any(String) },
      });
      const other = await call("POST", "/api/documents", admin, { title: "Wage protection", category: "Labor Law", content: "Employers pay wages on time.", citation: "Labor Law art. 90", excerpt: "Wages", source: "BOE", lastUpdated: "Updated 2024" });
      expect(other.body).toMatchObject({ excerpt: "Wages", source: "BOE", lastUpdated: "Updated 2024" });

      expect((await call("GET", `/api/documents?query=${encodeURIComponent("الاجره")}&category=all`)).body.map((d: { id: string }) => d.id)).toEqual([added.body.id]);
      expect((await call("GET", "/api/documents?category=Labor%20Law")).body.map((d: { id: string }) => d.id)).toEqual([other.body.id]);
      expect((await call("GET", "/api/documents?query=wages")).body).toHaveLength(1);
      expect((await call("GET", "/api/documents")).body.map((d: { id: string }) => d.id)).toEqual([other.body.id, added.body.id]);
      expect((await call("GET", "/api/documents?category=Sports")).status).toBe(400);

      expect(await call("DELETE", `/api/documents/${added.body.id}`, admin)).toMatchObject({ status: 200, body: { deleted: true, id: added.body.id } });
      expect((await call("DELETE", `/api/documents/${added.body.id}`, admin)).status).toBe(404);
      expect((await call("GET", "/api/documents")).body).toHaveLength(1);
    });

    it("refuses missing fields and an unknown category with 400", async () => {
      const missing = await call("POST", "/api/documents", admin, { title: "x", category: "Civil Law", content: "  " });
      expect(missing).toMatchObject({ status: 400, body: { error: "Missing fields - Please fill in all required fields", missing: ["content", "citation"] } });
      const arabic = await call("POST", "/api/documents", admin, { title: "x" }, { "accept-language": "ar" });
      expect(arabic.body.error).toBe("حقول ناقصة - يرجى ملء جميع الحقول المطلوبة");
      const category = await call("POST", "/api/documents", admin, { ...lease, category: "Sports Law" });
      expect(category.status).toBe(400);
      expect(category.body.error).toContain("Commercial Law");
      expect((await call("POST", "/api/documents", admin, { ...lease, title: 5 })).status).toBe(400);
    });
  });
});
