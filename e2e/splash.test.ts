import { newPage, productForSuite, screenshot } from "./harness";

jest.setTimeout(120_000);

/** Spec §2 "Splash and app start". */
describe("splash and app start", () => {
  const suite = productForSuite();

  it("shows the splash on the first visit, then the app; a returning guest gets the sign-in modal instead", async () => {
    const page = await newPage(suite.browser, { width: 390, height: 844 });
    try {
      const started = Date.now();
      await page.goto(`${suite.product.baseUrl}/app`);
      const bar = page.getByRole("progressbar");
      await bar.waitFor();
      await screenshot(page, "splash-ar-mobile");
      await page.locator(".shell").waitFor();
      // 50 steps of 30 ms, then 500 ms.
      expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
      await expect(page.evaluate(() => localStorage.getItem("splash-seen"))).resolves.toBe("true");
      expect(await page.getByRole("dialog").count()).toBe(0);

      await page.reload();
      await page.locator(".shell").waitFor();
      expect(await page.getByRole("progressbar").count()).toBe(0);
      await page.getByRole("dialog").waitFor();
      await screenshot(page, "app-start-returning-guest-ar-mobile");
    } finally {
      await page.context().close();
    }
  });

  it("skips the splash when the address carries an access token", async () => {
    const page = await newPage(suite.browser, { width: 1440, height: 900, locale: "en" });
    try {
      await page.goto(`${suite.product.baseUrl}/#access_token=not-a-real-token&token_type=bearer&expires_in=3600&refresh_token=x&type=signup`);
      await page.waitForURL(/\/app/);
      await page.locator(".shell").waitFor();
      expect(await page.getByRole("progressbar").count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });

  it("does not show the splash or the modal when arriving from the landing page", async () => {
    const page = await newPage(suite.browser, { width: 1440, height: 900, locale: "en" });
    try {
      await page.goto(`${suite.product.baseUrl}/legal?lang=en`);
      await page.evaluate(() => localStorage.setItem("splash-seen", "true"));
      await page.evaluate(() => {
        window.history.pushState({ usr: null, key: "from-landing", idx: 1 }, "", "/app");
        window.dispatchEvent(new PopStateEvent("popstate"));
      });
      await page.locator(".shell").waitFor();
      await page.waitForTimeout(300);
      expect(await page.getByRole("dialog").count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });
});
