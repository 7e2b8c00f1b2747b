import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { openSqliteRecordStore } from "@qai/record-store";
import { newSigningKey } from "../src/domain/key-set";
import { post, publishedKids, signUpConfirmed, startTestAuth, storedKeySet, uniqueEmail, type TestAuth } from "./helpers";

const SECRET = "the-same-sealing-secret-on-every-replica-42";
/** Replicas serve one site, so their tokens name one issuer. */
const SITE = { AUTH_SITE_URL: "http://qai.example", AUTH_AUTOCONFIRM: "true" };
const kidOf = (jwt: string) => (JSON.parse(Buffer.from(jwt.split(".")[0]!, "base64url").toString()) as { kid: string }).kid;
const getUser = (url: string, token: string) => fetch(`${url}/auth/v1/user`, { headers: { authorization: `Bearer ${token}`, apikey: "anon-key" } });
const refresh = (url: string, refreshToken: string) => post(url, "/token?grant_type=refresh_token", { refresh_token: refreshToken });

/** Signs up on `url` (autoconfirmed): the new session's tokens. */
async function signUp(url: string, label: string): Promise<{ accessToken: string; refreshToken: string }> {
  const response = await post(url, "/signup", { email: uniqueEmail(label), password: "secret-pass-1" });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { access_token: string; refresh_token: string };
  return { accessToken: body.access_token, refreshToken: body.refresh_token };
}

/** Waits until `check` holds (it is re-read every few hundred ms by replicas in these tests). */
async function eventually(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(50)) if (await check()) return;
  throw new Error("condition not met in time");
}

/** Replicas with their own DATA_DIR (as pods have) on one record store and one AUTH_KEYS_SECRET. */
describe("auth replicas sharing one record store", () => {
  let shared: string;
  let storeFile: string;
  const running: TestAuth[] = [];
  const dirs: string[] = [];

  async function replica(keyRefreshMs: number, secret = SECRET): Promise<TestAuth> {
    const dataDir = await mkdtemp(join(tmpdir(), "qai-auth-replica-"));
    dirs.push(dataDir);
    const auth = await startTestAuth({ ...SITE, AUTH_KEYS_SECRET: secret }, dataDir, undefined, "127.0.0.1:0", { storeFile, keyRefreshMs });
    running.push(auth);
    return auth;
  }

  beforeEach(async () => {
    shared = await mkdtemp(join(tmpdir(), "qai-auth-shared-"));
    storeFile = join(shared, "auth.db");
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((auth) => auth.stop()));
    await Promise.all([shared, ...dirs.splice(0)].map((dir) => rm(dir, { recursive: true, force: true })));
  });

  test("replicas starting together create one key set", async () => {
    const [a, b, c] = await Promise.all([replica(0), replica(0), replica(0)]);
    const kids = await publishedKids(a.url);
    expect(kids).toHaveLength(1);
    expect(await publishedKids(b.url)).toEqual(kids);
    expect(await publishedKids(c.url)).toEqual(kids);
    const store = await openSqliteRecordStore({ file: storeFile });
    expect(await store.collection("signing_key_sets").count()).toBe(1);
    await store.close();
  });

  test("a token signed by one verifies on the other, and its refresh token works there too", async () => {
    const [a, b] = await Promise.all([replica(0), replica(0)]);
    const { accessToken, refreshToken } = await signUp(a.url, "replica");
    expect((await getUser(b.url, accessToken)).status).toBe(200);
    expect((await refresh(b.url, refreshToken)).status).toBe(200);
  });

  test("a rotation by one replica is used by the other: at once for its tokens, and for signing", async () => {
    const a = await replica(0);
    const b = await replica(0); // never re-reads on its own: only an unknown kid makes it
    const oldKid = (await publishedKids(a.url))[0]!;
    const newKid = await a.rotateSigningKey();
    const fromA = await signUp(a.url, "after-rotation");
    expect(kidOf(fromA.accessToken)).toBe(newKid);
    expect((await getUser(b.url, fromA.accessToken)).status).toBe(200);
    expect(await publishedKids(b.url)).toEqual([newKid, oldKid]);
    const fromB = await signUp(b.url, "signed-by-b");
    expect(kidOf(fromB.accessToken)).toBe(newKid);
  });

  test("replicas re-read the key set on their own within the refresh interval", async () => {
    const a = await replica(100);
    const b = await replica(100);
    const oldKid = (await publishedKids(b.url))[0]!;
    const newKid = await a.rotateSigningKey();
    await eventually(async () => (await publishedKids(b.url))[0] === newKid);
    expect(await publishedKids(b.url)).toEqual([newKid, oldKid]);
  });

  test("a replica with another AUTH_KEYS_SECRET refuses to start, naming the variable", async () => {
    await replica(0);
    await expect(replica(0, "not-the-secret-the-others-have-0123456")).rejects.toThrow(/AUTH_KEYS_SECRET/);
  });
});

