/// <reference lib="dom" />
/**
 * Browser-test harness: starts the built product (`make build` first) on a free port with a fresh
 * data directory, and drives Debian's Chromium through playwright-core.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import axe from "axe-core";
import { chromium, type Browser, type Page } from "playwright-core";
import { clusterAt, clusterServers } from "../services/all-in-one/test/cluster-harness";

const ROOT = resolve(__dirname, "..");
const MAIN = join(ROOT, "services/all-in-one/dist/main.js");
const ADMIN_CLI = join(ROOT, "services/accounts/dist/cli.js");
const WEB_INDEX = join(ROOT, "web/dist/index.html");
const LAWS_DIR = join(ROOT, "data/laws");
const LABOR_LAW = join(LAWS_DIR, "093-08381293-6388-48e2-8ad2-a9a700f2aa94.json");
export const SCREENSHOT_DIR = join(ROOT, "test-results/screenshots");
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export interface MailboxMessage {
  to: string;
  subject: string;
  links: string[];
}

export interface RunningProduct {
  baseUrl: string;
  stop(): Promise<void>;
  /** The dev mailbox, newest first. */
  mailbox(): Promise<MailboxMessage[]>;
  /** Makes an address an admin with the admin CLI (`npm run admin -- grant`), as an operator would. */
  grantAdmin(email: string): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

/**
 * Spawns `node services/all-in-one/dist/main.js` and resolves once /readyz answers 200. The knowledge
 * base holds the Labor Law, plus `laws` (file names under data/laws) when given.
 */
export async function startProduct(options: { env?: Record<string, string>; laws?: string[] } = {}): Promise<RunningProduct> {
  for (const file of [MAIN, WEB_INDEX]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`make build\` first (make test does)`);
  }
  const dataDir = await mkdtemp(join(tmpdir(), "qai-e2e-"));
  const seedDir = join(dataDir, "seed");
  await mkdir(seedDir);
  await copyFile(LABOR_LAW, join(seedDir, "labor.json"));
  for (const law of options.laws ?? []) await copyFile(join(LAWS_DIR, law), join(seedDir, law));
  if (process.env.QAI_E2E_CLUSTER === "1") return startCluster(dataDir, seedDir, options.env ?? {});
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: join(dataDir, "data"),
      KNOWLEDGE_SEED_DIR: seedDir,
      AUTH_SITE_URL: baseUrl,
      LOG_LEVEL: "warn",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timedOut = await Promise.race([exited.then(() => false), sleep(10_000).then(() => true)]);
      if (timedOut) child.kill("SIGKILL");
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the product exited with ${child.exitCode}:\n${output}`);
    }
    const status = await fetch(`${baseUrl}/readyz`).then((r) => r.status, () => 0);
    if (status === 200) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the product was not ready within 60 s:\n${output}`);
    }
    await sleep(200);
  }

  return {
    baseUrl,
    stop,
    grantAdmin: async (email) => {
      await promisify(execFile)(process.execPath, [ADMIN_CLI, "grant", email], { cwd: ROOT, env: { ...process.env, DATA_DIR: join(dataDir, "data") } });
    },
    mailbox: () => readMailbox(baseUrl),
  };
}

/**
 * QAI_E2E_CLUSTER=1: the journeys run against the distributed mode instead (deploy/local/cluster.sh: every
 * service its own process on Kafka, Elasticsearch and Redis, which must be running). One suite at a time
 * (`--runInBand`): clusters on the same servers share the Elasticsearch alias.
 */
async function startCluster(dataDir: string, seedDir: string, env: Record<string, string>): Promise<RunningProduct> {
  const servers = clusterServers();
  if (servers.skipReason) throw new Error(`QAI_E2E_CLUSTER=1: ${servers.skipReason}`);
  const port = await freePort();
  const cluster = await clusterAt({ dir: join(dataDir, "cluster"), port, servers, env: { KNOWLEDGE_SEED_DIR: seedDir, LOG_LEVEL: "warn", ...env } });
  const stop = async () => {
    await cluster.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  const started = await cluster.run("start");
  if (started.code !== 0) {
    await stop();
    throw new Error(`cluster.sh start failed:\n${started.output}`);
  }
  const baseUrl = `http://localhost:${port}`;
  return {
    baseUrl,
    stop,
    grantAdmin: async (email) => {
      // The accounts service's SQLite file in the cluster (the CLI opens DATA_DIR/accounts.db).
      await promisify(execFile)(process.execPath, [ADMIN_CLI, "grant", email], { cwd: ROOT, env: { ...process.env, DATA_DIR: join(dataDir, "cluster/data/accounts") } });
    },
    mailbox: () => readMailbox(baseUrl),
  };
}

async function readMailbox(baseUrl: string): Promise<MailboxMessage[]> {
  const response = await fetch(`${baseUrl}/dev/mailbox/messages`);
  if (!response.ok) throw new Error(`mailbox: ${response.status}`);
  const messages = (await response.json()) as Array<{ to: string | string[]; subject: string; links?: string[] }>;
  return messages.map((m) => ({ to: Array.isArray(m.to) ? m.to.join(", ") : m.to, subject: m.subject, links: m.links ?? [] }));
}

/** The product and the browser a describe block shares; filled in by {@link productForSuite}'s beforeAll. */
export interface Suite {
  product: RunningProduct;
  browser: Browser;
}

/**
 * Starts the product and the browser once for the enclosing describe block (beforeAll) and stops them
 * after it (afterAll). Read `suite.product` and `suite.browser` inside the tests.
 */
export function productForSuite(options: Parameters<typeof startProduct>[0] = {}): Suite {
  const suite = {} as Suite;
  beforeAll(async () => {
    suite.product = await startProduct(options);
    suite.browser = await openBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.product?.stop();
  });
  return suite;
}

export function openBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
}

/** A page in a fresh context; `locale` presets the stored language (the app's default is Arabic). */
export async function newPage(browser: Browser, options: { width: number; height: number; locale?: "ar" | "en" }): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: options.width, height: options.height },
    locale: options.locale === "en" ? "en-US" : "ar-SA",
    reducedMotion: "reduce",
  });
  if (options.locale) {
    const language = options.locale;
    await context.addInitScript((lng: string) => {
      try {
        if (!window.localStorage.getItem("language")) window.localStorage.setItem("language", lng);
      } catch {
        // opaque origin (about:blank)
      }
    }, language);
  }
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** Saves a full-page PNG under test-results/screenshots/<name>.png (kept as a test artifact). */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, "-")}.png`);
  await page.screenshot({ path, fullPage: true, animations: "disabled" });
  return path;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** Runs axe-core in the page; returns the serious and critical violations only. */
export async function checkAccessibility(page: Page): Promise<AxeViolation[]> {
  const hasAxe = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== "undefined");
  // The product's CSP forbids inline scripts (addScriptTag); evaluating through the debugger protocol is not subject to it.
  if (!hasAxe) await page.evaluate(axe.source);
  const results = await page.evaluate(async () => {
    const run = (window as unknown as { axe: { run(context?: unknown, options?: unknown): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const outcome = await run.run(document, { resultTypes: ["violations"] });
    return outcome.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(" ")) }));
  });
  return results.filter((v) => v.impact === "serious" || v.impact === "critical");
}

/** The two sizes every screen is checked at. */
export const VIEWPORTS = [
  { name: "mobile", width: 390, height: 844 },
  { name: "desktop", width: 1440, height: 900 },
] as const;

export const LANGUAGES = ["ar", "en"] as const;
