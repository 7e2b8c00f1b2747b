/**
 * The landing page (/ and /home, spec §1, §2, §6): Arabic (rtl) and English (ltr) at both sizes,
 * plan texts, card selection, pricing scroll, header actions, footer, accessibility.
 */
import type { Browser, Page } from "playwright-core";
import { checkAccessibility, newPage, openBrowser, screenshot, startProduct, VIEWPORTS, type RunningProduct } from "./harness";

jest.setTimeout(180_000);

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

const TEXTS = {
  ar: {
    dir: "rtl",
    signIn: "تسجيل الدخول",
    getStarted: "ابدأ الآن",
    viewPricing: "عرض الأسعار",
    features: ["ذكاء اصطناعي قانوني متخصص", "خبرة عميقة في النظام السعودي", "أمان البيانات القانونية", "استشارة قانونية فورية"],
    free: ["20 سؤالًا يوميًا", "إجابات أساسية", "دعم اللغة العربية", "الأسئلة القانونية الشائعة", "بدون استشهادات قانونية", "بدون سجل المحادثات"],
    pro: ["أسئلة غير محدودة", "الاستشهادات والمصادر", "تحليل المستندات القانونية", "سجل المحادثات", "أولوية في الردود", "دعم فني متقدم"],
    comingSoon: "قريبًا",
    startFree: "ابدأ مجانًا",
    disclaimer: "معلومات قانونية للاسترشاد العام فقط",
  },
  en: {
    dir: "ltr",
    signIn: "Sign In",
    getStarted: "Get Started",
    viewPricing: "View pricing",
    features: ["Specialized legal AI", "Deep Saudi legal expertise", "Legal data security", "Instant legal consultation"],
    free: ["20 questions per day", "Basic answers", "Arabic support", "Common legal questions", "No legal citations", "No conversation history"],
    pro: ["Unlimited questions", "Citations and sources", "Legal document analysis", "Conversation history", "Priority responses", "Advanced technical support"],
    comingSoon: "Coming Soon",
    startFree: "Start free",
    disclaimer: "legal information for general guidance only",
  },
} as const;

async function pricingTop(page: Page): Promise<number> {
  return page.locator("#pricing").evaluate((el) => el.getBoundingClientRect().top);
}

describe.each(VIEWPORTS)("landing at $name", (viewport) => {
  describe.each(["ar", "en"] as const)("in %s", (language) => {
    const text = TEXTS[language];

    test("renders every section in the right direction, with no serious axe violation", async () => {
      const page = await newPage(browser, { ...viewport, locale: language });
      await page.goto(`${product.baseUrl}/`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await page.evaluate(() => [document.documentElement.dir, document.documentElement.lang])).toEqual([text.dir, language]);

      const header = page.locator(".lp-header");
      await header.getByRole("button", { name: text.signIn, exact: true }).waitFor();
      await header.getByRole("button", { name: text.getStarted, exact: true }).waitFor();
      for (const title of text.features) await page.getByRole("heading", { name: title }).waitFor();

      const free = page.locator('[data-plan="free"]');
      const pro = page.locator('[data-plan="professional"]');
      for (const item of text.free) await free.getByText(item, { exact: true }).waitFor();
      for (const item of text.pro) await pro.getByText(item, { exact: true }).waitFor();
      await expect(free.locator(".lp-plan__amount").innerText()).resolves.toBe("0");
      expect(await pro.getByRole("button", { name: text.comingSoon }).isDisabled()).toBe(true);

      expect(await page.locator(".lp-quote").count()).toBe(2);
      await page.locator('a[href="mailto:support@qai.sa"]').waitFor();
      await page.locator('a[href="mailto:info@qai.sa"]').waitFor();
      await page.getByText(text.disclaimer).waitFor();

      // No horizontal overflow at this width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `landing-${language}-${viewport.name}`);
      expect(await checkAccessibility(page)).toEqual([]);
      await page.context().close();
    });
  });

  test("view pricing scrolls to the pricing section; selecting a card highlights it; Free goes to onboarding", async () => {
    const page = await newPage(browser, { ...viewport, locale: "en" });
    await page.goto(`${product.baseUrl}/home`);
    expect(await pricingTop(page)).toBeGreaterThan(viewport.height);
    await page.getByRole("button", { name: "View pricing" }).click();
    await page.waitForFunction(() => Math.abs(document.getElementById("pricing")!.getBoundingClientRect().top) < 80);

    const pro = page.locator('[data-plan="professional"]');
    await pro.locator(".lp-plan__name").click();
    expect(await pro.getAttribute("data-selected")).toBe("true");
    expect(await page.locator('[data-plan="free"]').getAttribute("data-selected")).toBeNull();
    await screenshot(page, `landing-pricing-selected-en-${viewport.name}`);

    await page.locator('[data-plan="free"]').getByRole("button", { name: "Start free" }).click();
    await page.waitForURL(/\/onboarding$/);
    await page.context().close();
  });
});