describe("the key set of one service", () => {
  let dataDir: string;
  beforeEach(async () => void (dataDir = await mkdtemp(join(tmpdir(), "qai-auth-keys-"))));
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  test("is sealed with a secret kept in DATA_DIR (mode 0600) and survives a restart, refresh tokens included", async () => {
    const first = await startTestAuth({}, dataDir);
    const kids = await publishedKids(first.url);
    const { refreshToken } = await signUpConfirmed(first.url, uniqueEmail("restart"));
    await first.stop();
    expect((await stat(join(dataDir, "auth-keys.secret"))).mode & 0o777).toBe(0o600);
    expect((await readdir(dataDir)).filter((name) => name.startsWith("auth-keys"))).toEqual(["auth-keys.secret"]);

    const second = await startTestAuth({}, dataDir);
    try {
      expect(await publishedKids(second.url)).toEqual(kids);
      expect((await refresh(second.url, refreshToken)).status).toBe(200);
    } finally {
      await second.stop();
    }
  });

  test("an earlier version's auth-keys.json is imported once, so its sessions survive, and never written again", async () => {
    const legacyKey = await newSigningKey(Date.now() - 60_000);
    const tokenSecret = Buffer.alloc(32, 7);
    const legacyFile = join(dataDir, "auth-keys.json");
    const legacyText = JSON.stringify({ tokenSecret: tokenSecret.toString("base64"), keys: [legacyKey] }, null, 2);
    await writeFile(legacyFile, legacyText, { mode: 0o600 });

    const auth = await startTestAuth({}, dataDir);
    try {
      expect(await publishedKids(auth.url)).toEqual([legacyKey.kid]);
      const { accessToken } = await signUpConfirmed(auth.url, uniqueEmail("migrated"));
      expect(kidOf(accessToken)).toBe(legacyKey.kid);
      expect(await storedKeySet(dataDir)).toEqual({ generation: 1, tokenSecret, keys: [legacyKey] });

      const newKid = await auth.rotateSigningKey();
      expect(await readFile(legacyFile, "utf8")).toBe(legacyText);
      expect((await storedKeySet(dataDir))?.keys.map((key) => key.kid)).toEqual([newKid, legacyKey.kid]);
    } finally {
      await auth.stop();
    }
    // Once the store has a key set the file is not read again: the rotation stands.
    const again = await startTestAuth({}, dataDir);
    try {
      expect((await publishedKids(again.url))[0]).not.toBe(legacyKey.kid);
    } finally {
      await again.stop();
    }
  });
});

describe("the rotate-signing-key CLI (built: dist/rotate-signing-key.js)", () => {
  const CLI = resolve(__dirname, "../dist/rotate-signing-key.js");

  async function runCli(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
    const child = spawn(process.execPath, [CLI], { env: { PATH: process.env.PATH, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += String(chunk)));
    child.stderr.on("data", (chunk) => (output += String(chunk)));
    const [code] = (await once(child, "exit")) as [number | null];
    return { code, output };
  }

  test("rotates the key set in the store; the running server takes the new key", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "qai-auth-cli-"));
    const auth = await startTestAuth({}, dataDir, undefined, "127.0.0.1:0", { keyRefreshMs: 100 });
    try {
      const oldKid = (await publishedKids(auth.url))[0]!;
      const { code, output } = await runCli({ DATA_DIR: dataDir });
      expect(code).toBe(0);
      const newKid = /new signing key: (\S+)/.exec(output)![1]!;
      await eventually(async () => (await publishedKids(auth.url))[0] === newKid);
      expect(await publishedKids(auth.url)).toEqual([newKid, oldKid]);
      expect(kidOf((await signUpConfirmed(auth.url, uniqueEmail("cli"))).accessToken)).toBe(newKid);
    } finally {
      await auth.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  test("on a shared store it requires AUTH_KEYS_SECRET", async () => {
    const { code, output } = await runCli({ DATA_DIR: tmpdir(), RECORD_STORE_URL: "mongodb://127.0.0.1:1/" });
    expect(code).not.toBe(0);
    expect(output).toMatch(/AUTH_KEYS_SECRET is required/);
  });
});
