/// <reference lib="dom" />
import type { Locator, Page } from "playwright-core";
import { checkAccessibility, LANGUAGES, newPage, productForSuite, screenshot, VIEWPORTS, type RunningProduct } from "./harness";
import { ask, openAppAsNewUser } from "./journeys";

jest.setTimeout(300_000);

const TEXT = {
  ar: {
    openMenu: "فتح القائمة",
    adminPanel: "لوحة الإدارة",
    tabs: ["نظرة عامة", "المستخدمون", "الأسئلة", "الوثائق", "قاعدة المعرفة"],
    questions: ["ما هي مدة الإجازة السنوية للعامل؟", "متى يستحق العامل مكافأة نهاية الخدمة؟"],
    makeAdmin: "تعيين كمشرف",
    removeAdmin: "إزالة الإشراف",
    updated: "تم تحديث صلاحيات المشرف بنجاح",
    restricted: "الوصول مقيّد",
    returnToApp: "العودة إلى التطبيق",
    searchUsers: "البحث عن مستخدمين",
    add: "إضافة الوثيقة",
    missing: "حقول ناقصة",
    added: "تمت إضافة الوثيقة",
    deleted: "تم حذف الوثيقة",
    delete: "حذف",
    fields: { title: "العنوان", category: "التصنيف", content: "المحتوى", citation: "الاستشهاد" },
    category: "نظام العمل",
    documentTitle: "لائحة الإجازات — اختبار",
    updatedYear: `محدث ${new Date().getFullYear()}`,
    frequent: "الأسئلة المتكررة",
    gaps: "فجوات المعرفة",
    charts: "الأسئلة في اليوم",
    activeToday: "اليوم",
    noActive: "لا يوجد مستخدمون نشطون في هذه الفترة",
    closeActive: "إغلاق قائمة المستخدمين النشطين",
  },
  en: {
    openMenu: "Open menu",
    adminPanel: "Admin Panel",
    tabs: ["Overview", "Users", "Questions", "Documents", "Knowledge"],
    questions: ["How long is a worker's annual leave?", "When is a worker entitled to an end-of-service award?"],
    makeAdmin: "Make Admin",
    removeAdmin: "Remove Admin",
    updated: "Admin privileges updated successfully",
    restricted: "Access Restricted",
    returnToApp: "Return to App",
    searchUsers: "Search users",
    add: "Add Document",
    missing: "Missing fields",
    added: "Document added",
    deleted: "Document deleted",
    delete: "Delete",
    fields: { title: "Title", category: "Category", content: "Content", citation: "Citation" },
    category: "Labor Law",
    documentTitle: "Leave regulations — test",
    updatedYear: `Updated ${new Date().getFullYear()}`,
    frequent: "Frequent questions",
    gaps: "Knowledge gaps",
    charts: "Questions per day",
    activeToday: "Today",
    noActive: "No active users in this period",
    closeActive: "Close the active users list",
  },
} as const;

type Text = (typeof TEXT)[keyof typeof TEXT];
type Viewport = (typeof VIEWPORTS)[number];

/** Opens the admin panel from the sidebar (desktop) or the slide-in menu (mobile). */
async function openPanel(page: Page, text: Text, viewport: Viewport): Promise<Locator> {
  if (viewport.name === "mobile") await page.getByRole("button", { name: text.openMenu }).click();
  await page.getByRole("button", { name: text.adminPanel, exact: true }).click();
  const panel = page.getByRole("dialog", { name: text.adminPanel });
  await panel.waitFor();
  return panel;
}

/** Escape closes the panel; an open toast is the top layer, so the first Escape may dismiss it instead. */
async function closePanel(page: Page, panel: Locator): Promise<void> {
  for (let attempt = 0; attempt < 3 && (await panel.count()) > 0; attempt++) {
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "detached", timeout: 1500 }).catch(() => undefined);
  }
  await panel.waitFor({ state: "detached" });
}

/** The admin figures as the API answers them to the page's signed-in user. */
function adminGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const key = Object.keys(localStorage).find((name) => name.startsWith("sb-") && name.endsWith("-auth-token"))!;
    const { access_token: token } = JSON.parse(localStorage.getItem(key)!) as { access_token: string };
    const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
    return (await response.json()) as T;
  }, path) as Promise<T>;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const toast = (page: Page, text: string) => page.locator(".toast").filter({ hasText: text }).first();

/** No serious or critical axe violations; checked again once after a moment when a transition (toast, tab) was still running. */
async function expectAccessible(page: Page): Promise<void> {
  let violations = await checkAccessibility(page);
  if (violations.length > 0) {
    console.warn("axe, first pass:", JSON.stringify(violations));
    await page.waitForTimeout(700);
    violations = await checkAccessibility(page);
  }
  expect(violations).toEqual([]);
}

