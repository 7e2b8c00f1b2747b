/// <reference lib="dom" />
/** Steps shared by the browser journeys (chat, new-chat, search-laws, limits, first-use, shell). */
import type { Page } from "playwright-core";
import type { RunningProduct } from "./harness";

export const PASSWORD = "Strong-pass-1";

export const input = (page: Page) => page.locator("#chat-input");
export const answers = (page: Page) => page.locator(".message--assistant:not(.message--streaming)");

/** Marks the splash as seen, opens /app as a guest and closes the sign-in modal that greets guests. */
export async function openAppAsGuest(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/legal`);
  await page.evaluate(() => localStorage.setItem("splash-seen", "true"));
  await page.goto(`${baseUrl}/app`);
  await page.locator(".shell").waitFor();
  const dialog = page.getByRole("dialog");
  await dialog.waitFor();
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
}

/** Types a question, sends it with Enter and waits for the finished answer number `count`. */
export async function ask(page: Page, question: string, count: number): Promise<void> {
  await input(page).fill(question);
  await input(page).press("Enter");
  await answers(page).nth(count - 1).waitFor();
  await page.locator(".message--streaming").waitFor({ state: "detached" });
}

/** Signs up through the auth API and returns the confirmation link from the dev mailbox. */
export async function confirmationLink(product: RunningProduct, email: string, firstName = "Sara"): Promise<string> {
  const response = await fetch(`${product.baseUrl}/auth/v1/signup`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-supabase-api-version": "2024-01-01" },
    body: JSON.stringify({ email, password: PASSWORD, data: { first_name: firstName, last_name: "Alotaibi" }, redirect_to: `${product.baseUrl}/` }),
  });
  expect(response.status).toBe(200);
  for (let attempt = 0; attempt < 50; attempt++) {
    const link = (await product.mailbox()).find((m) => m.to.includes(email))?.links.find((l) => l.includes("/verify"));
    if (link) return link;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no confirmation mail for ${email}`);
}

/** A new account, signed in: follows its confirmation link into /app (splash marked as seen). */
export async function openAppAsNewUser(page: Page, product: RunningProduct, email: string): Promise<void> {
  const link = await confirmationLink(product, email);
  await page.goto(`${product.baseUrl}/legal`);
  await page.evaluate(() => localStorage.setItem("splash-seen", "true"));
  await page.goto(link);
  await page.waitForURL((url) => url.pathname === "/app");
  await page.locator(".shell").waitFor();
  await page.locator(".account:visible").first().waitFor();
}

/** Whether the element's box lies wholly inside the viewport. */
export async function inViewport(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth && box.height > 0;
  });
}
