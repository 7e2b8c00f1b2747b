import type { Page } from "playwright-core";
import { checkAccessibility, newPage, productForSuite, screenshot } from "./harness";
import { ask, openAppAsGuest, openAppAsNewUser } from "./journeys";

jest.setTimeout(180_000);

/** Issue 11 §12: the smaller defects a new user hit (menu, /legal direction, About, toasts, confirmations). */
describe("first use: menu, legal page, About, confirmations, toasts", () => {
  const suite = productForSuite();

  it("the guest's mobile menu lists Legal Information once (ar and en)", async () => {
    for (const language of ["ar", "en"] as const) {
      const page = await newPage(suite.browser, { width: 390, height: 844, locale: language });
      try {
        await openAppAsGuest(page, suite.product.baseUrl);
        await page.getByRole("button", { name: language === "en" ? "Open menu" : "فتح القائمة" }).click();
        const menu = page.getByRole("dialog");
        await menu.waitFor();
        expect(await menu.getByRole("button", { name: language === "en" ? "Legal Information" : "المعلومات القانونية", exact: true }).count()).toBe(1);
      } finally {
        await page.context().close();
      }
    }
  });

  it("/legal?lang=en sets the document to English, left to right, in an Arabic app — and back", async () => {
    const page = await newPage(suite.browser, { width: 1440, height: 900, locale: "ar" });
    try {
      await page.goto(`${suite.product.baseUrl}/legal?lang=en`);
      await page.locator(".legal").waitFor();
      await page.waitForFunction(() => document.documentElement.dir === "ltr");
      expect(await page.evaluate(() => ({ dir: document.documentElement.dir, lang: document.documentElement.lang }))).toEqual({ dir: "ltr", lang: "en" });
      await page.goto(`${suite.product.baseUrl}/legal?lang=ar`);
      await page.locator(".legal").waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    } finally {
      await page.context().close();
    }
  });

  it("About's Start a consultation puts the focus in the question box", async () => {
    const page = await newPage(suite.browser, { width: 1440, height: 900, locale: "en" });
    try {
      await openAppAsGuest(page, suite.product.baseUrl);
      await page.getByRole("complementary").getByRole("button", { name: "About QAI", exact: true }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("button", { name: "Start a consultation" }).click();
      await dialog.waitFor({ state: "detached" });
      await page.waitForFunction(() => document.activeElement?.id === "chat-input");
      await page.waitForTimeout(300); // nothing takes it back
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("chat-input");
    } finally {
      await page.context().close();
    }
  });

  const confirmRuns = [
    { language: "ar" as const, width: 390, height: 844, email: "confirm-ar@example.com" },
    { language: "en" as const, width: 1440, height: 900, email: "confirm-en@example.com" },
  ];
  for (const run of confirmRuns) {
    it(`deleting a question or a conversation asks first; toasts stay clear of the content (${run.language}, ${run.width}×${run.height})`, async () => {
      const en = run.language === "en";
      const desktop = run.width > 768;
      const page = await newPage(suite.browser, { width: run.width, height: run.height, locale: run.language });
      const goTo = async (page: Page, label: string) => {
        if (desktop) {
          await page.getByRole("complementary").getByRole("button", { name: label, exact: true }).click();
        } else {
          await page.getByRole("button", { name: en ? "Open menu" : "فتح القائمة" }).click();
          await page.getByRole("dialog").getByRole("button", { name: label, exact: true }).click();
        }
      };
      const t = en
        ? { questions: "Question History", history: "Chat History", confirmQuestion: "Delete this question?", confirmConversation: "Delete this conversation?", cancel: "Cancel", del: "Delete", deleted: "Conversation Deleted" }
        : { questions: "سجل الأسئلة", history: "سجل المحادثات", confirmQuestion: "حذف هذا السؤال؟", confirmConversation: "حذف هذه المحادثة؟", cancel: "إلغاء", del: "حذف", deleted: "تم حذف المحادثة" };
      try {
        await openAppAsNewUser(page, suite.product, run.email);
        await ask(page, en ? "What is the probation period for a worker?" : "ما هي مدة فترة التجربة للعامل؟", 1);

        // A question: Cancel keeps it; Delete (confirmed) removes it.
        await goTo(page, t.questions);
        const question = page.locator(".library__list li").first();
        await question.waitFor();
        await question.getByRole("button", { name: new RegExp(`^${t.del}`) }).click();
        const confirm = page.getByRole("alertdialog", { name: t.confirmQuestion });
        await confirm.waitFor();
        // Cancel has the focus: Enter never deletes by accident.
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(t.cancel);
        await screenshot(page, `confirm-delete-question-${run.language}-${desktop ? "desktop" : "mobile"}`);
        expect(await checkAccessibility(page)).toEqual([]);
        await confirm.getByRole("button", { name: t.cancel }).click();
        await confirm.waitFor({ state: "detached" });
        expect(await page.locator(".library__list li").count()).toBe(1);

        // A conversation: Escape keeps it; the confirmed Delete removes it.
        await goTo(page, t.history);
        const conversation = page.locator(".library-card").first();
        await conversation.waitFor();
        await conversation.locator(".library-card__delete").click();
        const confirmConversation = page.getByRole("alertdialog", { name: t.confirmConversation });
        await confirmConversation.waitFor();
        await page.keyboard.press("Escape");
        await confirmConversation.waitFor({ state: "detached" });
        expect(await page.locator(".library-card").count()).toBe(1);
        await conversation.locator(".library-card__delete").click();
        await confirmConversation.getByRole("button", { name: t.del, exact: true }).click();
        const toast = page.locator(".toast").getByText(t.deleted);
        await toast.waitFor();
        await page.locator(".library-card").waitFor({ state: "detached" });
        // On a phone the toast sits at the top, away from the question box and dialogs' buttons at the bottom.
        if (!desktop) {
          const box = await page.locator(".toast").first().boundingBox();
          expect(box!.y + box!.height).toBeLessThan(run.height / 2);
        }
        await screenshot(page, `confirm-deleted-${run.language}-${desktop ? "desktop" : "mobile"}`);
      } finally {
        await page.context().close();
      }
    });
  }
});
