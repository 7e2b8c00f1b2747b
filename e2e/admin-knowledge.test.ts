import { copyFile, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { checkAccessibility, newPage, productForSuite, screenshot, VIEWPORTS } from "./harness";
import { openAppAsNewUser } from "./journeys";

jest.setTimeout(240_000);

const LAWS = resolve(__dirname, "../data/laws");
const LABOR = join(LAWS, "093-08381293-6388-48e2-8ad2-a9a700f2aa94.json"); // نظام العمل, 251 articles (always seeded)
const ZAKAT = "075-25fed59a-2790-4a77-ab11-a9a700f2c5fd.json"; // نظام جباية الزكاة, 4 articles
const FINES = "321-f62643d0-eff3-43c2-8629-a9a700f18812.json"; // نظام استبدال الغرامة بالحبس, 4 articles
const COMPANIES = join(LAWS, "228-a8376aea-1bc3-49d4-9027-aed900b555af.json"); // نظام الشركات, 281 articles

/** The dated part of exported file names (the server dates them in Saudi time). */
const TODAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Riyadh", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());

const TEXT = {
  ar: {
    title: "لوحة الإدارة",
    upload: "رفع الملفات",
    search: "البحث في المعرفة",
    laws: "نظرة عامة على الأنظمة",
    json: "عرض JSON",
    files: "ملفات الأنظمة (.json)",
    modeAdd: "إضافة إلى قاعدة المعرفة",
    modeReplace: "استبدال قاعدة المعرفة",
    warning: "تحذير: حذف نهائي",
    submit: "رفع الملفات",
    proceed: "متابعة",
    proceedReplace: "استبدال قاعدة المعرفة",
    ready: "جاهز للرفع",
    complete: "اكتمل الرفع",
    validationFailed: "فشل التحقق من الرفع",
    allExist: "جميع الملفات موجودة بالفعل",
    replaceComplete: "اكتمل الاستبدال الذري",
    totalArticles: "إجمالي المواد",
    totalLaws: "إجمالي الأنظمة",
    readyStatus: "حالة الجاهزية",
    active: "نشط",
    empty: "فارغ",
    searchLabel: "نص البحث",
    searchButton: "بحث",
    tooShort: "أدخل 3 أحرف على الأقل للبحث.",
    article53: "المادة 53",
    filter: "تصفية الأنظمة",
    viewJsonOf: (law: string) => `عرض JSON لـ ${law}`,
    downloadJsonOf: (law: string) => `تنزيل JSON لـ ${law}`,
    replaceFile: (law: string) => `ملف بديل لـ ${law}`,
    replaceOf: (law: string) => `استبدال ${law} بالملف المختار`,
    lawReplaced: "تم استبدال النظام بنجاح",
    copy: "نسخ JSON",
    selectFirst: "اختر نظامًا أولًا",
    exportAll: "تصدير الكل",
    exportComplete: "اكتمل التصدير",
    downloaded: "تم التنزيل بنجاح",
    updateUrls: "تحديث روابط هيئة الخبراء",
    urlsUpdated: "تم تحديث الروابط",
    clearAll: "مسح جميع البيانات",
    clearPrompt: "اكتب حذف للتأكيد",
    clearWord: "حذف",
    clearConfirm: "حذف الكل",
    cleared: "تم مسح قاعدة المعرفة",
    dismiss: "إغلاق",
    denied: "تم رفض الوصول",
  },
  en: {
    title: "Admin Panel",
    upload: "Upload Files",
    search: "Search Knowledge",
    laws: "Laws Overview",
    json: "View JSON",
    files: "Law files (.json)",
    modeAdd: "Add to the knowledge base",
    modeReplace: "Replace the knowledge base",
    warning: "Warning: permanent deletion",
    submit: "Upload Files",
    proceed: "Proceed",
    proceedReplace: "Replace the knowledge base",
    ready: "Ready to upload",
    complete: "Upload Complete",
    validationFailed: "Upload Validation Failed",
    allExist: "All Files Already Exist",
    replaceComplete: "Atomic Replace Complete",
    totalArticles: "Total Articles",
    totalLaws: "Total Laws",
    readyStatus: "Ready Status",
    active: "Active",
    empty: "Empty",
    searchLabel: "Search text",
    searchButton: "Search",
    tooShort: "Enter at least 3 characters to search.",
    article53: "Article 53",
    filter: "Filter laws",
    viewJsonOf: (law: string) => `View JSON of ${law}`,
    downloadJsonOf: (law: string) => `Download JSON of ${law}`,
    replaceFile: (law: string) => `Replacement file for ${law}`,
    replaceOf: (law: string) => `Replace ${law} with the chosen file`,
    lawReplaced: "Law Replaced Successfully",
    copy: "Copy JSON",
    selectFirst: "Select a law first",
    exportAll: "Export all",
    exportComplete: "Export Complete",
    downloaded: "Downloaded Successfully",
    updateUrls: "Update BOE URLs",
    urlsUpdated: "URLs Updated",
    clearAll: "Clear All Data",
    clearPrompt: "Type DELETE to confirm",
    clearWord: "DELETE",
    clearConfirm: "Delete everything",
    cleared: "Knowledge Base Cleared",
    dismiss: "Dismiss",
    denied: "Access Denied",
  },
} as const;

type Strings = (typeof TEXT)[keyof typeof TEXT];

const stat = (page: Page, label: string) => page.locator(".km-card", { hasText: label }).locator(".km-card__value");

async function expectStats(page: Page, s: Strings, laws: number, articles: number): Promise<void> {
  await stat(page, s.totalLaws).filter({ hasText: new RegExp(`^${laws}$`) }).waitFor();
  await stat(page, s.totalArticles).filter({ hasText: new RegExp(`^${articles}$`) }).waitFor();
  await stat(page, s.readyStatus).filter({ hasText: articles > 0 ? s.active : s.empty }).waitFor();
}

/** Waits for the result panel to show `title` (returns its text), then dismisses it. */
async function expectResult(page: Page, s: Strings, title: string): Promise<string> {
  const panel = page.locator(".km-result").filter({ has: page.locator(".km-result__title", { hasText: new RegExp(`^${title}$`) }) });
  await panel.waitFor();
  const text = await panel.innerText();
  await panel.getByRole("button", { name: s.dismiss }).click();
  await panel.waitFor({ state: "detached" });
  return text;
}

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole("tab", { name, exact: true }).click();
  await page.getByRole("tab", { name, exact: true, selected: true }).waitFor();
}

