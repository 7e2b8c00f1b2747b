import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import type { Page } from "playwright-core";
import { checkAccessibility, newPage, productForSuite, screenshot } from "./harness";
import { openAppAsGuest } from "./journeys";

jest.setTimeout(240_000);

/** Every law of the sample knowledge base, as a fresh install imports them (the harness adds the Labor Law itself). */
const ALL_LAWS = readdirSync(resolve(__dirname, "../data/laws")).filter((file) => file.endsWith(".json") && !file.includes("08381293-6388-48e2-8ad2-a9a700f2aa94"));

const TEXT = {
  en: { openMenu: "Open menu", search: "Search Laws", button: "Search", open: "Open article", empty: "No documents found", articles: "Articles of laws", labor: "Labor Law", category: "Labor Law", commercial: "Commercial Law", article: /^Article \d+/ },
  ar: { openMenu: "فتح القائمة", search: "البحث في الأنظمة", button: "بحث", open: "عرض المادة", empty: "لم يتم العثور على وثائق", articles: "مواد الأنظمة", labor: "نظام العمل", category: "نظام العمل", commercial: "النظام التجاري", article: /^المادة \d+/ },
} as const;

/** Issue 11 §10: Search Laws searches the 16,014 articles of a fresh install, not only admin documents. */
describe("Search Laws on a fresh install (all sample laws, no legal documents)", () => {
  const suite = productForSuite({ laws: ALL_LAWS });

  async function openSearch(page: Page, language: "ar" | "en", desktop: boolean): Promise<void> {
    const text = TEXT[language];
    await openAppAsGuest(page, suite.product.baseUrl);
    if (desktop) {
      await page.getByRole("complementary").getByRole("button", { name: text.search, exact: true }).click();
    } else {
      await page.getByRole("button", { name: text.openMenu }).click();
      await page.getByRole("dialog").getByRole("button", { name: text.search, exact: true }).click();
    }
    await page.locator("#laws-query").waitFor();
  }

  async function search(page: Page, query: string, category?: string): Promise<void> {
    await page.locator("#laws-query").fill(query);
    if (category) await page.locator("#laws-category").selectOption(category);
    await page.locator("#laws-query").press("Enter");
    await page.locator(".laws-grid[aria-busy]").waitFor({ state: "detached" }).catch(() => undefined);
    await page.locator(".law-card, .library__empty h2").first().waitFor();
  }

  const runs = [
    { language: "ar" as const, width: 390, height: 844, desktop: false, query: "العمل" },
    { language: "en" as const, width: 1440, height: 900, desktop: true, query: "labor" },
  ];

  for (const run of runs) {
    it(`finds "${run.query}" among the articles, by category too, and opens an article (${run.language}, ${run.width}×${run.height})`, async () => {
      const text = TEXT[run.language];
      const page = await newPage(suite.browser, { width: run.width, height: run.height, locale: run.language });
      try {
        await openSearch(page, run.language, run.desktop);
        await search(page, run.query);
        expect(await page.getByRole("heading", { name: text.empty }).count()).toBe(0);
        await page.getByRole("heading", { name: text.articles }).waitFor();
        const cards = page.locator(".law-card--article");
        expect(await cards.count()).toBeGreaterThan(3);
        const first = cards.first();
        // Law, article number, status and an excerpt of the text.
        await first.getByRole("heading", { name: text.labor, exact: true }).waitFor();
        expect(await first.locator(".law-card__article").innerText()).toMatch(text.article);
        await first.locator(".status-badge").waitFor();
        expect((await first.locator(".law-card__excerpt").innerText()).length).toBeGreaterThan(20);
        await first.locator(".law-badge").getByText(text.category, { exact: true }).waitFor();
        await screenshot(page, `search-laws-${run.language}-${run.desktop ? "desktop" : "mobile"}`);
        expect(await checkAccessibility(page)).toEqual([]);

        // The article opens in the article panel with its full text.
        await first.getByRole("button", { name: new RegExp(`^${text.open}`) }).click();
        const panel = page.getByRole("dialog");
        await panel.locator(".sheet__body").waitFor();
        await page.waitForFunction(() => (document.querySelector(".sheet__body")?.textContent ?? "").length > 60);
        await screenshot(page, `search-laws-article-${run.language}-${run.desktop ? "desktop" : "mobile"}`);
        await page.keyboard.press("Escape");
        await panel.waitFor({ state: "detached" });

        // A category alone lists its laws' articles; every card carries that category.
        await search(page, "", "Commercial Law");
        // The new results, not the previous search's cards still on screen while it loads.
        await page.locator(".law-card--article .law-badge").first().getByText(text.commercial, { exact: true }).waitFor();
        const badges = await page.locator(".law-card--article .law-badge").allInnerTexts();
        expect(badges.length).toBeGreaterThan(0);
        expect(new Set(badges).size).toBe(1);
        expect(badges[0]).toBe(text.commercial);
        // Text and a category that do not meet: the empty state, in the UI language.
        await search(page, "zzqxv", "all");
        await page.getByRole("heading", { name: text.empty }).waitFor();
      } finally {
        await page.context().close();
      }
    });
  }
});
