import { checkAccessibility, newPage, productForSuite, screenshot } from "./harness";
import { ask, inViewport, input, openAppAsGuest, openAppAsNewUser } from "./journeys";

jest.setTimeout(180_000);

/**
 * Issue 11 §11: a spent question budget is not a network failure. The question past the limit shows
 * its own notice (no Connection Issue, no Try Again / Switch AI Provider), in view above the box.
 */
describe("the question limits show their own message, in view", () => {
  const suite = productForSuite({ env: { USER_DAILY_QUESTION_LIMIT: "1", GUEST_IP_DAILY_QUESTION_LIMIT: "1" } });

  it("a registered user's daily limit, in Arabic on a phone", async () => {
    const page = await newPage(suite.browser, { width: 390, height: 844, locale: "ar" });
    try {
      await openAppAsNewUser(page, suite.product, "limit-ar@example.com");
      await ask(page, "ما هي مدة فترة التجربة للعامل؟", 1);
      await input(page).fill("كم يوماً إجازة سنوية يستحق العامل؟");
      await input(page).press("Enter");
      const notice = page.locator(".limit-notice");
      await notice.getByRole("heading", { name: "بلغت الحد اليومي للأسئلة" }).waitFor();
      expect(await notice.innerText()).toContain("الحد اليومي");
      expect(await inViewport(page, ".limit-notice")).toBe(true);
      expect(await page.getByText("Connection Issue").count()).toBe(0);
      expect(await page.locator(".error-panel").count()).toBe(0);
      expect(await page.getByRole("button", { name: /حاول مرة أخرى|Try Again/ }).count()).toBe(0);
      // The question waits in the box for tomorrow; the notice can be dismissed.
      expect(await input(page).inputValue()).toContain("إجازة سنوية");
      await screenshot(page, "limit-daily-ar-mobile");
      expect(await checkAccessibility(page)).toEqual([]);
      await notice.getByRole("button", { name: "إغلاق" }).click();
      await notice.waitFor({ state: "detached" });
    } finally {
      await page.context().close();
    }
  });

  it("a guest's network limit, in English on a desktop", async () => {
    const page = await newPage(suite.browser, { width: 1440, height: 900, locale: "en" });
    try {
      await openAppAsGuest(page, suite.product.baseUrl);
      await ask(page, "What is the probation period for a worker?", 1);
      await input(page).fill("How many days of annual leave does a worker get?");
      await input(page).press("Enter");
      const notice = page.locator(".limit-notice");
      await notice.getByRole("heading", { name: "Guest limit reached" }).waitFor();
      expect(await notice.innerText()).toMatch(/daily limit of guest questions/i);
      expect(await inViewport(page, ".limit-notice")).toBe(true);
      expect(await page.locator(".error-panel").count()).toBe(0);
      await screenshot(page, "limit-guest-en-desktop");
      await notice.getByRole("button", { name: "Create Free Account" }).click();
      await page.getByRole("dialog").waitFor();
    } finally {
      await page.context().close();
    }
  });
});
