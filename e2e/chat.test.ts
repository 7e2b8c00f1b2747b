/**
 * Chat journeys (issue 7) in Chromium at 1440×900 and 390×844, screenshots under
 * test-results/screenshots/chat-*.png.
 *
 * The provider failure is real, not mocked in the browser: the product's `openai` provider points
 * (OPENAI_BASE_URL) at a small OpenAI-compatible server started here. For a question containing
 * "[fail-once]" it streams a first piece of the answer and then drops the connection (the chat
 * service cannot fall back once text was sent, so the stream ends with an error event); asked again
 * it answers. A question containing "[slow]" streams a piece every 150 ms, for the stop test. A
 * question containing "[layout-en]" or "[layout-ar]" gets a fixed answer in the composer's structure
 * (lead answer, bold article headings, quoted provisions, follow-ups) citing a law with a very long
 * name and a repealed one, for the chip, copy and direction checks.
 * Everything else goes to the default provider, QAI-1.0 (qai-local).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Locator, Page } from "playwright-core";
import { checkAccessibility, newPage, openBrowser, screenshot, startProduct, VIEWPORTS, type RunningProduct } from "./harness";
import { answers, confirmationLink, input, openAppAsGuest } from "./journeys";

jest.setTimeout(240_000);

const QUESTION_EN = "What is the maximum probation period under the Labor Law?";
const QUESTION_AR = "ما مدة فترة التجربة في نظام العمل؟";

/** Laws seeded for the layout journeys (data/laws): a 119/158-character name, and a repealed law. */
const LABOR_ID = "08381293-6388-48e2-8ad2-a9a700f2aa94";
const SHOMOOS = {
  file: "304-ad0354f7-9756-4a4e-8948-a9a700f19705.json",
  id: "ad0354f7-9756-4a4e-8948-a9a700f19705",
  ar: "نظام نقل معلومات المتعاملين مع المنشآت الخاصة إلكترونياً إلى مركز المعلومات الوطني في وزارة الداخلية (نظام شموس الأمني)",
  en: "Law of Electronic Transfer of Information of Clients of Private Entities to the National Information Center at the Ministry of Interior (Shomoos Security System)",
};
const POSTAL = { file: "044-87aa6473-8e77-4dc5-b45d-a9a700f2e50f.json", id: "87aa6473-8e77-4dc5-b45d-a9a700f2e50f", ar: "نظام البريد 1406هـ", en: "Postal Law" };

/** Answers in the offline composer's structure; `[[<article id>]]` markers become the citations. */
const LAYOUT_ANSWERS: Record<"en" | "ar", string> = {
  en: [
    `**Answer:** A probation period must be written into the contract and may not exceed 90 days[[${LABOR_ID}#53]].\n\n`,
    "**Article 53 of the Labor Law**\n\n",
    "> إذا كان العامل خاضعاً لفترة تجربة، وجب النص على ذلك صراحة في عقد العمل، وتحديدها بوضوح، بحيث لا تزيد على تسعين يوماً.\n\n",
    `**Article 2 of the Shomoos Security System Law** [[${SHOMOOS.id}#2]]\n\n`,
    "> يهدف هذا النظام إلى وضع القواعد العامة لنقل معلومات المتعاملين مع المنشآت الخاصة إلى مركز المعلومات الوطني في وزارة الداخلية إلكترونيًّا عبر نظام شموس.\n\n",
    `**Related articles and exceptions**\n\n- Article 3 of the Postal Law no longer applies: that law was repealed[[${POSTAL.id}#3]].\n\n`,
    "### Suggested follow-up questions\n- Can the probation period be extended?\n- Does probation count toward end-of-service pay?\n",
  ].join(""),
  ar: [
    `**الجواب:** يجب النص على فترة التجربة في عقد العمل، ولا تزيد على تسعين يومًا[[${LABOR_ID}#53]].\n\n`,
    "**المادة 53 من نظام العمل**\n\n",
    "> إذا كان العامل خاضعاً لفترة تجربة، وجب النص على ذلك صراحة في عقد العمل، وتحديدها بوضوح، بحيث لا تزيد على تسعين يوماً.\n\n",
    "> The probation period must be stated in the employment contract and may not exceed ninety days.\n\n",
    `**المادة 2 من نظام شموس الأمني** [[${SHOMOOS.id}#2]]\n\n`,
    "> يهدف هذا النظام إلى وضع القواعد العامة لنقل معلومات المتعاملين مع المنشآت الخاصة إلى مركز المعلومات الوطني في وزارة الداخلية إلكترونيًّا عبر نظام شموس.\n\n",
    `**مواد ذات صلة واستثناءات**\n\n- المادة 3 من نظام البريد لم تعد سارية لإلغاء النظام[[${POSTAL.id}#3]].\n\n`,
    "### أسئلة متابعة مقترحة\n- هل يجوز تمديد فترة التجربة؟\n- هل تحتسب فترة التجربة في مكافأة نهاية الخدمة؟\n",
  ].join(""),
};

