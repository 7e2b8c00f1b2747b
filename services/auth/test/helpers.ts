import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import ws from "ws";
import { readFile } from "node:fs/promises";
import { authEnvSchema, KEYS_SECRET_FILE_NAME, KeySealer, recordSigningKeyStore, startAuthService, type KeySet } from "@qai/auth";
import type { EventBus } from "@qai/event-bus";
import { createLogger, loadConfig } from "@qai/platform";
import { openSqliteRecordStore } from "@qai/record-store";

export interface TestAuth {
  url: string;
  dataDir: string;
  /** Moves the server's clock forward. */
  advance(ms: number): void;
  rotateSigningKey(): Promise<string>;
  grpcAddress: string;
  stop(): Promise<void>;
}

export interface TestAuthOptions {
  /** The SQLite file of the record store (default DATA_DIR/auth.db); replicas share one. */
  storeFile?: string;
  /** How often the key set is re-read (0: only for unknown kids). */
  keyRefreshMs?: number;
}

/**
 * Starts the auth service in-process on free ports with a fresh DATA_DIR (publishing auth.session.v1 on
 * `bus`); AuthAdminService on loopback gRPC or another transport's `grpcBindAddress`.
 */
export async function startTestAuth(env: Record<string, string> = {}, dataDir?: string, bus?: EventBus, grpcBindAddress = "127.0.0.1:0", options: TestAuthOptions = {}): Promise<TestAuth> {
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), "qai-auth-")));
  let offset = 0;
  const service = await startAuthService({
    store: await openSqliteRecordStore({ file: options.storeFile ?? join(dir, "auth.db") }),
    logger: createLogger({ level: "silent" }),
    config: loadConfig(authEnvSchema, env),
    dataDir: dir,
    httpHost: "127.0.0.1",
    httpPort: 0,
    grpcBindAddress,
    ...(bus ? { bus } : {}),
    clock: () => Date.now() + offset,
    ...(options.keyRefreshMs !== undefined && { keyRefreshMs: options.keyRefreshMs }),
  });
  return {
    url: service.httpUrl,
    dataDir: dir,
    grpcAddress: service.address,
    advance: (ms) => {
      offset += ms;
    },
    rotateSigningKey: () => service.rotateSigningKey(),
    async stop() {
      await service.stop(100);
      if (!dataDir) await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The tiny Storage supabase-js needs in Node (no localStorage). */
export function memoryStorage(): { getItem(key: string): string | null; setItem(key: string, value: string): void; removeItem(key: string): void } {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/** The unmodified supabase-js client against the embedded server. */
export function supabaseClient(url: string, options: { flowType?: "implicit" | "pkce"; headers?: Record<string, string> } = {}): SupabaseClient {
  return createClient(url, "anon-key", {
    auth: { storage: memoryStorage(), autoRefreshToken: false, detectSessionInUrl: false, persistSession: true, flowType: options.flowType ?? "implicit" },
    realtime: { transport: ws as never },
    ...(options.headers ? { global: { headers: options.headers } } : {}),
  });
}

export function uniqueEmail(label = "user"): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  createdAt: string;
}

export async function mailbox(url: string): Promise<MailboxMessage[]> {
  const response = await fetch(`${url}/dev/mailbox/messages`);
  expect(response.status).toBe(200);
  return (await response.json()) as MailboxMessage[];
}

/** The newest message to `email`. */
export async function latestMailTo(url: string, email: string): Promise<MailboxMessage> {
  const message = (await mailbox(url)).find((mail) => mail.to === email);
  if (!message) throw new Error(`no mail to ${email}`);
  return message;
}

/** Follows a link without following the redirect: the 303 status and the Location. */
export async function follow(link: string): Promise<{ status: number; location: URL }> {
  const response = await fetch(link, { redirect: "manual" });
  return { status: response.status, location: new URL(response.headers.get("location") ?? "about:blank") };
}

/** POSTs JSON the way supabase-js does (API version header unless `legacy`). */
export async function post(url: string, path: string, body: unknown, options: { legacy?: boolean; token?: string; headers?: Record<string, string>; raw?: string } = {}): Promise<Response> {
  return fetch(`${url}/auth/v1${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json;charset=UTF-8",
      apikey: "anon-key",
      authorization: `Bearer ${options.token ?? "anon-key"}`,
      ...(options.legacy ? {} : { "x-supabase-api-version": "2024-01-01" }),
      ...options.headers,
    },
    body: options.raw ?? JSON.stringify(body),
  });
}

export async function getUserWith(url: string, token: string): Promise<Response> {
  return fetch(`${url}/auth/v1/user`, { headers: { authorization: `Bearer ${token}`, "x-supabase-api-version": "2024-01-01", apikey: "anon-key" } });
}

/** Signs up and confirms through the e-mail link; returns the session from the link. */
export async function signUpConfirmed(url: string, email: string, password = "secret-pass-1", data: Record<string, unknown> = {}): Promise<{ accessToken: string; refreshToken: string }> {
  const client = supabaseClient(url);
  const { error } = await client.auth.signUp({ email, password, options: { data } });
  if (error) throw error;
  const { location } = await follow((await latestMailTo(url, email)).links[0]!);
  const hash = new URLSearchParams(location.hash.slice(1));
  return { accessToken: hash.get("access_token")!, refreshToken: hash.get("refresh_token")! };
}

/** The kids of the published keys, newest first. */
export async function publishedKids(url: string): Promise<string[]> {
  const { keys } = (await (await fetch(`${url}/auth/v1/.well-known/jwks.json`)).json()) as { keys: Array<{ kid: string }> };
  return keys.map((key) => key.kid);
}

/** The key set a service keeps in its SQLite store, unsealed with the secret in its DATA_DIR (or `secret`). */
export async function storedKeySet(dataDir: string, storeFile = join(dataDir, "auth.db"), secret?: string): Promise<KeySet | undefined> {
  const store = await openSqliteRecordStore({ file: storeFile });
  try {
    const sealing = secret ?? (await readFile(join(dataDir, KEYS_SECRET_FILE_NAME), "utf8")).trim();
    return await recordSigningKeyStore(store, new KeySealer(sealing)).load();
  } finally {
    await store.close();
  }
}