async function expectAccessible(page: Page, label: string): Promise<void> {
  expect({ label, violations: await checkAccessibility(page) }).toEqual({ label, violations: [] });
}

/** Chooses files in the Upload tab, validates them and returns the validation panel. */
async function validate(page: Page, s: Strings, files: string[]) {
  await page.getByLabel(s.files).setInputFiles(files);
  await page.getByRole("button", { name: s.submit, exact: true }).click();
  const panel = page.locator(".km-validation");
  await panel.waitFor();
  return panel;
}

async function signInAsAdmin(page: Page, suite: ReturnType<typeof productForSuite>, email: string): Promise<void> {
  await openAppAsNewUser(page, suite.product, email).catch(async (error: unknown) => {
    await screenshot(page, `admin-knowledge-signin-failed-${email}`);
    throw error;
  });
  await suite.product.grantAdmin(email);
  await page.goto(`${suite.product.baseUrl}/admin`);
}

for (const language of ["ar", "en"] as const) {
  const s = TEXT[language];
  // The full flow once per language: Arabic on the desktop, English on the phone; the tabs at the other size.
  const flowViewport = language === "ar" ? VIEWPORTS[1] : VIEWPORTS[0];
  const otherViewport = language === "ar" ? VIEWPORTS[0] : VIEWPORTS[1];

  describe(`the knowledge-base manager on /admin (${language})`, () => {
    const suite = productForSuite({ laws: [ZAKAT, FINES] });
    let scratch: string;

    beforeAll(async () => {
      scratch = await mkdtemp(join(tmpdir(), "qai-admin-knowledge-"));
    });
    afterAll(async () => {
      if (scratch) await rm(scratch, { recursive: true, force: true });
    });

    it(`an admin uploads, replaces, searches, previews, exports, clears and re-uploads at ${flowViewport.width}×${flowViewport.height}`, async () => {
      const page = await newPage(suite.browser, { ...flowViewport, locale: language });
      const shot = (name: string) => screenshot(page, `admin-knowledge-${name}-${language}-${flowViewport.name}`);
      try {
        await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: suite.product.baseUrl });
        await signInAsAdmin(page, suite, `kb-admin-${language}@example.com`);
        await page.getByRole("heading", { level: 1, name: s.title }).waitFor();
        await expect(page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).resolves.toEqual([language, language === "ar" ? "rtl" : "ltr"]);
        // Seeded: the Labor Law (251) and two laws of 4 articles.
        await expectStats(page, s, 3, 259);
        await expect(page.getByRole("tab").count()).resolves.toBe(4);
        await shot("upload");
        await expectAccessible(page, "upload tab");

        // Add mode: a law with more articles than stored → Upload Complete.
        let panel = await validate(page, s, [COMPANIES]);
        await panel.getByRole("heading", { name: s.ready }).waitFor();
        await shot("upload-validated");
        await expectAccessible(page, "validation panel");
        await panel.getByRole("button", { name: s.proceed, exact: true }).click();
        await expectResult(page, s, s.complete);
        await expectStats(page, s, 4, 540);

        // The same file again: the server refuses an add that brings no more articles than stored.
        panel = await validate(page, s, [COMPANIES]);
        await panel.getByRole("heading", { name: s.validationFailed }).waitFor();
        await expect(panel.getByRole("button", { name: s.proceed, exact: true }).count()).resolves.toBe(0);
        await shot("upload-validation-failed");
        await panel.getByRole("button", { name: language === "ar" ? "إلغاء" : "Cancel" }).click();
        // Twice the same law (two copies) passes validation; both uploads are duplicates (409).
        const copy = join(scratch, "companies-copy.json");
        await copyFile(COMPANIES, copy);
        panel = await validate(page, s, [COMPANIES, copy]);
        await panel.getByRole("button", { name: s.proceed, exact: true }).click();
        const allExist = await expectResult(page, s, s.allExist);
        expect(allExist).toContain(language === "ar" ? "تم تخطي 2" : "Skipped 2 duplicate files");
        await expectStats(page, s, 4, 540);

        // Replace mode: the warning, validation, the atomic replace; counts follow.
        await page.getByRole("radio", { name: s.modeReplace }).check();
        await page.getByText(s.warning).waitFor();
        panel = await validate(page, s, [LABOR, join(LAWS, ZAKAT)]);
        await expect(panel.innerText()).resolves.toMatch(language === "ar" ? /ستُحذف نهائيًا/ : /permanently deleted/);
        await expect(page.locator("progress").getAttribute("value")).resolves.toBe("50");
        await shot("upload-replace");
        await expectAccessible(page, "replace mode");
        await panel.getByRole("button", { name: s.proceedReplace, exact: true }).click();
        await expectResult(page, s, s.replaceComplete);
        await expectStats(page, s, 2, 255);
        await page.getByRole("radio", { name: s.modeAdd }).check();

        // Update BOE URLs.
        await page.getByRole("button", { name: s.updateUrls }).click();
        const urls = await expectResult(page, s, s.urlsUpdated);
        expect(urls).toMatch(language === "ar" ? /من 2 نظام/ : /of 2 laws with BOE URLs/);

        // Search: at least 3 characters; "فترة التجربة" finds article 53 of the Labor Law.
        await openTab(page, s.search);
        await page.getByLabel(s.searchLabel).fill("ab");
        await page.getByRole("button", { name: s.searchButton, exact: true }).click();
        await page.getByText(s.tooShort).waitFor();
        await page.getByLabel(s.searchLabel).fill("فترة التجربة");
        await page.getByRole("button", { name: s.searchButton, exact: true }).click();
        const hit = page.locator(".km-result-card").filter({ hasText: "نظام العمل" }).filter({ has: page.locator(".km-badge", { hasText: new RegExp(`^${s.article53}$`) }) });
        await hit.first().waitFor();
        await expect(page.getByRole("region", { name: language === "ar" ? "نتائج البحث" : "Search results" }).evaluate((element) => getComputedStyle(element).maxHeight)).resolves.toBe("400px");
        await shot("search");
        await expectAccessible(page, "search tab");

        // View JSON before choosing a law.
        await openTab(page, s.json);
        await page.getByText(s.selectFirst).waitFor();

        // Laws overview: filter, View JSON, Download JSON, replace one law, export all.
        await openTab(page, s.laws);
        await page.getByLabel(s.filter).fill("العمل");
        await expect(page.locator(".km-law").count()).resolves.toBe(1);
        await page.getByLabel(s.filter).fill("");
        await expect(page.locator(".km-law").count()).resolves.toBe(2);
        await shot("laws");
        await expectAccessible(page, "laws tab");

        await page.getByRole("button", { name: s.viewJsonOf("نظام العمل") }).click();
        const code = page.locator(".km-json__code");
        await code.waitFor();
        await expect(code.getAttribute("dir")).resolves.toBe("ltr");
        const json = JSON.parse(await code.innerText()) as { lawName: string; articles: unknown[] };
        expect(json).toMatchObject({ lawName: "نظام العمل" });
        expect(json.articles).toHaveLength(251);
        await expect(code.innerText()).resolves.toContain('\n  "lawName": "نظام العمل"');
        await page.getByRole("button", { name: s.copy }).click();
        await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toContain('"lawName": "نظام العمل"');
        await shot("json");
        await expectAccessible(page, "json tab");

        await openTab(page, s.laws);
        const [lawDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: s.downloadJsonOf("نظام العمل") }).click()]);
        expect(lawDownload.suggestedFilename()).toBe(`نظام العمل-${TODAY}.json`);
        const lawPath = join(scratch, "labor-download.json");
        await lawDownload.saveAs(lawPath);
        expect(JSON.parse(await readFile(lawPath, "utf8"))).toMatchObject({ lawName: "نظام العمل" });
        await expectResult(page, s, s.downloaded);

        const replace = page.getByRole("button", { name: s.replaceOf("نظام جباية الزكاة") });
        await expect(replace.isDisabled()).resolves.toBe(true);
        await page.getByLabel(s.replaceFile("نظام جباية الزكاة")).setInputFiles(join(LAWS, ZAKAT));
        await expect(replace.isEnabled()).resolves.toBe(true);
        await replace.click();
        const replaced = await expectResult(page, s, s.lawReplaced);
        expect(replaced).toContain("نظام جباية الزكاة");
        await expectStats(page, s, 2, 255);

        const [allDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: s.exportAll }).click()]);
        expect(allDownload.suggestedFilename()).toBe(`knowledge-base-${TODAY}.json`);
        const exported = join(scratch, allDownload.suggestedFilename());
        await allDownload.saveAs(exported);
        const all = JSON.parse(await readFile(exported, "utf8")) as Array<{ lawName: string }>;
        expect(all.map((law) => law.lawName).sort()).toEqual(["نظام العمل", "نظام جباية الزكاة"].sort());
        await expectResult(page, s, s.exportComplete);

        // Clear All Data with the typed confirmation.
        await openTab(page, s.upload);
        await page.getByRole("button", { name: s.clearAll }).click();
        const dialog = page.getByRole("dialog");
        const confirm = dialog.getByRole("button", { name: s.clearConfirm });
        await dialog.getByLabel(s.clearPrompt).fill("nope");
        await expect(confirm.isDisabled()).resolves.toBe(true);
        await dialog.getByLabel(s.clearPrompt).fill(s.clearWord);
        await shot("clear-confirm");
        await expectAccessible(page, "clear dialog");
        await confirm.click();
        await dialog.waitFor({ state: "detached" });
        await expectResult(page, s, s.cleared);
        await expectStats(page, s, 0, 0);
        await openTab(page, s.laws);
        await expect(page.getByRole("button", { name: s.exportAll }).isDisabled()).resolves.toBe(true);
        await shot("laws-empty");

        // The export re-imports (add mode) and the knowledge base is back.
        await openTab(page, s.upload);
        panel = await validate(page, s, [exported]);
        await panel.getByRole("button", { name: s.proceed, exact: true }).click();
        const back = await expectResult(page, s, s.complete);
        expect(back).toContain("2");
        await expectStats(page, s, 2, 255);
      } finally {
        await page.context().close();
      }
    });

    it(`shows every tab at ${otherViewport.width}×${otherViewport.height}`, async () => {
      const page = await newPage(suite.browser, { ...otherViewport, locale: language });
      const shot = (name: string) => screenshot(page, `admin-knowledge-${name}-${language}-${otherViewport.name}`);
      try {
        await signInAsAdmin(page, suite, `kb-viewer-${language}@example.com`);
        await page.getByRole("heading", { level: 1, name: s.title }).waitFor();
        await stat(page, s.readyStatus).filter({ hasText: s.active }).waitFor();
        await page.getByRole("radio", { name: s.modeReplace }).check();
        await page.getByText(s.warning).waitFor();
        await shot("upload");
        await expectAccessible(page, "upload tab");
        // Keyboard: the arrow keys move along the tablist.
        await page.getByRole("tab", { name: s.upload, exact: true }).focus();
        await page.keyboard.press(language === "ar" ? "ArrowLeft" : "ArrowRight");
        // Arrow keys move to the next tab and select it (the selection renders a moment after the key).
        await page.getByRole("tab", { name: s.search, exact: true, selected: true }).waitFor();
        await page.getByLabel(s.searchLabel).fill("فترة التجربة");
        await page.keyboard.press("Enter");
        await page.locator(".km-result-card").first().waitFor();
        await shot("search");
        await openTab(page, s.laws);
        await page.locator(".km-law").first().waitFor();
        await shot("laws");
        await expectAccessible(page, "laws tab");
        await page.getByRole("button", { name: s.viewJsonOf("نظام العمل") }).click();
        await page.locator(".km-json__code").waitFor();
        await shot("json");
        await expectAccessible(page, "json tab");
        // Nothing overflows the phone's width.
        await expect(page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
      } finally {
        await page.context().close();
      }
    });

    if (language === "en") {
      it("refuses a signed-in non-admin: Access Denied, then back to /", async () => {
        const page = await newPage(suite.browser, { width: 390, height: 844, locale: "en" });
        try {
          await openAppAsNewUser(page, suite.product, "reader@example.com");
          await page.goto(`${suite.product.baseUrl}/admin`);
          await page.getByRole("heading", { name: s.denied }).waitFor();
          await expect(page.locator(".km").count()).resolves.toBe(0);
          await screenshot(page, "admin-knowledge-denied-en-mobile");
          await expectAccessible(page, "access denied");
          await page.waitForURL(`${suite.product.baseUrl}/`, { timeout: 10_000 });
        } finally {
          await page.context().close();
        }
      });
    }
  });
}