/** A minimal OpenAI-compatible chat-completions endpoint (see the file comment). */
async function startFakeOpenAi(): Promise<{ url: string; server: Server; requests: string[] }> {
  const failedOnce = new Set<string>();
  const requests: string[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (d: Buffer) => (body += d.toString()));
    request.on("end", () => {
      const parsed = JSON.parse(body || "{}") as { messages?: Array<{ role: string; content: string }> };
      const question = [...(parsed.messages ?? [])].reverse().find((m) => m.role === "user")?.content ?? "";
      requests.push(question);
      response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      const chunk = (content: string) =>
        response.write(`data: ${JSON.stringify({ id: "c1", object: "chat.completion.chunk", created: 0, model: "fake", choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`);
      const key = /\[fail-once:[^\]]*\]/.exec(question)?.[0];
      if (key && !failedOnce.has(key)) {
        failedOnce.add(key);
        chunk("The answer starts here, and then the connection breaks. ");
        setTimeout(() => request.socket.destroy(), 300);
        return;
      }
      const layout = /\[layout-(en|ar)\]/.exec(question)?.[1] as "en" | "ar" | undefined;
      if (layout) {
        for (const piece of LAYOUT_ANSWERS[layout].split(/(?<=\n\n)/)) chunk(piece);
        response.write("data: [DONE]\n\n");
        response.end();
        return;
      }
      if (question.includes("[slow]")) {
        let n = 0;
        const timer = setInterval(() => {
          if (response.destroyed || n++ > 200) {
            clearInterval(timer);
            response.end();
            return;
          }
          chunk(`Streaming piece ${n} of a long answer. `);
        }, 150);
        response.on("close", () => clearInterval(timer));
        return;
      }
      chunk("This answer came from the fallback provider after Try Again.\n\n");
      chunk("### Suggested follow-up questions\n- What does Article 53 provide?\n- Are there exceptions?");
      response.write("data: [DONE]\n\n");
      response.end();
    });
  });
  server.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, server, requests };
}

type FakeOpenAi = Awaited<ReturnType<typeof startFakeOpenAi>>;

/** The product with its `openai` provider pointed at the fake endpoint (plus extra law files, if any). */
async function startProductWithFakeOpenAi(laws: string[] = []): Promise<{ product: RunningProduct; fake: FakeOpenAi; stop(): Promise<void> }> {
  const fake = await startFakeOpenAi();
  const product = await startProduct({
    env: { OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: fake.url, OPENAI_MODEL: "fake" },
    laws,
  });
  return {
    product,
    fake,
    async stop() {
      await product.stop();
      fake.server.closeAllConnections();
      fake.server.close();
    },
  };
}


/** Types a question, sends it with Enter and waits for the finished answer number `count`. */
async function ask(page: Page, question: string, count: number): Promise<void> {
  await input(page).fill(question);
  await input(page).press("Enter");
  await answers(page).nth(count - 1).waitFor();
  await page.locator(".message--streaming").waitFor({ state: "detached" });
}

