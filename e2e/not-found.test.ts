import { checkAccessibility, newPage, productForSuite, screenshot, VIEWPORTS } from "./harness";

jest.setTimeout(120_000);

describe("unknown paths", () => {
  const suite = productForSuite();

  for (const viewport of VIEWPORTS) {
    it(`shows the 404 page in Arabic by default and in English (${viewport.name})`, async () => {
      const page = await newPage(suite.browser, viewport);
      try {
        await page.goto(`${suite.product.baseUrl}/no/such/page`);
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
        await page.waitForURL(`${suite.product.baseUrl}/`);
      } finally {
        await page.context().close();
      }
    });
  }
});
