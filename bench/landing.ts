/// <reference lib="dom" />
/**
 * Landing-page benchmark (issue 14, item 6): the built product (`make build` first, the e2e harness starts it) and
 * Debian's Chromium with the CPU throttled 4× (DevTools `Emulation.setCPUThrottlingRate`), as DESIGN §7's budget
 * reads: "Landing JavaScript ≤ 150 kB gzip, served compressed; LCP ≤ 1.5 s at 4× CPU throttling". Each visit is a
 * new browser context (empty cache: a first visit), in Arabic and in English; reports the largest contentful paint
 * (PerformanceObserver, buffered), the element it was, and the JavaScript the page loaded: bytes over the wire and
 * their encoding. `LANDING_VISITS` (default 10 per language).
 */
import type { Browser } from "playwright-core";
import { newPage, openBrowser, startProduct } from "../e2e/harness";

const VISITS = Number(process.env.LANDING_VISITS ?? 10);
const THROTTLING = 4;

interface Visit {
  lcpMs: number;
  element: string;
  scripts: Array<{ url: string; transferred: number; encoding: string }>;
}

async function visit(browser: Browser, baseUrl: string, locale: "ar" | "en"): Promise<Visit> {
  const page = await newPage(browser, { width: 1280, height: 800, locale });
  try {
    const encodings = new Map<string, string>();
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") encodings.set(response.url(), response.headers()["content-encoding"] ?? "identity");
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLING });
    await page.goto(`${baseUrl}/`, { waitUntil: "load" });
    const { lcpMs, element } = await page.evaluate(
      () =>
        new Promise<{ lcpMs: number; element: string }>((resolve) => {
          // The last entry before the page settles is the LCP; 1 s without a new one ends the wait.
          let last = { lcpMs: 0, element: "" };
          let timer = setTimeout(() => resolve(last), 1000);
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as Array<PerformanceEntry & { element?: Element | null }>) {
              const el = entry.element;
              last = { lcpMs: entry.startTime, element: el ? `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(" ")[0]}` : ""}` : "?" };
            }
            clearTimeout(timer);
            timer = setTimeout(() => resolve(last), 1000);
          }).observe({ type: "largest-contentful-paint", buffered: true });
        }),
    );
    const transfers = await page.evaluate(() =>
      (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter((entry) => entry.initiatorType === "script" || entry.name.endsWith(".js")).map((entry) => ({ url: entry.name, transferred: entry.transferSize })),
    );
    return { lcpMs, element, scripts: transfers.map((entry) => ({ ...entry, encoding: encodings.get(entry.url) ?? "?" })) };
  } finally {
    await page.context().close();
  }
}

/** The scripts' sizes as the server sends them gzip-encoded (the budget's unit; Chromium itself asks for brotli). */
async function gzipBytes(urls: readonly string[]): Promise<number> {
  let total = 0;
  for (const url of urls) {
    const response = await fetch(url, { headers: { "accept-encoding": "gzip" } });
    if (response.headers.get("content-encoding") !== "gzip") throw new Error(`${url} is not served gzip-encoded`);
    // fetch() decodes the body: the encoded size is what the header says, else the raw bytes re-read.
    total += Number(response.headers.get("content-length") ?? (await response.arrayBuffer()).byteLength);
  }
  return total;
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function main(): Promise<void> {
  const product = await startProduct();
  const browser = await openBrowser();
  try {
    for (const locale of ["ar", "en"] as const) {
      await visit(browser, product.baseUrl, locale); // warm-up: the server's first responses
      const visits: Visit[] = [];
      for (let i = 0; i < VISITS; i++) visits.push(await visit(browser, product.baseUrl, locale));
      const lcp = visits.map((v) => v.lcpMs).sort((a, b) => a - b);
      const elements = [...new Set(visits.map((v) => v.element))].join(", ");
      const scripts = visits[0]!.scripts;
      const bytes = scripts.reduce((sum, script) => sum + script.transferred, 0);
      const encodings = [...new Set(scripts.map((script) => script.encoding))].join("/");
      const gzip = await gzipBytes(scripts.map((script) => script.url));
      console.log(
        `landing (${locale}), CPU ×${THROTTLING}, ${VISITS} first visits: LCP p50 ${lcp[Math.floor(lcp.length / 2)]!.toFixed(0)} ms, p90 ${percentile(lcp, 90).toFixed(0)} ms (budget ≤ 1500; element ${elements}); JavaScript ${scripts.length} files, ${(bytes / 1000).toFixed(1)} kB over the wire (${encodings}), ${(gzip / 1000).toFixed(1)} kB gzip (budget ≤ 150)`,
      );
    }
  } finally {
    await browser.close();
    await product.stop();
  }
}

void main();