async function pickProvider(page: Page, name: RegExp): Promise<void> {
  await page.locator(".chat__toolbar").getByRole("button", { expanded: false }).first().click();
  const panel = page.locator(".provider-panel");
  await panel.waitFor();
  await panel.getByRole("radio", { name }).click();
  await panel.waitFor({ state: "detached" });
}

/**
 * The chips of one answer: each fits in its row, and its law name is cut (ellipsis) at a bounded
 * width. Returns what each chip shows and its accessible name.
 */
async function expectChipsFit(answer: Locator): Promise<Array<{ law: string; cut: boolean; name: string; title: string }>> {
  const { row, chips } = await answer.locator(".message__citations").evaluate((element) => {
    const box = element.getBoundingClientRect();
    return {
      row: { left: box.left, right: box.right },
      chips: [...element.querySelectorAll<HTMLElement>(".citation-chip")].map((chip) => {
        const law = chip.querySelector<HTMLElement>(".citation-chip__law")!;
        const rect = chip.getBoundingClientRect();
        const style = getComputedStyle(law);
        return {
          left: rect.left,
          right: rect.right,
          lawWidth: law.getBoundingClientRect().width,
          lawMax: style.maxWidth,
          overflow: style.textOverflow,
          law: law.textContent ?? "",
          cut: law.scrollWidth > law.clientWidth + 1,
          name: chip.getAttribute("aria-label") ?? "",
          title: chip.title,
        };
      }),
    };
  });
  expect(chips.length).toBeGreaterThan(0);
  for (const chip of chips) {
    expect(chip.left).toBeGreaterThanOrEqual(row.left - 0.5);
    expect(chip.right).toBeLessThanOrEqual(row.right + 0.5);
    expect(chip.lawMax).toMatch(/px$/); // a bounded width, not "none"
    expect(chip.lawWidth).toBeLessThanOrEqual(parseFloat(chip.lawMax) + 0.5);
    expect(chip.overflow).toBe("ellipsis");
    expect(chip.name).toContain(chip.law); // the full name, even when the chip cuts it
  }
  return chips;
}

/** Clicks Copy on an answer and returns what reached the clipboard. */
async function copyAnswer(page: Page, answer: Locator, en: boolean): Promise<string> {
  await answer.getByRole("button", { name: en ? "Copy answer" : "نسخ الإجابة" }).click();
  await answer.getByRole("button", { name: en ? "Copied" : "تم النسخ" }).waitFor();
  return page.evaluate(() => navigator.clipboard.readText());
}