describe("landing actions", () => {
  test("hero start goes to /onboarding; closing call to action scrolls to the plans", async () => {
    const page = await newPage(browser, { width: 390, height: 844, locale: "ar" });
    await page.goto(`${product.baseUrl}/`);
    await page.locator(".lp-cta").getByRole("button", { name: "عرض الخطط" }).click();
    await page.waitForFunction(() => Math.abs(document.getElementById("pricing")!.getBoundingClientRect().top) < 80);
    await page.locator(".lp-hero").getByRole("button", { name: "ابدأ الآن" }).click();
    await page.waitForURL(/\/onboarding$/);
    await page.context().close();
  });

  test("Sign In opens the modal in sign-in mode, Get Started in sign-up mode; the toggle switches language", async () => {
    const page = await newPage(browser, { width: 1440, height: 900, locale: "ar" });
    await page.goto(`${product.baseUrl}/`);
    await page.locator(".lp-header").getByRole("button", { name: "English" }).click();
    await page.getByRole("heading", { level: 1, name: "Saudi law, answered with confidence" }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.dir, localStorage.getItem("language")])).toEqual(["ltr", "en"]);

    await page.locator(".lp-header").getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByRole("dialog").getByRole("heading", { name: "Sign In" }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await page.locator(".lp-header").getByRole("button", { name: "Get Started" }).click();
    await page.getByRole("dialog").getByRole("heading", { name: "Create Account" }).waitFor();
    await page.context().close();
  });

  test("F8 focuses the notifications region before any toast was shown (spec §9)", async () => {
    const page = await newPage(browser, { width: 1440, height: 900, locale: "en" });
    await page.goto(`${product.baseUrl}/`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.keyboard.press("F8");
    await page.waitForFunction(() => document.activeElement?.classList.contains("toast-viewport") === true);
    await page.context().close();
  });

  test("the landing route loads at most 160 kB of JavaScript (gzip), without react-query or the Toaster", async () => {
    const page = await newPage(browser, { width: 1440, height: 900, locale: "ar" });
    const scripts: string[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response.url());
    });
    await page.goto(`${product.baseUrl}/`, { waitUntil: "networkidle" });
    let total = 0;
    for (const url of scripts) {
      const body = Buffer.from(await (await fetch(url)).arrayBuffer());
      total += (await import("node:zlib")).gzipSync(body).length;
    }
    console.log(`landing JavaScript: ${scripts.length} files, ${(total / 1024).toFixed(1)} kB gzip`);
    expect(total).toBeLessThanOrEqual(160 * 1024);
    // react-query comes with /app and /admin, Radix Toast with the first toast (chunks named after their modules).
    expect(scripts.filter((url) => /\/(QueryProvider|Toaster)-[^/]*\.js$/.test(url))).toEqual([]);
    await page.context().close();
  });
});
