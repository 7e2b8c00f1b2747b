import type { Page } from "playwright-core";
import { newPage, productForSuite, screenshot, VIEWPORTS } from "./harness";
import { answers, ask, input, openAppAsGuest } from "./journeys";

jest.setTimeout(180_000);

/** Issue 11 §9: after an answer (the address names the conversation), New Chat must start afresh — every time. */
describe("New Chat starts a fresh conversation every time", () => {
  const suite = productForSuite();

  const QUESTIONS = {
    en: ["What is the probation period for a worker?", "How many days of annual leave does a worker get?", "Can an employer end a contract without notice?"],
    ar: ["ما هي مدة فترة التجربة للعامل؟", "كم يوماً إجازة سنوية يستحق العامل؟", "هل يجوز لصاحب العمل إنهاء العقد دون إشعار؟"],
  } as const;

  const conversationInAddress = (page: Page) => new URL(page.url()).searchParams.get("c");

  /** Waits until the address names a conversation other than `previous` and returns it. */
  async function waitForConversation(page: Page, previous: string | null): Promise<string> {
    await page.waitForURL((url) => {
      const id = url.searchParams.get("c");
      return id !== null && id !== previous;
    });
    return conversationInAddress(page)!;
  }

  /** After New Chat: no messages, the welcome screen, and no conversation in the address. */
  async function expectFresh(page: Page): Promise<void> {
    await page.locator(".welcome").waitFor();
    expect(await page.locator(".message").count()).toBe(0);
    await page.waitForURL((url) => url.searchParams.get("c") === null);
    // The old conversation must not come back once the address settles.
    await page.waitForTimeout(400);
    expect(await page.locator(".message").count()).toBe(0);
  }

  for (const viewport of VIEWPORTS) {
    const language = viewport.name === "desktop" ? "en" : "ar";
    it(`from the ${viewport.name === "desktop" ? "sidebar" : "mobile menu"} and the chat's own button, in ${language} (${viewport.width}×${viewport.height})`, async () => {
      const page = await newPage(suite.browser, { ...viewport, locale: language });
      const en = language === "en";
      const [first, second, third] = QUESTIONS[language];
      const newChatFromMenu = async () => {
        if (viewport.name === "desktop") {
          await page.getByRole("complementary").getByRole("button", { name: en ? "New Chat" : "محادثة جديدة", exact: true }).click();
        } else {
          await page.getByRole("button", { name: en ? "Open menu" : "فتح القائمة" }).click();
          await page.getByRole("dialog").getByRole("button", { name: en ? "New Chat" : "محادثة جديدة", exact: true }).click();
        }
      };
      try {
        await openAppAsGuest(page, suite.product.baseUrl);
        await ask(page, first, 1);
        const firstId = await waitForConversation(page, null);

        // New Chat from the shell, once: the old messages go, and the next question starts a new conversation.
        await newChatFromMenu();
        await expectFresh(page);
        await screenshot(page, `new-chat-fresh-${language}-${viewport.name}`);
        await ask(page, second, 1);
        const secondId = await waitForConversation(page, null);
        expect(secondId).not.toBe(firstId);
        expect(await page.locator(".message--user").count()).toBe(1);
        expect(await page.locator(".message--user").innerText()).toContain(second);

        // The chat's own New Chat button, once.
        await page.locator(".chat__new").click();
        await expectFresh(page);
        await ask(page, third, 1);
        const thirdId = await waitForConversation(page, null);
        expect([firstId, secondId]).not.toContain(thirdId);
        expect(await page.locator(".message--user").count()).toBe(1);
        expect(await page.locator(".message--user").innerText()).toContain(third);
        expect(await answers(page).count()).toBe(1);
        expect(await input(page).inputValue()).toBe("");
      } finally {
        await page.context().close();
      }
    });
  }
});