/** Copied text is clean (no Markdown marks, no follow-ups) and ends with one source line per chip. */
async function expectCleanCopy(text: string, answer: Locator, en: boolean): Promise<string[]> {
  expect(text).not.toContain("**");
  expect(text).not.toMatch(/^\s*(?:>|#)/m);
  for (const question of await answer.locator(".follow-up").allTextContents()) expect(text).not.toContain(question.trim());
  const chips = await answer.locator(".citation-chip").count();
  const lines = text.trimEnd().split("\n");
  const sources = lines.slice(-(chips + 1));
  expect(sources[0]).toBe(en ? "Sources" : "المصادر");
  for (const line of sources.slice(1)) expect(line).toMatch(/^• .+: https:\/\/laws\.boe\.gov\.sa\/\S+$/);
  return sources.slice(1);
}

/** Each quote and top-level paragraph: its computed direction and the one its first strong letter asks for. */
async function blockDirections(answer: Locator): Promise<Array<{ tag: string; text: string; direction: string; expected: string }>> {
  return answer.locator(".markdown").evaluate((root) =>
    [...root.querySelectorAll<HTMLElement>(":scope > p, :scope > blockquote, :scope > ul > li")].map((element) => {
      const strong = /[A-Za-z\u0590-\u08FF]/.exec(element.textContent ?? "")?.[0] ?? "a";
      return { tag: element.tagName.toLowerCase(), text: (element.textContent ?? "").slice(0, 40), direction: getComputedStyle(element).direction, expected: /[A-Za-z]/.test(strong) ? "ltr" : "rtl" };
    }),
  );
}

describe("chat: a guest asks until the lock appears", () => {
  let product: RunningProduct;
  let browser: Browser;
  beforeAll(async () => {
    product = await startProduct({ env: { GUEST_QUESTION_LIMIT: "2" } });
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  for (const viewport of VIEWPORTS) {
    const language = viewport.name === "desktop" ? "en" : "ar";
    it(`guest in ${language} at ${viewport.width}×${viewport.height}`, async () => {
      const page = await newPage(browser, { ...viewport, locale: language });
      const en = language === "en";
      try {
        await openAppAsGuest(page, product.baseUrl);
        await page.locator(".welcome__counter").getByText(en ? "Free questions left: 2" : "الأسئلة المجانية المتبقية: 2").waitFor();
        // Empty and whitespace-only text cannot be sent.
        await input(page).fill("   ");
        expect(await page.getByRole("button", { name: en ? "Send" : "إرسال" }).isDisabled()).toBe(true);
        // Shift+Enter adds a line; the box grows up to 120 px, then scrolls.
        await input(page).fill("");
        await input(page).press("a");
        for (let i = 0; i < 8; i++) await input(page).press("Shift+Enter");
        const height = await input(page).evaluate((el) => el.getBoundingClientRect().height);
        expect(height).toBeLessThanOrEqual(121);
        expect(height).toBeGreaterThan(60);
        expect(await page.locator(".message").count()).toBe(0);

        await ask(page, en ? QUESTION_EN : QUESTION_AR, 1);
        const first = answers(page).first();
        expect(await first.locator(".markdown strong").count()).toBeGreaterThan(0); // Markdown, not raw text
        expect(await first.locator(".citation-chip").count()).toBeGreaterThan(0);
        expect(await first.locator(".follow-up").count()).toBeGreaterThan(0);
        await page.locator(".guest-banner").waitFor();
        await page.locator(".upsell").waitFor();
        await screenshot(page, `chat-guest-answer-${language}-${viewport.name}`);

        // The composer's answer: chips fit their row, each block reads in its own direction (an
        // English answer quotes the Arabic text right-to-left), and Copy gives clean text + sources.
        await expectChipsFit(first);
        const directions = await blockDirections(first);
        for (const block of directions) expect(block).toEqual({ ...block, direction: block.expected });
        expect(directions[0]?.direction).toBe(en ? "ltr" : "rtl");
        const quotes = directions.filter((block) => block.tag === "blockquote");
        expect(quotes.length).toBeGreaterThan(0);
        if (en) expect(quotes.some((quote) => quote.direction === "rtl")).toBe(true);
        await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: product.baseUrl });
        await expectCleanCopy(await copyAnswer(page, first, en), first, en);

        // Guests cannot save favorites: the sign-up dialog opens instead.
        await first.getByRole("button", { name: en ? "Add to favorites" : "إضافة إلى المفضلة" }).click();
        const signUpDialog = page.getByRole("dialog");
        await signUpDialog.waitFor();
        await signUpDialog.getByLabel(en ? /First name/i : /الاسم الأول/).waitFor();
        await page.keyboard.press("Escape");
        await signUpDialog.waitFor({ state: "detached" });

        // The second (last) free question comes from a follow-up chip.
        await first.locator(".follow-up").first().click();
        await answers(page).nth(1).waitFor();
        const lock = page.locator(".lock-overlay");
        await lock.waitFor();
        expect(await input(page).isDisabled()).toBe(true);
        await page.locator(".quota-badge--warning").waitFor();
        await screenshot(page, `chat-guest-locked-${language}-${viewport.name}`);
        await lock.getByRole("button").click();
        await page.getByRole("dialog").waitFor();
      } finally {
        await page.context().close();
      }
    });
  }
});

describe("chat: a registered user", () => {
  let product: RunningProduct;
  let browser: Browser;
  let fake: FakeOpenAi;
  let stopProduct: (() => Promise<void>) | undefined;
  let articleRoute = false;
  beforeAll(async () => {
    ({ product, fake, stop: stopProduct } = await startProductWithFakeOpenAi());
    browser = await openBrowser();
    // The citation panel reads the full text from GET /api/knowledge/articles/:id when the gateway has it.
    // An unknown id answers "not in the knowledge base" when the route is mounted, "no such API route" when not.
    const probe = await fetch(`${product.baseUrl}/api/knowledge/articles/none`, { headers: { "accept-language": "en" } }).then((r) => r.text());
    articleRoute = /knowledge base|قاعدة المعرفة/.test(probe);
  });
  afterAll(async () => {
    await browser?.close();
    await stopProduct?.();
  });

  for (const viewport of VIEWPORTS) {
    const language = viewport.name === "desktop" ? "en" : "ar";
    it(`asks, streams, stops, reads a citation, reacts, switches language, recovers from a provider failure (${viewport.width}×${viewport.height})`, async () => {
      const email = `chat-${viewport.name}@example.com`;
      const link = await confirmationLink(product, email);
      const page = await newPage(browser, { ...viewport, locale: language });
      let en = language === "en";
      try {
        await page.goto(link);
        await page.waitForURL(`${product.baseUrl}/app`);
        await page.locator(".shell").waitFor();
        await input(page).waitFor();

        // 1. Stream a slow answer from the `openai` provider, watch it grow, stop it mid-stream.
        await pickProvider(page, /openai/i);
        await input(page).fill(`Explain the Labor Law in detail [slow] (${viewport.name})`);
        await input(page).press("Enter");
        const streaming = page.locator(".message--streaming .markdown");
        await streaming.getByText("Streaming piece 3").waitFor();
        const early = (await streaming.textContent()) ?? "";
        await streaming.getByText("Streaming piece 6").waitFor();
        expect(((await streaming.textContent()) ?? "").length).toBeGreaterThan(early.length);
        await screenshot(page, `chat-streaming-${language}-${viewport.name}`);
        await page.getByRole("button", { name: en ? "Stop" : "إيقاف" }).click();
        await page.locator(".message--streaming").waitFor({ state: "detached" });
        await page.getByRole("button", { name: en ? "Send" : "إرسال" }).waitFor();
        expect(await page.getByRole("alert").filter({ hasText: en ? "Connection Issue" : "مشكلة في الاتصال" }).count()).toBe(0);

        // 2. A grounded answer from QAI-1.0 with its sources.
        await pickProvider(page, /QAI-1\.0/);
        await ask(page, en ? QUESTION_EN : QUESTION_AR, 1);
        const answer = answers(page).last();
        const chip = answer.locator(".citation-chip").first();
        await chip.waitFor();

        // 3. Open a citation: the article in a side panel (bottom sheet on phones), the chat stays.
        await chip.click();
        const sheet = page.locator(".sheet");
        await sheet.waitFor();
        await sheet.getByRole("heading", { name: en ? /Article \d+/ : /المادة \d+/ }).waitFor();
        await sheet.locator(".status-badge--in_force").waitFor();
        expect(await sheet.getByRole("link", { name: en ? /official source/ : /المصدر الرسمي/ }).getAttribute("href")).toMatch(/^https:\/\//);
        if (articleRoute) {
          await sheet.locator(".sheet__text").waitFor();
          expect(((await sheet.locator(".sheet__text").textContent()) ?? "").length).toBeGreaterThan(40);
        } else {
          await sheet.locator(".sheet__unavailable").waitFor();
        }
        await screenshot(page, `chat-citation-${language}-${viewport.name}`);
        await page.keyboard.press("Escape");
        await sheet.waitFor({ state: "detached" });
        expect(await answers(page).count()).toBe(1);

        // 4. Like (a toggle) and favorite the answer.
        const like = answer.getByRole("button", { name: en ? "Helpful" : "مفيدة", exact: true });
        const liked = page.waitForResponse((r) => r.url().endsWith("/api/feedback"));
        await like.click();
        expect((await liked).status()).toBe(200);
        await answer.getByRole("button", { name: en ? "Helpful" : "مفيدة", exact: true, pressed: true }).waitFor();
        const favorite = answer.getByRole("button", { name: en ? "Add to favorites" : "إضافة إلى المفضلة" });
        const saved = page.waitForResponse((r) => r.url().endsWith("/api/favorites") && r.request().method() === "POST");
        await favorite.click();
        expect((await saved).status()).toBe(201);
        await answer.getByRole("button", { name: en ? "Remove from favorites" : "إزالة من المفضلة" }).waitFor();
        await screenshot(page, `chat-reacted-${language}-${viewport.name}`);

        // 5. Switch the language mid-conversation: the messages stay.
        const count = await page.locator(".message").count();
        const account = page.locator(".account").filter({ visible: true }).first();
        await account.click();
        await page.getByRole("menuitem", { name: en ? "العربية" : "English" }).click();
        en = !en;
        await page.waitForFunction((dir) => document.documentElement.dir === dir, en ? "ltr" : "rtl");
        expect(await page.locator(".message").count()).toBe(count);
        await answer.getByRole("button", { name: en ? "Remove from favorites" : "إزالة من المفضلة" }).waitFor();
        await answer.getByRole("button", { name: en ? "Helpful" : "مفيدة", exact: true, pressed: true }).waitFor();

        // 6. A provider failure: the error panel, then Try Again answers.
        await pickProvider(page, /openai/i);
        await input(page).fill(`What about overtime? [fail-once:${viewport.name}]`);
        await input(page).press("Enter");
        const panel = page.getByRole("alert").filter({ hasText: en ? "Connection Issue" : "مشكلة في الاتصال" });
        await panel.waitFor();
        await panel.getByRole("button", { name: en ? "Switch AI Provider" : "تبديل مزوّد الذكاء الاصطناعي" }).waitFor();
        await screenshot(page, `chat-error-${language}-${viewport.name}`);
        await panel.getByRole("button", { name: en ? "Try Again" : "حاول مرة أخرى" }).click();
        await panel.waitFor({ state: "detached" });
        await answers(page).nth(1).getByText("This answer came from the fallback provider after Try Again.").waitFor();
        expect(await answers(page).nth(1).locator(".follow-up").count()).toBe(2);
        expect(fake.requests.filter((q) => q.includes(`[fail-once:${viewport.name}]`))).toHaveLength(2);
        await screenshot(page, `chat-recovered-${language}-${viewport.name}`);
      } finally {
        await page.context().close();
      }
    });
  }
});

describe("chat: answer layout — long law names, copy with sources, quotes in their own direction", () => {
  let product: RunningProduct;
  let browser: Browser;
  let stopProduct: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ product, stop: stopProduct } = await startProductWithFakeOpenAi([SHOMOOS.file, POSTAL.file]));
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stopProduct?.();
  });

  for (const viewport of VIEWPORTS) {
    for (const language of ["ar", "en"] as const) {
      it(`${language} at ${viewport.width}×${viewport.height}`, async () => {
        const en = language === "en";
        const page = await newPage(browser, { ...viewport, locale: language });
        try {
          await openAppAsGuest(page, product.baseUrl);
          await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: product.baseUrl });
          await pickProvider(page, /openai/i);
          await ask(page, `Probation and data rules [layout-${language}] (${viewport.name})`, 1);
          const answer = answers(page).first();

          // Chips: one per citation, in a wrapping row; the long law name is cut, its full title is
          // the chip's name and tooltip; the repealed law has its badge.
          expect(await answer.locator(".citation-chip").count()).toBe(3);
          const chips = await expectChipsFit(answer);
          const longName = en ? SHOMOOS.en : SHOMOOS.ar;
          const long = chips.find((chip) => chip.law === longName);
          expect(long).toBeDefined();
          expect(long?.cut).toBe(true);
          expect(long?.title).toContain(longName);
          expect(chips.map((chip) => chip.law)).toEqual(en ? ["Labor Law", SHOMOOS.en, POSTAL.en] : ["نظام العمل", SHOMOOS.ar, POSTAL.ar]);
          await answer.locator(".citation-chip--repealed .citation-chip__status").getByText(en ? "Repealed" : "ملغاة").waitFor();

          // Direction: the lead paragraph in the answer's language; every quote by its own text.
          const directions = await blockDirections(answer);
          for (const block of directions) expect(block).toEqual({ ...block, direction: block.expected });
          expect(directions[0]?.direction).toBe(en ? "ltr" : "rtl");
          const quotes = directions.filter((block) => block.tag === "blockquote").map((block) => block.direction);
          expect(quotes).toEqual(en ? ["rtl", "rtl"] : ["rtl", "ltr", "rtl"]);
          await answer.locator(".message__citations").scrollIntoViewIfNeeded(); // the chat scrolls in its own box
          await screenshot(page, `chat-layout-answer-${language}-${viewport.name}`);

          // Copy: clean text, no follow-ups, then the sources with the full law names and links.
          const copied = await copyAnswer(page, answer, en);
          expect(copied.startsWith(en ? "Answer: A probation period" : "الجواب: يجب النص")).toBe(true);
          expect(copied).toContain("إذا كان العامل خاضعاً لفترة تجربة");
          expect(copied).not.toMatch(/^- /m); // list dashes became bullets
          const sources = await expectCleanCopy(copied, answer, en);
          expect(sources).toEqual([
            `• ${en ? "Labor Law, Article 53" : "نظام العمل، المادة 53"}: https://laws.boe.gov.sa/BoeLaws/Laws/LawDetails/${LABOR_ID}/1`,
            `• ${en ? `${SHOMOOS.en}, Article 2` : `${SHOMOOS.ar}، المادة 2`}: https://laws.boe.gov.sa/BoeLaws/Laws/LawDetails/${SHOMOOS.id}/1`,
            `• ${en ? "Postal Law, Article 3 (Repealed)" : "نظام البريد 1406هـ، المادة 3 (ملغاة)"}: https://laws.boe.gov.sa/BoeLaws/Laws/LawDetails/${POSTAL.id}/1`,
          ]);

          // The panel shows the law's full title (and, in English, the official Arabic one under it).
          await answer.getByRole("button", { name: longName }).click();
          const sheet = page.locator(".sheet");
          await sheet.waitFor();
          await sheet.getByRole("heading", { name: en ? "Article 2" : "المادة 2" }).waitFor();
          expect((await sheet.locator(".sheet__eyebrow").textContent())?.trim()).toBe(longName);
          if (en) expect((await sheet.locator(".sheet__official-name").textContent())?.trim()).toBe(SHOMOOS.ar);
          else expect(await sheet.locator(".sheet__official-name").count()).toBe(0);
          const eyebrow = await sheet.locator(".sheet__eyebrow").evaluate((el) => ({ width: el.scrollWidth, box: el.clientWidth }));
          expect(eyebrow.width).toBeLessThanOrEqual(eyebrow.box + 1); // wraps, never cut
          await screenshot(page, `chat-layout-citation-${language}-${viewport.name}`);
          expect(await checkAccessibility(page)).toEqual([]);
          await page.keyboard.press("Escape");
          await sheet.waitFor({ state: "detached" });
          expect(await checkAccessibility(page)).toEqual([]);
        } finally {
          await page.context().close();
        }
      });
    }
  }
});