async function openTab(panel: Locator, name: string): Promise<void> {
  const tab = panel.getByRole("tab", { name, exact: true });
  await tab.click();
  await expect(tab.getAttribute("aria-selected")).resolves.toBe("true");
}

describe("the in-app admin panel", () => {
  const suite = productForSuite();

  for (const language of LANGUAGES) {
    // Arabic runs the whole journey on the desktop, English on the phone; each takes screenshots at the other size too.
    const flowViewport = VIEWPORTS.find((viewport) => viewport.name === (language === "ar" ? "desktop" : "mobile"))!;
    const otherViewport = VIEWPORTS.find((viewport) => viewport !== flowViewport)!;
    const text = TEXT[language];

    it(`${language}: overview figures, promote and demote a user, add and delete a document (${flowViewport.width}×${flowViewport.height})`, async () => {
      const product: RunningProduct = suite.product;
      const adminEmail = `admin-${language}@example.com`;
      const helperEmail = `helper-${language}@example.com`;
      await product.grantAdmin(adminEmail);

      const page = await newPage(suite.browser, { ...flowViewport, locale: language });
      const helper = await newPage(suite.browser, { ...otherViewport, locale: language });
      try {
        await openAppAsNewUser(page, product, adminEmail);
        await ask(page, text.questions[0], 1);
        await ask(page, text.questions[1], 2);

        // The second user is no admin: no Admin Panel item. (The helper's clock is controlled: see below.)
        await helper.clock.install();
        await openAppAsNewUser(helper, product, helperEmail);
        if (otherViewport.name === "mobile") await helper.getByRole("button", { name: text.openMenu }).click();
        expect(await helper.getByRole("button", { name: text.adminPanel, exact: true }).count()).toBe(0);
        if (otherViewport.name === "mobile") await helper.keyboard.press("Escape");

        // The figures follow the events a moment later: wait until the API counts both questions.
        await waitFor(async () => (await adminGet<{ totalQuestions: number }>(page, "/api/admin/stats")).totalQuestions >= 2);

        let panel = await openPanel(page, text, flowViewport);
        expect(await panel.getByRole("tab").allTextContents()).toEqual([...text.tabs]);
        const stats = await adminGet<Record<string, number>>(page, "/api/admin/stats");
        const feedback = await adminGet<Record<string, number>>(page, "/api/admin/feedback-stats");
        const users = await adminGet<Record<string, number>>(page, "/api/admin/user-stats");
        const expected = { ...stats, ...feedback, totalRegistered: users.totalRegistered, activeUsers: users.activeUsers };
        for (const [stat, value] of Object.entries(expected)) {
          if (!["questionsToday", "totalQuestions", "totalConversations", "likes", "dislikes", "totalRegistered", "activeUsers"].includes(stat)) continue;
          await expect(panel.locator(`[data-stat="${stat}"] .ap-card__value`).textContent()).resolves.toBe(String(value));
        }
        expect(stats.totalQuestions).toBeGreaterThanOrEqual(2);
        expect(stats.questionsToday).toBeGreaterThanOrEqual(2);
        await panel.locator('[data-chart="questions"] svg').first().waitFor();
        await panel.locator('[data-chart="languages"]').waitFor();

        // The active-users panel opens for today and closes again.
        await panel.locator('[data-window="today"]').click();
        const activeList = panel.locator("#ap-active-list");
        await activeList.waitFor();
        await activeList.getByText(adminEmail).waitFor();
        await screenshot(page, `admin-panel-overview-${language}-${flowViewport.name}`);
        await expectAccessible(page);
        await activeList.getByRole("button", { name: text.closeActive }).click();
        await activeList.waitFor({ state: "detached" });

        // Users: find the helper, make them an admin.
        await openTab(panel, text.tabs[1]);
        await panel.getByRole("searchbox", { name: text.searchUsers }).fill(`helper-${language}`);
        const helperRow = panel.locator(`[data-user="${helperEmail}"]`);
        // The search is debounced: wait until only the helper is listed.
        await waitFor(async () => (await panel.locator(".ap-user").count()) === 1 && (await helperRow.count()) === 1);
        await helperRow.getByRole("button", { name: new RegExp(text.makeAdmin) }).click();
        await toast(page, text.updated).waitFor();
        await helperRow.getByRole("button", { name: new RegExp(text.removeAdmin) }).waitFor();
        await screenshot(page, `admin-panel-users-${language}-${flowViewport.name}`);
        await expectAccessible(page);

        // The helper's open page shows the item once it is looked at again (a minute after the last check), without a reload.
        await helper.clock.fastForward(61_000);
        await helper.evaluate(() => window.dispatchEvent(new Event("focus")));
        let helperPanel = await openPanel(helper, text, otherViewport);
        await helperPanel.locator('[data-stat="totalQuestions"]').waitFor();
        await closePanel(helper, helperPanel);

        // Remove the rights again: the helper's next opening says Access Restricted.
        await helperRow.getByRole("button", { name: new RegExp(text.removeAdmin) }).click();
        await helperRow.getByRole("button", { name: new RegExp(text.makeAdmin) }).waitFor();
        helperPanel = await openPanel(helper, text, otherViewport);
        await helperPanel.getByRole("heading", { name: text.restricted }).waitFor();
        await screenshot(helper, `admin-panel-restricted-${language}-${otherViewport.name}`);
        await helperPanel.getByRole("button", { name: text.returnToApp }).click();
        await helperPanel.waitFor({ state: "detached" });

        // Questions: the frequent questions list the ones asked.
        await openTab(panel, text.tabs[2]);
        await panel.getByRole("heading", { name: text.frequent }).waitFor();
        await panel.getByText(text.questions[0]).first().waitFor();
        await panel.getByRole("heading", { name: text.gaps }).waitFor();
        await screenshot(page, `admin-panel-questions-${language}-${flowViewport.name}`);
        await expectAccessible(page);

        // Documents: Missing fields, then add with the defaults, then delete after confirmation.
        await openTab(panel, text.tabs[3]);
        await panel.getByRole("button", { name: text.add }).click();
        await toast(page, text.missing).waitFor();
        await panel.getByLabel(text.fields.title).fill(text.documentTitle);
        await panel.getByLabel(text.fields.category).selectOption({ label: text.category });
        const content = "x".repeat(150) + " " + "y".repeat(120);
        await panel.getByLabel(text.fields.content).fill(content);
        await panel.getByLabel(text.fields.citation).fill("Article 109");
        await panel.getByRole("button", { name: text.add }).click();
        await toast(page, text.added).waitFor();
        const row = panel.locator(`[data-document="${text.documentTitle}"]`);
        await row.waitFor();
        await expect(row.locator(".ap-document__excerpt").textContent()).resolves.toBe(`${content.slice(0, 200)}…`);
        await row.getByText(text.updatedYear).waitFor();
        const documents = await adminGet<Array<{ title: string; source: string; lastUpdated: string }>>(page, "/api/documents");
        expect(documents.find((document) => document.title === text.documentTitle)).toMatchObject({ source: "Article 109", lastUpdated: text.updatedYear });
        await screenshot(page, `admin-panel-documents-${language}-${flowViewport.name}`);
        await expectAccessible(page);
        await row.getByRole("button", { name: new RegExp(text.delete) }).click();
        const confirm = page.getByRole("alertdialog");
        await confirm.waitFor();
        await confirm.getByRole("button", { name: text.delete, exact: true }).click();
        await toast(page, text.deleted).waitFor();
        await row.waitFor({ state: "detached" });

        // Knowledge: the manager without View JSON.
        await openTab(panel, text.tabs[4]);
        await panel.getByRole("tabpanel").last().waitFor();
        await page.waitForTimeout(500);
        await screenshot(page, `admin-panel-knowledge-${language}-${flowViewport.name}`);
        await expectAccessible(page);

        await closePanel(page, panel);
        panel = await openPanel(page, text, flowViewport);
        await closePanel(page, panel);
      } finally {
        await page.context().close();
        await helper.context().close();
      }
    });

    it(`${language}: every tab at ${otherViewport.width}×${otherViewport.height}`, async () => {
      const email = `viewer-${language}@example.com`;
      await suite.product.grantAdmin(email);
      const page = await newPage(suite.browser, { ...otherViewport, locale: language });
      try {
        await openAppAsNewUser(page, suite.product, email);
        const panel = await openPanel(page, text, otherViewport);
        await panel.locator('[data-stat="totalQuestions"]').waitFor();
        await panel.locator('[data-chart="questions"]').waitFor();
        await screenshot(page, `admin-panel-overview-${language}-${otherViewport.name}`);
        await expectAccessible(page);
        await panel.locator('[data-chart="languages"]').scrollIntoViewIfNeeded();
        await screenshot(page, `admin-panel-charts-${language}-${otherViewport.name}`);
        await panel.locator('[data-chart="disliked"]').scrollIntoViewIfNeeded();
        await screenshot(page, `admin-panel-charts-laws-${language}-${otherViewport.name}`);
        for (const [index, tab] of text.tabs.entries()) {
          if (index === 0) continue;
          await openTab(panel, tab);
          await page.waitForTimeout(400);
          await screenshot(page, `admin-panel-${["overview", "users", "questions", "documents", "knowledge"][index]}-${language}-${otherViewport.name}`);
        }
        await expectAccessible(page);
        await closePanel(page, panel);
      } finally {
        await page.context().close();
      }
    });
  }
});
