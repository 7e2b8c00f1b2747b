import { copyFile, mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createLogger } from "@qai/platform";
import { loadAllInOneConfig, startProduct, type ProductOverrides, type RunningProduct } from "@qai/all-in-one";

export const LAWS_DIR = resolve(__dirname, "../../../data/laws");
export const LABOR_LAW_FILE = "093-08381293-6388-48e2-8ad2-a9a700f2aa94.json";

export interface TestProduct {
  product: RunningProduct;
  /** e.g. http://127.0.0.1:41234 */
  base: string;
  dataDir: string;
  stop(): Promise<void>;
}

export interface TestProductOptions {
  /** Extra environment (the defaults: free port, temp DATA_DIR, autoconfirmed sign-ups, instant answers). */
  env?: Record<string, string>;
  /** Law files from data/laws to seed (default: the Labor Law). */
  lawFiles?: string[];
  overrides?: ProductOverrides;
}

/** The whole product in this process, as `make start` runs it, on a free port with a fresh DATA_DIR. */
export async function startTestProduct({ env = {}, lawFiles = [LABOR_LAW_FILE], overrides }: TestProductOptions = {}): Promise<TestProduct> {
  const dataDir = await mkdtemp(join(tmpdir(), "qai-product-"));
  const seedDir = join(dataDir, "seed");
  await mkdir(seedDir);
  for (const file of lawFiles) await copyFile(join(LAWS_DIR, file), join(seedDir, file));
  const config = loadAllInOneConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    KNOWLEDGE_SEED_DIR: seedDir,
    WEB_DIST: join(dataDir, "no-web"),
    AUTH_AUTOCONFIRM: "true",
    ...env,
  });
  const product = await startProduct(config, createLogger({ level: "silent" }), overrides);
  await product.ready;
  return {
    product,
    base: `http://127.0.0.1:${product.port}`,
    dataDir,
    async stop() {
      await product.stop(500);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface SignedUp {
  token: string;
  userId: string;
  email: string;
}

/**
 * Signs up through /auth/v1 and returns the session's access token: at once with autoconfirm, else
 * through the confirmation link in the dev mailbox (the test runs on loopback), which also proves
 * the address (`email_verified`, which ADMIN_EMAILS needs).
 */
export async function signUp(base: string, email: string, password = "correct horse"): Promise<SignedUp> {
  const response = await fetch(`${base}/auth/v1/signup`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-supabase-api-version": "2024-01-01" },
    body: JSON.stringify({ email, password, data: { first_name: "Sara", last_name: "Alotaibi" } }),
  });
  if (response.status !== 200) throw new Error(`sign-up of ${email} failed: ${response.status} ${await response.text()}`);
  const session = (await response.json()) as { access_token?: string; id?: string; user?: { id: string } };
  if (session.access_token) return { token: session.access_token, userId: session.user!.id, email };
  return { token: (await confirmByMail(base, email)).accessToken, userId: session.id!, email };
}

/** Follows the newest confirmation link to `email` in the dev mailbox; returns the session it hands out. */
export async function confirmByMail(base: string, email: string): Promise<{ accessToken: string; refreshToken: string }> {
  const messages = (await (await fetch(`${base}/dev/mailbox/messages`)).json()) as Array<{ to: string; links: string[] }>;
  const link = messages.find((message) => message.to === email)?.links.find((candidate) => candidate.includes("/verify"));
  if (!link) throw new Error(`no confirmation mail to ${email}`);
  // The link names the site URL (localhost:<PORT>); the product listens on the same port.
  const confirmed = await fetch(`${base}${new URL(link).pathname}${new URL(link).search}`, { redirect: "manual" });
  const hash = new URLSearchParams(new URL(confirmed.headers.get("location") ?? "about:blank").hash.slice(1));
  const accessToken = hash.get("access_token");
  if (!accessToken) throw new Error(`confirming ${email} failed: ${confirmed.status} ${confirmed.headers.get("location")}`);
  return { accessToken, refreshToken: hash.get("refresh_token")! };
}
