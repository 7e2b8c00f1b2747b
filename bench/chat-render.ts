/**
 * Chat rendering benchmark (issue 7): how much React work one streamed chunk costs, with few and
 * with many earlier messages on screen. A React DevTools-style hook counts, per commit, the
 * function components that actually rendered (walking only the subtrees React did not bail out of).
 * If the whole message list re-rendered per chunk, the work per commit would grow with the number
 * of messages; with memoized rows it stays flat. The median commit is a chunk's (the browser reveals
 * the answer frame by frame); the mean also counts the few commits that change the list (question
 * sent, answer completed). Needs `make build`. Run: `make bench`.
 */
import type { Page } from "playwright-core";
import { newPage, openBrowser, startProduct } from "../e2e/harness";

/**
 * Installed before the app loads: React calls this hook on every commit, in production builds too.
 * Plain JavaScript text, so that nothing the TypeScript loader adds leaks into the page.
 */
const RENDER_COUNTER = `
(() => {
  const stats = { measuring: false, commits: 0, rendered: 0, perCommit: [] };
  const rendered = (next, previous) => {
    let count = typeof next.type === "function" && (previous === null || (next.flags & 1) === 1) ? 1 : 0;
    if (previous !== null && next.child === previous.child) return count; // the subtree bailed out
    for (let child = next.child; child; child = child.sibling) count += rendered(child, child.alternate);
    return count;
  };
  window.__renderStats = stats;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject(renderer) { this.renderers.set(this.renderers.size + 1, renderer); return this.renderers.size; },
    onCommitFiberRoot(_id, root) {
      if (!stats.measuring) return;
      const count = rendered(root.current, root.current.alternate);
      stats.commits += 1;
      stats.rendered += count;
      stats.perCommit.push(count);
    },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  };
})();
`;

interface Sample {
  messagesBefore: number;
  commits: number;
  componentsPerCommit: number;
  /** Components rendered by the median commit. */
  medianCommit: number;
}

async function ask(page: Page, question: string, done: number, measure: boolean): Promise<Sample> {
  const before = await page.locator(".message").count();
  await page.evaluate((on) => Object.assign((window as never as { __renderStats: object }).__renderStats, { measuring: on, commits: 0, rendered: 0, perCommit: [] }), measure);
  await page.locator("#chat-input").fill(question);
  await page.locator("#chat-input").press("Enter");
  await page.locator(".message--assistant:not(.message--streaming)").nth(done - 1).waitFor({ timeout: 60_000 });
  const stats = await page.evaluate(() => (window as never as { __renderStats: { commits: number; rendered: number; perCommit: number[] } }).__renderStats);
  const sorted = [...stats.perCommit].sort((a, b) => a - b);
  return { messagesBefore: before, commits: stats.commits, componentsPerCommit: stats.rendered / Math.max(1, stats.commits), medianCommit: sorted[Math.floor(sorted.length / 2)] ?? 0 };
}

async function main(): Promise<void> {
  const product = await startProduct({ env: { GUEST_QUESTION_LIMIT: "50" } });
  const browser = await openBrowser();
  try {
    const page = await newPage(browser, { width: 1440, height: 900, locale: "en" });
    await page.addInitScript({ content: RENDER_COUNTER });
    await page.goto(`${product.baseUrl}/app`);
    await page.locator("#chat-input").waitFor();
    const question = "How long can a probation period last under the Labor Law?";
    const samples: Sample[] = [await ask(page, question, 1, true)];
    for (let answered = 2; answered <= 10; answered++) await ask(page, question, answered, answered === 10);
    samples.push(await ask(page, question, 11, true));
    for (const s of samples) {
      console.log(`messages on screen ${String(s.messagesBefore).padStart(3)}  commits while streaming ${String(s.commits).padStart(4)}  components rendered per commit: median ${s.medianCommit}, mean ${s.componentsPerCommit.toFixed(1)}`);
    }
    const [few, many] = samples as [Sample, Sample];
    console.log(`growth of the median commit from ${few.messagesBefore} to ${many.messagesBefore} earlier messages: ${many.medianCommit - few.medianCommit} components (mean: ${(many.componentsPerCommit - few.componentsPerCommit).toFixed(1)})`);
  } finally {
    await browser.close();
    await product.stop();
  }
}

void main();
