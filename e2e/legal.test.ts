import { checkAccessibility, newPage, productForSuite, screenshot, VIEWPORTS } from "./harness";

jest.setTimeout(120_000);

/** /legal: privacy policy and terms of use, `lang` query parameter, back through the history. */
describe("/legal", () => {
  const suite = productForSuite();

  for (const viewport of VIEWPORTS) {
    it(`shows Arabic for ?lang=ar and English for ?lang=en (${viewport.name})`, async () => {
      const page = await newPage(suite.browser, viewport);
      try {
        await page.goto(`${suite.product.baseUrl}/legal?lang=ar`);
        const legal = page.locator(".legal");
        await expect(legal.getAttribute("dir")).resolves.toBe("rtl");
        await expect(legal.getAttribute("lang")).resolves.toBe("ar");
        await page.getByRole("heading", { level: 2, name: "سياسة الخصوصية" }).waitFor();
        expect(await page.getByText("آخر تحديث: 6 أغسطس 2025").first().isVisible()).toBe(true);
        expect(await page.locator('a[href="mailto:support@qai.sa"]').first().isVisible()).toBe(true);
        await screenshot(page, `legal-privacy-ar-${viewport.name}`);
        expect(await checkAccessibility(page)).toEqual([]);

        await page.getByRole("tab", { name: "شروط الاستخدام" }).click();
        await page.getByRole("heading", { level: 2, name: "شروط الاستخدام" }).waitFor();
        expect(await page.getByText("4. معلومات وليست استشارة قانونية").isVisible()).toBe(true);
        await screenshot(page, `legal-terms-ar-${viewport.name}`);

        await page.goto(`${suite.product.baseUrl}/legal?lang=en`);
        await expect(legal.getAttribute("dir")).resolves.toBe("ltr");
        await page.getByRole("heading", { level: 2, name: "Privacy Policy" }).waitFor();
        expect(await page.getByText("Last updated: August 6, 2025").first().isVisible()).toBe(true);
        await screenshot(page, `legal-privacy-en-${viewport.name}`);
        await page.getByRole("tab", { name: "Terms of Use" }).click();
        await page.getByRole("heading", { level: 2, name: "Terms of Use" }).waitFor();
        expect(await page.getByText("4. Information, not legal advice").isVisible()).toBe(true);
        expect(await checkAccessibility(page)).toEqual([]);
        await screenshot(page, `legal-terms-en-${viewport.name}`);

        // Any other value means English.
        await page.goto(`${suite.product.baseUrl}/legal?lang=fr`);
        await page.getByRole("heading", { level: 2, name: "Privacy Policy" }).waitFor();
      } finally {
        await page.context().close();
      }
    });
  }

  it("goes back through the browser history", async () => {
    const page = await newPage(suite.browser, { width: 1440, height: 900, locale: "en" });
    try {
      await page.goto(`${suite.product.baseUrl}/does-not-exist`);
      await page.getByRole("heading", { name: "Page Not Found" }).waitFor();
      await page.goto(`${suite.product.baseUrl}/legal?lang=en`);
      await page.getByRole("button", { name: "Back" }).click();
      await page.waitForURL(/\/does-not-exist$/);
    } finally {
      await page.context().close();
    }
  });
});
