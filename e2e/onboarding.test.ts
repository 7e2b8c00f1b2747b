/**
 * Onboarding (/onboarding, spec §2, §4, §5, §8): guest path, no skipping, Professional not selectable,
 * every validation message in both languages, sign-up → confirmation link from the dev mailbox →
 * sign in → /app as a registered user, the resend countdown, and accessibility at both sizes.
 */
import type { Browser, Page } from "playwright-core";
import { checkAccessibility, newPage, openBrowser, screenshot, startProduct, VIEWPORTS, type RunningProduct } from "./harness";

jest.setTimeout(180_000);

let product: RunningProduct;
let browser: Browser;

beforeAll(async () => {
  product = await startProduct({ env: { AUTH_SMTP_MAX_FREQUENCY: "1" } });
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

const L = {
  en: { create: "Create New Account", signIn: "Sign In", guest: "Continue as Guest", continue: "Continue", back: "Back", submit: "Create Account" },
  ar: { create: "إنشاء حساب جديد", signIn: "تسجيل الدخول", guest: "المتابعة كضيف", continue: "متابعة", back: "رجوع", submit: "إنشاء الحساب" },
} as const;

const MESSAGES = {
  en: {
    firstName: "First name is required",
    lastName: "Last name is required",
    email: "Email is required",
    emailInvalid: "The email is not valid, please enter a valid email and try again.",
    password: "Password is required",
    passwordMin: "Password must be at least 8 characters",
    confirm: "Please confirm your password",
    mismatch: "Passwords do not match",
  },
  ar: {
    firstName: "الاسم الأول مطلوب",
    lastName: "اسم العائلة مطلوب",
    email: "البريد الإلكتروني مطلوب",
    emailInvalid: "البريد الإلكتروني غير صالح، يرجى إدخال بريد إلكتروني صحيح والمحاولة مرة أخرى.",
    password: "كلمة المرور مطلوبة",
    passwordMin: "يجب أن تتكون كلمة المرور من 8 أحرف على الأقل",
    confirm: "يرجى تأكيد كلمة المرور",
    mismatch: "كلمتا المرور غير متطابقتين",
  },
} as const;

async function open(page: Page): Promise<void> {
  await page.goto(`${product.baseUrl}/onboarding`);
  await page.locator('[data-choice="create"]').waitFor();
}

async function toAccountStep(page: Page, language: "ar" | "en"): Promise<void> {
  await page.getByRole("button", { name: L[language].create }).click();
  await page.locator('[data-plan="free"]').click();
  await page.getByRole("button", { name: L[language].continue, exact: true }).click();
  await page.locator('input[name="firstName"]').waitFor();
}

function errors(page: Page) {
  return page.getByTestId("field-error").allInnerTexts();
}

function field(page: Page, name: string) {
  return page.locator(`input[name="${name}"]`);
}

describe.each(VIEWPORTS)("onboarding at $name", (viewport) => {
  test.each(["ar", "en"] as const)("every step in %s, with no serious axe violation", async (language) => {
    const page = await newPage(browser, { ...viewport, locale: language });
    await open(page);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === "ar" ? "rtl" : "ltr");
    await screenshot(page, `onboarding-1-choice-${language}-${viewport.name}`);
    expect(await checkAccessibility(page)).toEqual([]);

    await page.getByRole("button", { name: L[language].create }).click();
    await page.locator('[data-plan="free"]').waitFor();
    await screenshot(page, `onboarding-2-plan-${language}-${viewport.name}`);
    expect(await checkAccessibility(page)).toEqual([]);

    await page.locator('[data-plan="free"]').click();
    await page.getByRole("button", { name: L[language].continue, exact: true }).click();
    await page.getByRole("button", { name: L[language].submit }).click();
    expect(await errors(page)).toHaveLength(5);
    await screenshot(page, `onboarding-3-account-errors-${language}-${viewport.name}`);
    expect(await checkAccessibility(page)).toEqual([]);
    await page.context().close();
  });
});

describe("onboarding flow", () => {
  test("guest path goes straight to /app", async () => {
    const page = await newPage(browser, { width: 390, height: 844, locale: "ar" });
    await open(page);
    await page.getByRole("button", { name: L.ar.guest }).click();
    await page.waitForURL(/\/app$/);
    await page.locator(".shell").waitFor();
    await page.context().close();
  });

  test("no skipping: Professional cannot be chosen, Continue needs a plan, Back resets", async () => {
    const page = await newPage(browser, { width: 1440, height: 900, locale: "en" });
    await open(page);
    await page.getByRole("button", { name: L.en.create }).click();
    const continueButton = page.getByRole("button", { name: "Continue", exact: true });
    expect(await continueButton.isDisabled()).toBe(true);
    expect(await page.getByRole("radio", { name: "Professional" }).isDisabled()).toBe(true);
    await page.locator('[data-plan="professional"]').click({ force: true });
    expect(await continueButton.isDisabled()).toBe(true);

    await page.getByRole("radio", { name: "Free" }).check();
    expect(await continueButton.isEnabled()).toBe(true);
    await continueButton.click();
    await page.locator(".ob-selected-plan").getByText("Free").waitFor();

    // Back from the account form returns to the plans with the plan cleared.
    await page.getByRole("button", { name: "Back", exact: true }).click();
    expect(await page.getByRole("radio", { name: "Free" }).isChecked()).toBe(false);
    expect(await continueButton.isDisabled()).toBe(true);

    // Back from the plans returns to the first step.
    await page.getByRole("button", { name: "Back", exact: true }).click();
    await page.locator('[data-choice="guest"]').waitFor();
    await page.context().close();
  });

  test.each(["en", "ar"] as const)("every validation message of the account form (%s)", async (language) => {
    const m = MESSAGES[language];
    const page = await newPage(browser, { width: 390, height: 844, locale: language });
    await open(page);
    await toAccountStep(page, language);
    const submit = page.getByRole("button", { name: L[language].submit });

    // Whitespace-only values count as empty.
    await field(page, "firstName").fill("   ");
    await submit.click();
    expect(await errors(page)).toEqual([m.firstName, m.lastName, m.email, m.password, m.confirm]);

    // Errors clear while typing.
    await field(page, "firstName").fill("Sara");
    expect(await errors(page)).toEqual([m.lastName, m.email, m.password, m.confirm]);

    // The e-mail is checked live.
    await field(page, "email").fill("sara@");
    expect(await errors(page)).toContain(m.emailInvalid);
    await field(page, "email").fill("sara@example.c");
    expect(await errors(page)).toContain(m.emailInvalid);
    await field(page, "email").fill("sara@example.com");
    expect(await errors(page)).not.toContain(m.emailInvalid);

    await field(page, "lastName").fill("Ahmed");
    await field(page, "password").fill("1234567");
    await field(page, "confirmPassword").fill("12345678");
    await submit.click();
    expect(await errors(page)).toEqual([m.passwordMin, m.mismatch]);
    await screenshot(page, `onboarding-validation-${language}-mobile`);

    await field(page, "password").fill("12345678");
    expect(await errors(page)).toEqual([m.mismatch]);
    await field(page, "confirmPassword").fill("12345679");
    expect(await errors(page)).toEqual([]);
    await submit.click();
    expect(await errors(page)).toEqual([m.mismatch]);
    await page.context().close();
  });

  test("an address already registered: Account Already Exists", async () => {
    const email = `ob-exists-${Date.now()}@example.com`;
    const response = await fetch(`${product.baseUrl}/auth/v1/signup`, {
      method: "POST",
      headers: { "content-type": "application/json", apikey: "qai-local-anon-key" },
      body: JSON.stringify({ email, password: "password-123" }),
    });
    expect(response.ok).toBe(true);
    const link = (await product.mailbox()).find((m) => m.to.includes(email))?.links.find((l) => l.includes("/auth/v1/verify"));
    await fetch(link!, { redirect: "manual" });

    const page = await newPage(browser, { width: 1440, height: 900, locale: "en" });
    await open(page);
    await toAccountStep(page, "en");
    await field(page, "firstName").fill("Sara");
    await field(page, "lastName").fill("Ahmed");
    await field(page, "email").fill(email);
    await field(page, "password").fill("password-456");
    await field(page, "confirmPassword").fill("password-456");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByText("An account with this email already exists. Please sign in or use a different email address.", { exact: true }).waitFor();
    await page.getByText("Account Already Exists", { exact: true }).waitFor();
    await page.context().close();
  });

  test("sign-up → verification screen → confirmation link from the mailbox → sign in → /app as a registered user", async () => {
    const email = `ob-new-${Date.now()}@example.com`;
    const password = "a-strong-pass-9";
    const page = await newPage(browser, { width: 1440, height: 900, locale: "en" });
    await page.clock.install();
    await open(page);
    await toAccountStep(page, "en");
    await field(page, "firstName").fill("Sara");
    await field(page, "lastName").fill("Ahmed");
    await field(page, "email").fill(email);
    await field(page, "password").fill(password);
    await field(page, "confirmPassword").fill(password);
    await page.getByRole("button", { name: "Create Account" }).click();

    await page.getByRole("heading", { name: "Check your email" }).waitFor();
    await page.getByText("Account Created Successfully", { exact: true }).waitFor();
    await expect(page.getByTestId("verify-email").innerText()).resolves.toBe(email);
    expect(await page.locator(".ob-verify__steps li").allInnerTexts()).toEqual([
      "Open your email inbox",
      "Look for the email from QAI",
      "Click the activation link in the email",
    ]);
    await page.getByText("Check your spam or junk folder").waitFor();
    await expect(page.getByTestId("resend-countdown").innerText()).resolves.toMatch(/60 s/);
    await screenshot(page, "onboarding-4-verify-en-desktop");
    expect(await checkAccessibility(page)).toEqual([]);

    // 60 s later the resend button appears; resending restarts the countdown.
    await page.clock.runFor(30_000);
    expect(await page.getByRole("button", { name: "Resend email" }).count()).toBe(0);
    await page.clock.runFor(31_000);
    await new Promise((r) => setTimeout(r, 1_100)); // the server's per-address mail interval (1 s here)
    await page.getByRole("button", { name: "Resend email" }).click();
    await page.getByText("Email Resent", { exact: true }).waitFor();
    await expect(page.getByTestId("resend-countdown").innerText()).resolves.toMatch(/60 s/);
    await page.clock.resume();

    const messages = (await product.mailbox()).filter((m) => m.to.includes(email));
    expect(messages.length).toBe(2);
    const link = messages[0]!.links.find((l) => l.includes("/auth/v1/verify"));
    expect(link).toBeDefined();
    // Follow the link (in another context) to confirm the address.
    const confirmPage = await newPage(browser, { width: 390, height: 844, locale: "en" });
    await confirmPage.goto(link!);
    await confirmPage.waitForURL(/\/app/);
    await confirmPage.context().close();

    await page.getByRole("button", { name: "Back to Sign In" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "Sign In" }).waitFor();
    await screenshot(page, "onboarding-5-signin-en-desktop");
    await dialog.locator('input[name="email"]').fill(email);
    await dialog.locator('input[name="password"]').fill(password);
    await dialog.locator('button[type="submit"]').click();
    await page.waitForURL(/\/app$/);
    await page.locator(".account").first().waitFor();
    expect(await page.evaluate(() => Object.keys(localStorage).some((k) => k.endsWith("-auth-token")))).toBe(true);

    // Signed-in users are sent from /onboarding to /app.
    await page.goto(`${product.baseUrl}/onboarding`);
    await page.waitForURL(/\/app$/);
    await page.context().close();
  });

  test("closing the sign-in modal returns to the first step", async () => {
    const page = await newPage(browser, { width: 390, height: 844, locale: "ar" });
    await open(page);
    await page.getByRole("button", { name: L.ar.signIn }).click();
    await page.getByRole("dialog").waitFor();
    await screenshot(page, "onboarding-signin-modal-ar-mobile");
    expect(await checkAccessibility(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await page.locator('[data-choice="create"]').waitFor();
    expect(await page.url()).toMatch(/\/onboarding$/);
    await page.context().close();
  });
});
