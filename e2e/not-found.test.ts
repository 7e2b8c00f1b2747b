import type { Browser } from "playwright-core";
import { checkAccessibility, newPage, openBrowser, screenshot, startProduct, VIEWPORTS, type RunningProduct } from "./harness";

jest.setTimeout(120_000);

describe("unknown paths", () => {
  let product: RunningProduct;
  let browser: Browser;

  beforeAll(async () => {
    product = await startProduct();
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  for (const viewport of VIEWPORTS) {
    it(`shows the 404 page in Arabic by default and in English (${viewport.name})`, async () => {
      const page = await newPage(browser, viewport);
      try {
        await page.goto(`${product.baseUrl}/no/such/page`);
        await page.getByRole("heading", { name: "الصفحة غير موجودة" }).waitFor();
        await expect(page.evaluate(() => [document.documentElement.dir, document.documentElement.lang])).resolves.toEqual(["rtl", "ar"]);
        await screenshot(page, `not-found-ar-${viewport.name}`);
        expect(await checkAccessibility(page)).toEqual([]);

        await page.evaluate(() => localStorage.setItem("language", "en"));
        await page.reload();
        await page.getByRole("heading", { name: "Page Not Found" }).waitFor();
        await expect(page.evaluate(() => document.documentElement.dir)).resolves.toBe("ltr");
        await screenshot(page, `not-found-en-${viewport.name}`);
        await page.getByRole("link", { name: "Back to home" }).click();
        await page.waitForURL(`${product.baseUrl}/`);
      } finally {
        await page.context().close();
      }
    });
  }
});
