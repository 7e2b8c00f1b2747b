import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { checkAccessibility, LANGUAGES, newPage, productForSuite, screenshot, VIEWPORTS } from "./harness";
import { confirmationLink, openAppAsGuest } from "./journeys";

jest.setTimeout(180_000);

const ADMIN = "admin@example.com";

describe("i18n resources", () => {
  it("has the same keys in Arabic and English for every namespace", () => {
    const dir = resolve(__dirname, "../web/src/i18n/locales");
    const keys = (value: unknown, prefix = ""): string[] =>
      value && typeof value === "object" && !Array.isArray(value)
        ? Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
        : [prefix];
    const namespaces = (lng: string) => readdirSync(join(dir, lng)).filter((f) => f.endsWith(".ts")).sort();
    expect(namespaces("ar")).toEqual(namespaces("en"));
    for (const file of namespaces("en")) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const load = (lng: string) => (require(join(dir, lng, file)) as { default: unknown }).default;
      expect({ file, keys: keys(load("ar")).sort() }).toEqual({ file, keys: keys(load("en")).sort() });
    }
  });
});

describe("the app shell (/app)", () => {
  const suite = productForSuite({ env: { ADMIN_EMAILS: ADMIN } });

  for (const viewport of VIEWPORTS) {
    for (const language of LANGUAGES) {
      it(`guest shell in ${language} at ${viewport.width}×${viewport.height}`, async () => {
        const page = await newPage(suite.browser, { ...viewport, locale: language });
        const ar = language === "ar";
        try {
          await openAppAsGuest(page, suite.product.baseUrl);
          await expect(page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).resolves.toEqual([language, ar ? "rtl" : "ltr"]);
          await page.getByRole("heading", { name: ar ? "مساعدك في الأنظمة السعودية" : "Your assistant for Saudi law" }).waitFor();
          await screenshot(page, `shell-guest-${language}-${viewport.name}`);
          expect(await checkAccessibility(page)).toEqual([]);

          if (viewport.name === "desktop") {
            const sidebar = page.getByRole("complementary", { name: ar ? "القائمة الرئيسية" : "Main menu" });
            const box = (await sidebar.boundingBox())!;
            // On the right in Arabic, on the left in English; 64 units (256 px) wide.
            expect(box.width).toBe(256);
            expect(ar ? box.x + box.width : box.x).toBe(ar ? viewport.width : 0);
            for (const name of ar ? ["تسجيل الدخول", "English", "عن QAI", "المعلومات القانونية"] : ["Sign In", "العربية", "About QAI", "Legal Information"]) {
              expect(await sidebar.getByRole("button", { name }).isVisible()).toBe(true);
            }
            expect(await sidebar.getByRole("button", { name: ar ? "لوحة الإدارة" : "Admin Panel" }).count()).toBe(0);
            await sidebar.getByRole("button", { name: ar ? "طي الشريط الجانبي" : "Collapse sidebar" }).click();
            // The width animates (a short CSS transition): wait for it to settle.
            await page.waitForFunction((element) => element !== null && element.getBoundingClientRect().width < 80, await sidebar.elementHandle(), { timeout: 2000 });
            await screenshot(page, `shell-guest-collapsed-${language}-${viewport.name}`);
            await sidebar.getByRole("button", { name: ar ? "توسيع الشريط الجانبي" : "Expand sidebar" }).click();
            await sidebar.getByRole("button", { name: ar ? "عن QAI" : "About QAI" }).click();
          } else {
            expect(await page.getByRole("complementary").count()).toBe(0);
            await page.getByRole("button", { name: ar ? "فتح القائمة" : "Open menu" }).click();
            const menu = page.getByRole("dialog", { name: ar ? "القائمة الرئيسية" : "Main menu" });
            await menu.waitFor();
            await page.waitForTimeout(250);
            const box = (await menu.boundingBox())!;
            expect(box.width).toBe(280);
            expect(ar ? box.x + box.width : box.x).toBe(ar ? viewport.width : 0);
            const items = ar
              ? ["المحادثة", "محادثة جديدة", "سجل المحادثات", "المفضلة", "الملف الشخصي", "المعلومات القانونية"]
              : ["Chat", "New Chat", "Chat History", "Favorites", "Profile", "Legal Information"];
            const labels = await menu.getByRole("navigation").getByRole("button").allInnerTexts();
            expect(labels.map((l) => l.trim())).toEqual(items);
            await screenshot(page, `shell-mobile-menu-${language}-${viewport.name}`);
            expect(await checkAccessibility(page)).toEqual([]);
            await menu.getByRole("button", { name: ar ? "سجل المحادثات" : "Chat History" }).click();
            await page.getByRole("heading", { name: ar ? "يلزم تسجيل الدخول" : "Sign In Required" }).waitFor();
            await page.getByRole("button", { name: ar ? "فتح القائمة" : "Open menu" }).click();
            await page.getByRole("dialog").getByRole("button", { name: ar ? "عن QAI" : "About QAI" }).click();
          }

          const about = page.getByRole("dialog", { name: ar ? "عن QAI" : "About QAI" });
          await about.waitFor();
          for (const stat of ["1000+", "95%", "24/7"]) expect(await about.getByText(stat, { exact: true }).isVisible()).toBe(true);
          expect(await about.locator(".about__features li").count()).toBe(6);
          await screenshot(page, `about-${language}-${viewport.name}`);
          expect(await checkAccessibility(page)).toEqual([]);
          await about.getByRole("button", { name: ar ? "ابدأ استشارة" : "Start a consultation" }).click();
          await about.waitFor({ state: "detached" });
        } finally {
          await page.context().close();
        }
      });
    }
  }

  it("switches the language from the shell and keeps it", async () => {
    const page = await newPage(suite.browser, { width: 1440, height: 900 });
    try {
      await openAppAsGuest(page, suite.product.baseUrl);
      await page.getByRole("complementary").getByRole("button", { name: "English" }).click();
      await page.getByRole("heading", { name: "Your assistant for Saudi law" }).waitFor();
      await expect(page.evaluate(() => [document.documentElement.dir, localStorage.getItem("language")])).resolves.toEqual(["ltr", "en"]);
    } finally {
      await page.context().close();
    }
  });

  it("applies a theme for a guest locally, with preview, Apply and Cancel", async () => {
    const page = await newPage(suite.browser, { width: 390, height: 844, locale: "en" });
    try {
      await openAppAsGuest(page, suite.product.baseUrl);
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Theme settings" }).click();
      const dialog = page.getByRole("dialog", { name: "Theme settings" });
      await dialog.waitFor();
      expect(await dialog.getByRole("radio").count()).toBe(6);
      await dialog.getByRole("radio", { name: /Dark/ }).click();
      await expect(dialog.locator(".theme-preview__frame").getAttribute("data-theme")).resolves.toBe("dark");
      await screenshot(page, "theme-settings-en-mobile");
      expect(await checkAccessibility(page)).toEqual([]);
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe("default");

      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Theme settings" }).click();
      await dialog.getByRole("radio", { name: /Government/ }).click();
      await dialog.getByRole("button", { name: "Apply" }).click();
      await dialog.waitFor({ state: "detached" });
      await expect(
        page.evaluate(() => [document.documentElement.dataset.theme, localStorage.getItem("app-theme"), localStorage.getItem("theme")]),
      ).resolves.toEqual(["boe", "boe", "boe"]);
      await page.reload();
      await page.locator(".shell").waitFor();
      await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe("boe");
      await page.keyboard.press("Escape");
      await screenshot(page, "shell-theme-boe-en-mobile");
    } finally {
      await page.context().close();
    }
  });

  it("lands a confirmed user in /app from the e-mail link, with the account menu, server theme and logout", async () => {
    const email = "sara@example.com";
    const link = await confirmationLink(suite.product, email);
    const page = await newPage(suite.browser, { width: 1440, height: 900, locale: "en" });
    try {
      const synced = page.waitForResponse((r) => r.url().endsWith("/api/users") && r.request().method() === "POST");
      await page.goto(link);
      await page.waitForURL(`${suite.product.baseUrl}/app`);
      expect((await synced).status()).toBe(200);
      await page.locator(".shell").waitFor();
      expect(await page.getByRole("progressbar").count()).toBe(0);
      expect(await page.getByRole("dialog").count()).toBe(0);
      const account = page.getByRole("button", { name: /Sara Alotaibi/ });
      await account.waitFor();
      expect(await page.getByRole("button", { name: "Admin Panel" }).count()).toBe(0);
      await screenshot(page, "shell-registered-en-desktop");
      expect(await checkAccessibility(page)).toEqual([]);

      await account.click();
      const menu = page.getByRole("menu");
      for (const name of ["العربية", "Theme settings", "About QAI", "Legal Information", "Log out"]) {
        expect(await menu.getByRole("menuitem", { name }).isVisible()).toBe(true);
      }
      await screenshot(page, "account-menu-en-desktop");
      await menu.getByRole("menuitem", { name: "Theme settings" }).click();
      const dialog = page.getByRole("dialog", { name: "Theme settings" });
      await dialog.getByRole("radio", { name: /Purple/ }).click();
      const saved = page.waitForResponse((r) => r.url().endsWith("/api/users/theme") && r.request().method() === "PUT");
      await dialog.getByRole("button", { name: "Apply" }).click();
      expect((await saved).status()).toBe(200);
      const token = await page.evaluate(() => {
        const key = Object.keys(localStorage).find((k) => k.startsWith("sb-") && k.endsWith("-auth-token"))!;
        return (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token;
      });
      const theme = await fetch(`${suite.product.baseUrl}/api/users/theme?email=${encodeURIComponent(email)}`, { headers: { authorization: `Bearer ${token}` } });
      expect(await theme.json()).toEqual({ themePreference: "purple" });

      // The server's choice wins on another device.
      const other = await newPage(suite.browser, { width: 390, height: 844, locale: "en" });
      try {
        await other.goto(`${suite.product.baseUrl}/legal`);
        const stored = await page.evaluate(() => Object.entries(localStorage).filter(([k]) => k.startsWith("sb-")));
        await other.evaluate((entries) => entries.forEach(([k, v]) => localStorage.setItem(k, v)), stored);
        await other.goto(`${suite.product.baseUrl}/app`);
        await other.locator(".shell").waitFor();
        await other.waitForFunction(() => document.documentElement.dataset.theme === "purple");
        await screenshot(other, "shell-registered-purple-en-mobile");
      } finally {
        await other.context().close();
      }

      await page.getByRole("button", { name: /Account menu/ }).click();
      await page.getByRole("menuitem", { name: "Log out" }).click();
      await page.getByRole("complementary").getByRole("button", { name: "Sign In" }).waitFor();
      await expect(page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith("sb-")))).resolves.toBe(false);
    } finally {
      await page.context().close();
    }
  });

  it("shows admins the Admin Panel item (the in-app panel) and /admin with the knowledge stats; others get Access Denied", async () => {
    const link = await confirmationLink(suite.product, ADMIN, "Admin");
    const page = await newPage(suite.browser, { width: 1440, height: 900, locale: "ar" });
    try {
      await page.goto(link);
      await page.waitForURL(`${suite.product.baseUrl}/app`);
      const item = page.getByRole("button", { name: "لوحة الإدارة" });
      await item.waitFor();
      // The item opens the in-app panel (e2e/admin-panel.test.ts); /admin is its own page.
      await item.click();
      const panel = page.getByRole("dialog", { name: "لوحة الإدارة" });
      await panel.waitFor();
      await page.keyboard.press("Escape");
      await panel.waitFor({ state: "detached" });
      await page.goto(`${suite.product.baseUrl}/admin`);
      await page.getByText("إجمالي المواد").waitFor();
      await page.getByText("نشط", { exact: true }).waitFor();
      await screenshot(page, "admin-ar-desktop");
      expect(await checkAccessibility(page)).toEqual([]);
    } finally {
      await page.context().close();
    }

    const guest = await newPage(suite.browser, { width: 390, height: 844, locale: "en" });
    try {
      await guest.goto(`${suite.product.baseUrl}/admin`);
      await guest.getByRole("heading", { name: "Access Denied" }).waitFor();
      await screenshot(guest, "admin-denied-en-mobile");
      await guest.waitForURL(`${suite.product.baseUrl}/`, { timeout: 10_000 });
    } finally {
      await guest.context().close();
    }
  });
});
