import type { Browser, Page } from "playwright-core";
import { checkAccessibility, newPage, openBrowser, screenshot, startProduct, type RunningProduct } from "./harness";

jest.setTimeout(240_000);

const ADMIN = "admin@example.com";
const PASSWORD = "Strong-pass-1";

interface Tokens {
  access_token: string;
}

async function authCall(product: RunningProduct, path: string, body: Record<string, unknown>): Promise<Tokens> {
  const response = await fetch(`${product.baseUrl}/auth/v1/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-supabase-api-version": "2024-01-01" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Tokens;
}

/** Signs up through the auth API (AUTH_AUTOCONFIRM=true: the account is usable at once). */
async function signUp(product: RunningProduct, email: string, firstName: string): Promise<string> {
  await authCall(product, "signup", { email, password: PASSWORD, data: { first_name: firstName, last_name: "Alotaibi" } });
  return (await authCall(product, "token?grant_type=password", { email, password: PASSWORD })).access_token;
}

async function api<T>(product: RunningProduct, token: string, path: string, init: { method?: string; json?: unknown } = {}): Promise<T> {
  const response = await fetch(`${product.baseUrl}${path}`, {
    method: init.method ?? "GET",
    headers: { authorization: `Bearer ${token}`, ...(init.json ? { "content-type": "application/json" } : {}) },
    body: init.json ? JSON.stringify(init.json) : undefined,
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function waitFor<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The password grant of the auth API: its status and error code. */
async function passwordGrant(product: RunningProduct, email: string, password: string): Promise<{ status: number; code?: string }> {
  const response = await fetch(`${product.baseUrl}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-supabase-api-version": "2024-01-01" },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { error_code?: string; code?: string };
  return { status: response.status, code: body.error_code ?? body.code };
}

/** Opens /app as a returning visitor (splash seen): the sign-in modal greets them. */
async function openApp(page: Page, baseUrl: string, path = "/app"): Promise<void> {
  await page.goto(`${baseUrl}/legal`);
  await page.evaluate(() => localStorage.setItem("splash-seen", "true"));
  await page.goto(`${baseUrl}${path}`);
  await page.locator(".shell").waitFor();
}

const TEXT = {
  en: {
    deleteConfirm: "Delete",
    email: "Email",
    password: "Password",
    signIn: "Sign In",
    placeholder: "Type your legal question…",
    question: "How many days of annual leave does a worker get?",
    history: "Chat History",
    questions: "Question History",
    favorites: "Favorites",
    search: "Search Laws",
    searchButton: "Search",
    openMenu: "Open menu",
    deleted: "Conversation Deleted",
    noHistory: "No Previous Questions",
    viewFull: "View Full Document",
    profile: "Profile and settings",
    edit: "Edit",
    save: "Save",
    fillAll: "Please fill in all fields",
    updated: "Profile Updated",
    firstName: "First name",
    changePassword: "Change Password",
    newPassword: "New password",
    confirmPassword: "Confirm new password",
    mismatch: "Passwords don't match",
    signInRequired: "Sign In Required",
    today: "Today",
    passwordChanged: "Your password has been changed.",
    darkMode: "Dark mode",
    saveChanges: "Save Changes",
    deleteAccount: "Delete Account",
    confirmDelete: "Yes, delete my account",
  },
  ar: {
    deleteConfirm: "حذف",
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    signIn: "تسجيل الدخول",
    placeholder: "اكتب سؤالك القانوني…",
    question: "كم مدة الإجازة السنوية للعامل؟",
    history: "سجل المحادثات",
    questions: "سجل الأسئلة",
    favorites: "المفضلة",
    search: "البحث في الأنظمة",
    searchButton: "بحث",
    openMenu: "فتح القائمة",
    deleted: "تم حذف المحادثة",
    noHistory: "لا توجد أسئلة سابقة",
    viewFull: "عرض الوثيقة كاملة",
    profile: "الملف الشخصي",
    edit: "تعديل",
    save: "حفظ",
    fillAll: "يرجى ملء جميع الحقول",
    updated: "تم تحديث الملف الشخصي",
    firstName: "الاسم الأول",
    changePassword: "تغيير كلمة المرور",
    newPassword: "كلمة المرور الجديدة",
    confirmPassword: "تأكيد كلمة المرور الجديدة",
    mismatch: "كلمتا المرور غير متطابقتين",
    signInRequired: "يلزم تسجيل الدخول",
    today: "اليوم",
    passwordChanged: "تم تغيير كلمة المرور.",
    darkMode: "الوضع الداكن",
    saveChanges: "حفظ التغييرات",
    deleteAccount: "حذف الحساب",
    confirmDelete: "نعم، احذف حسابي",
  },
} as const;

const RUNS = [
  { name: "desktop", width: 1440, height: 900, language: "en" as const, email: "noura@example.com" },
  { name: "mobile", width: 390, height: 844, language: "ar" as const, email: "fahad@example.com" },
];

describe("history, questions, favorites, search laws and profile (/app)", () => {
  let product: RunningProduct;
  let browser: Browser;

  beforeAll(async () => {
    product = await startProduct({ env: { AUTH_AUTOCONFIRM: "true" } });
    browser = await openBrowser();
    // Search laws needs a document: an admin adds one.
    await product.grantAdmin(ADMIN);
    const admin = await signUp(product, ADMIN, "Admin");
    await api(product, admin, "/api/users", { method: "POST", json: { email: ADMIN, firstName: "Admin", lastName: "Alotaibi" } });
    await api(product, admin, "/api/documents", {
      method: "POST",
      json: {
        title: "Labor Law — Annual Leave",
        category: "Labor Law",
        content: "A worker is entitled to an annual leave of not less than twenty-one days, increased to thirty days after five consecutive years of service.",
        citation: "Labor Law, Article 109",
        source: "Royal Decree M/51",
        lastUpdated: "Updated 2024",
      },
    });
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  for (const run of RUNS) {
    it(`a registered user's library in ${run.language} at ${run.width}×${run.height}`, async () => {
      const text = TEXT[run.language];
      const desktop = run.name === "desktop";
      await signUp(product, run.email, run.language === "en" ? "Noura" : "فهد");
      const page = await newPage(browser, { width: run.width, height: run.height, locale: run.language });
      const shot = (name: string) => screenshot(page, `library-${name}-${run.language}-${run.name}`);
      /** Goes to a section through the sidebar (desktop) or the slide-in menu (mobile). */
      const goTo = async (label: string) => {
        if (desktop) {
          await page.getByRole("complementary").getByRole("button", { name: label, exact: true }).click();
        } else {
          await page.getByRole("button", { name: text.openMenu }).click();
          await page.getByRole("dialog").getByRole("button", { name: label, exact: true }).click();
        }
      };
      try {
        // Sign in through the modal that greets a returning visitor.
        await openApp(page, product.baseUrl);
        const modal = page.getByRole("dialog");
        await modal.getByLabel(text.email, { exact: true }).fill(run.email);
        await modal.getByLabel(text.password, { exact: true }).fill(PASSWORD);
        await modal.getByRole("button", { name: text.signIn, exact: true }).click();
        await modal.waitFor({ state: "detached" });
        const token = await waitFor(
          () => page.evaluate(() => Object.keys(localStorage).find((k) => k.startsWith("sb-") && k.endsWith("-auth-token")) ?? ""),
          Boolean,
          "the session",
        ).then((key) => page.evaluate((k) => (JSON.parse(localStorage.getItem(k)!) as { access_token: string }).access_token, key));

        // Ask a question and wait for the answer to be stored.
        const box = page.getByPlaceholder(text.placeholder);
        await box.waitFor();
        await page.waitForFunction(() => !document.querySelector("textarea")?.hasAttribute("disabled"));
        await box.fill(text.question);
        await box.press("Enter");
        const [asked] = await waitFor(
          () => api<Array<{ id: string; question: string; answer: string; conversationId: string; messageId: string }>>(product, token, "/api/history/questions"),
          (list) => list.length === 1 && list[0]!.answer.length > 0,
          "the question history",
        );
        await page.getByText(text.question).filter({ visible: true }).first().waitFor(); // not the hidden mobile-menu recents entry
        await shot("chat");

        // History: the conversation is listed (and, on desktop, in the sidebar recents under Today).
        await goTo(text.history);
        const historyList = page.locator(".library__list");
        await historyList.locator(".library-card__main", { hasText: text.question.slice(0, 15) }).waitFor();
        if (desktop) {
          const recents = page.getByRole("complementary").locator(".recents");
          await recents.getByRole("button", { name: new RegExp(text.today) }).waitFor();
          expect(await recents.locator(".recents__item").count()).toBe(1);
        }
        await shot("history");
        expect(await checkAccessibility(page)).toEqual([]);

        // Question history: case-insensitive search over question and answer.
        await goTo(text.questions);
        const search = page.getByRole("searchbox");
        await page.getByRole("heading", { name: text.question }).waitFor();
        await search.fill(text.question.slice(0, 12).toUpperCase());
        await page.getByRole("heading", { name: text.question }).waitFor();
        await search.fill("zzqx-nothing");
        await page.getByRole("heading", { name: text.noHistory }).waitFor();
        await search.fill(asked!.answer.slice(0, 10).toLowerCase());
        await page.getByRole("heading", { name: text.question }).waitFor();
        await shot("questions");
        expect(await checkAccessibility(page)).toEqual([]);

        // Favorites: the answer is saved (through the API unless the chat offers it), listed and opened.
        await api(product, token, "/api/favorites", { method: "POST", json: { type: "message", referenceId: asked!.messageId, title: asked!.answer.slice(0, 100), content: asked!.answer } });
        await goTo(text.favorites);
        const favorite = page.locator(".library__list .library-card__main").first();
        await favorite.waitFor();
        const title = (await favorite.locator(".library-card__title").innerText()).replace(/…$/, "");
        expect(Array.from(title).length).toBeLessThanOrEqual(50);
        await shot("favorites");
        expect(await checkAccessibility(page)).toEqual([]);
        await favorite.click();
        await page.waitForURL((url) => url.searchParams.get("c") === asked!.conversationId && url.searchParams.get("m") === asked!.messageId);
        await page.getByPlaceholder(text.placeholder).waitFor();
        await shot("favorite-opened");

        // Deleting the open conversation resets the selection.
        await goTo(text.history);
        await page.locator(".library-card--current").waitFor();
        await page.locator(".library-card__delete").first().click();
        // Deleting asks first (issue 11): the alert dialog's Delete confirms.
        await page.getByRole("alertdialog").getByRole("button", { name: text.deleteConfirm, exact: true }).click();
        await page.locator(".toast").getByText(text.deleted).waitFor();
        await page.getByRole("heading", { name: text.noHistory }).waitFor();
        expect(new URL(page.url()).searchParams.get("c")).toBeNull();
        await shot("history-deleted");
        await expect(api<unknown[]>(product, token, "/api/conversations/history")).resolves.toEqual([]);

        // Search laws: Enter runs the search; View Full Document shows the whole text.
        await goTo(text.search);
        const query = page.locator("#laws-query");
        await query.fill("annual leave");
        await query.press("Enter");
        const card = page.locator(".law-card").first();
        await card.getByRole("heading", { name: "Labor Law — Annual Leave" }).waitFor();
        await shot("search");
        expect(await checkAccessibility(page)).toEqual([]);
        await card.getByRole("button", { name: text.viewFull }).click();
        const documentDialog = page.getByRole("dialog");
        await documentDialog.getByText(/thirty days after five consecutive years/).waitFor();
        await shot("search-document");
        await page.keyboard.press("Escape");
        await documentDialog.waitFor({ state: "detached" });
        await query.fill("nothing-matches-this");
        await page.getByRole("button", { name: text.searchButton, exact: true }).click();
        await page.locator(".library__empty h2").waitFor();

        // Profile: the trim rule, then a saved name; the change-password rules.
        const openProfile = async () => {
          if (desktop) {
            await page.getByRole("complementary").locator(".account").click();
            await page.getByRole("menuitem", { name: text.profile }).click();
          } else {
            await goTo(text.profile);
          }
        };
        /** The name the shell shows: the sidebar's account button (desktop) or the top bar's account menu (mobile). */
        const shellName = () => (desktop ? page.locator("aside.sidebar .account__name") : page.locator(".topbar .account .visually-hidden"));
        await expect(shellName().innerText()).resolves.toContain(run.language === "en" ? "Noura" : "فهد");
        await openProfile();
        const profile = page.getByRole("dialog");
        await profile.getByRole("button", { name: text.edit, exact: true }).click();
        const first = profile.getByLabel(text.firstName, { exact: true });
        await first.fill("   ");
        await profile.getByRole("button", { name: text.save, exact: true }).click();
        await page.locator(".toast").getByText(text.fillAll).waitFor();
        await first.fill("Reem");
        const saved = page.waitForResponse((r) => r.url().endsWith("/api/users/profile") && r.request().method() === "PUT");
        await profile.getByRole("button", { name: text.save, exact: true }).click();
        expect((await saved).status()).toBe(200);
        await page.locator(".toast").getByText(text.updated).waitFor();
        await expect(first.inputValue()).resolves.toBe("Reem");
        // The shell shows the new name at once (the auth metadata was updated too).
        await shellName().filter({ hasText: "Reem Alotaibi" }).waitFor({ state: "attached" });
        await shot("profile");
        expect(await checkAccessibility(page)).toEqual([]);
        await profile.getByRole("button", { name: text.changePassword, exact: true }).click();
        const password = page.getByRole("dialog", { name: text.changePassword });
        const submit = password.getByRole("button", { name: text.changePassword, exact: true });
        expect(await submit.isDisabled()).toBe(true);
        await password.getByLabel(text.newPassword, { exact: true }).fill("abcdef");
        await password.getByLabel(text.confirmPassword, { exact: true }).fill("abcdeg");
        await submit.click();
        await password.getByText(text.mismatch).waitFor();
        await shot("change-password");

        // A valid change: success, the modal closes about 2 s later, and the new password signs in.
        const newPassword = `New-pass-${run.name}-7`;
        await password.getByLabel(text.newPassword, { exact: true }).fill(newPassword);
        await password.getByLabel(text.confirmPassword, { exact: true }).fill(newPassword);
        await submit.click();
        await password.getByRole("status").getByText(text.passwordChanged).waitFor();
        const successAt = Date.now();
        await shot("change-password-success");
        await password.waitFor({ state: "detached", timeout: 6_000 });
        const closedAfter = Date.now() - successAt;
        expect(closedAfter).toBeGreaterThanOrEqual(1_500);
        expect(closedAfter).toBeLessThan(4_500);
        await expect(passwordGrant(product, run.email, newPassword)).resolves.toEqual(expect.objectContaining({ status: 200 }));
        await expect(passwordGrant(product, run.email, PASSWORD)).resolves.toEqual({ status: 400, code: "invalid_credentials" });

        // Dark mode: the advanced-settings switch applies the dark theme, saved locally and on the server; it survives a reload.
        await openProfile();
        await profile.getByRole("switch", { name: text.darkMode }).click();
        const themeSaved = page.waitForResponse((r) => r.url().endsWith("/api/users/theme") && r.request().method() === "PUT");
        await profile.getByRole("button", { name: text.saveChanges, exact: true }).click();
        await profile.waitFor({ state: "detached" });
        expect((await themeSaved).status()).toBe(200);
        const themeState = () =>
          page.evaluate(() => ({
            theme: document.documentElement.dataset.theme,
            stored: localStorage.getItem("app-theme"),
            background: getComputedStyle(document.documentElement).getPropertyValue("--color-background").trim(),
          }));
        await expect(themeState()).resolves.toEqual({ theme: "dark", stored: "dark", background: "#0f172a" });
        await page.reload();
        await page.locator(".shell").waitFor();
        await expect(themeState()).resolves.toEqual({ theme: "dark", stored: "dark", background: "#0f172a" });
        await shellName().filter({ hasText: "Reem Alotaibi" }).waitFor({ state: "attached" });
        await shot("dark-mode-reloaded");

        // A message favorite whose conversation was deleted meanwhile falls back to the favorite itself.
        await page.goto(`${product.baseUrl}/app`);
        const again = page.getByPlaceholder(text.placeholder);
        await again.waitFor();
        await page.waitForFunction(() => !document.querySelector("textarea")?.hasAttribute("disabled"));
        await again.fill(text.question);
        await again.press("Enter");
        const [second] = await waitFor(
          () => api<Array<{ answer: string; conversationId: string; messageId: string }>>(product, token, "/api/history/questions"),
          (list) => list.length === 1 && list[0]!.answer.length > 0,
          "the second question",
        );
        await page.getByText(text.question).filter({ visible: true }).first().waitFor(); // not the hidden mobile-menu recents entry
        await api(product, token, "/api/favorites", { method: "POST", json: { type: "message", referenceId: second!.messageId, title: second!.answer.slice(0, 100), content: second!.answer } });
        await goTo(text.favorites);
        const stale = page.locator(".library__list .library-card__main").first();
        await stale.waitFor();
        await api(product, token, `/api/conversations/${second!.conversationId}`, { method: "DELETE", json: {} });
        await stale.click();
        const fallback = page.getByRole("dialog");
        await fallback.locator(".library-dialog__text").waitFor();
        const squash = (value: string) => value.replace(/\s+/g, " ").trim();
        expect(squash(await fallback.locator(".library-dialog__text").innerText())).toBe(squash(second!.answer));
        // Still in Favorites: nothing was opened in chat.
        expect(new URL(page.url()).searchParams.get("section")).toBe("favorites");
        expect(new URL(page.url()).searchParams.get("m")).toBeNull();
        await shot("favorite-fallback");
        await page.keyboard.press("Escape");
        await fallback.waitFor({ state: "detached" });

        // Delete Account with confirmation: signed out, the page reloads, and the account cannot sign in any more.
        await openProfile();
        await profile.getByRole("button", { name: text.deleteAccount, exact: true }).click();
        const confirm = page.getByRole("dialog", { name: /\?|؟/ });
        const reloaded = page.waitForEvent("load");
        await confirm.getByRole("button", { name: text.confirmDelete, exact: true }).click();
        await reloaded;
        await page.locator(".shell, .splash").first().waitFor();
        await expect(page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("sb-")))).resolves.toEqual([]);
        await shot("account-deleted");
        await expect(passwordGrant(product, run.email, newPassword)).resolves.toEqual({ status: 400, code: "invalid_credentials" });
      } finally {
        await page.context().close();
      }
    });
  }

  for (const run of RUNS) {
    it(`a guest sees Sign In Required in ${run.language} at ${run.width}×${run.height}`, async () => {
      const text = TEXT[run.language];
      const page = await newPage(browser, { width: run.width, height: run.height, locale: run.language });
      try {
        await openApp(page, product.baseUrl, "/app?section=favorites");
        await page.keyboard.press("Escape");
        await page.getByRole("dialog").waitFor({ state: "detached" });
        await page.getByRole("heading", { name: text.signInRequired }).waitFor();
        const signIn = page.locator(".page-state").getByRole("button", { name: text.signIn, exact: true });
        await screenshot(page, `library-guest-${run.language}-${run.name}`);
        await signIn.click();
        await page.getByRole("dialog").waitFor();
      } finally {
        await page.context().close();
      }
    });
  }
});
