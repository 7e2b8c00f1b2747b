// Usage: node cluster-supervisor.cjs — run by cluster.sh, which sets the variables below.
// Starts every QAI service as its own Node process (services/<name>/dist/main.js), wired over gRPC
// and to Kafka, Elasticsearch and Redis; restarts one that exits (a crash, kill -9) after a backoff
// (0.5 s doubling to 15 s; back to 0.5 s once it ran 60 s); on SIGTERM/SIGINT stops the gateway
// first, then the rest, each with SIGTERM (SIGKILL after 20 s). Per service, under CLUSTER_DIR:
// logs/<name>.log (appended), pids/<name>.pid (the running process), data/<name>/ (its SQLite file
// and DATA_DIR). status.json holds each service's pid, restarts, last exit and where it reports health.
"use strict";
const { spawn } = require("node:child_process");
const { closeSync, mkdirSync, openSync, renameSync, rmSync, writeFileSync } = require("node:fs");
const { join, resolve } = require("node:path");

const repo = resolve(__dirname, "../..");
const env = process.env;
const dir = resolve(env.CLUSTER_DIR ?? join(repo, ".data/local/cluster"));
const grpcBase = Number(env.CLUSTER_GRPC_BASE ?? 50051);
const port = Number(env.QAI_PORT ?? 8080);
const authHttpPort = Number(env.AUTH_HTTP_PORT ?? 9999);
const publicUrl = env.QAI_PUBLIC_URL ?? `http://localhost:${port}`;
// CLUSTER_GROUP_PREFIX: consumer groups of their own, for a second cluster on the same broker (the test's).
const kafka = `kafka://127.0.0.1:${env.KAFKA_PORT ?? 9092}${env.CLUSTER_GROUP_PREFIX ? `?group-prefix=${encodeURIComponent(env.CLUSTER_GROUP_PREFIX)}` : ""}`;
const elasticsearch = `http://127.0.0.1:${env.ES_PORT ?? 9200}`;
// CLUSTER_REDIS_DB: a Redis database of its own (quota counters, gateway state), for a second cluster (a test's).
const redis = `redis://127.0.0.1:${env.REDIS_PORT ?? 6379}/${env.CLUSTER_REDIS_DB ?? 0}`;
if (!env.COOKIE_SECRET || env.COOKIE_SECRET.length < 32) throw new Error("COOKIE_SECRET (at least 32 characters) is required");

// The ports of docker-compose.yml, moved together by CLUSTER_GRPC_BASE.
const grpcPort = { chat: 0, conversation: 1, knowledge: 2, quota: 3, auth: 4, accounts: 5, "admin-analytics": 6 };
const addr = (name) => `127.0.0.1:${grpcBase + grpcPort[name]}`;
/** Passed on when set (OpenAI, budgets, log level, auth mail). */
const passThrough = (names) => Object.fromEntries(names.filter((name) => env[name] !== undefined && env[name] !== "").map((name) => [name, env[name]]));

/**
 * Each service with its own SQLite file: FerretDB (the MongoDB wire protocol here) has no
 * multi-document transactions, and every service that writes enqueues its events in one
 * (deploy/local/README.md, "Local cluster").
 */
function stored(name, extra) {
  const data = join(dir, "data", name);
  return { GRPC_PORT: String(grpcBase + grpcPort[name]), DATA_DIR: data, RECORD_STORE_URL: `sqlite:${join(data, `${name}.db`)}`, ...extra };
}

// Start order = stop order reversed: the gateway goes first at stop, so no request meets a stopped backend.
const services = [
  ["auth", stored("auth", { EVENT_BUS_URL: kafka, AUTH_HTTP_PORT: String(authHttpPort), AUTH_HTTP_HOST: "127.0.0.1", AUTH_SITE_URL: publicUrl, ...passThrough(["AUTH_AUTOCONFIRM", "MAIL_MODE", "SMTP_URL", "MAIL_FROM", "AUTH_TRUSTED_PROXIES"]) })],
  ["conversation", stored("conversation", { EVENT_BUS_URL: kafka })],
  ["knowledge", stored("knowledge", { EVENT_BUS_URL: kafka, SEARCH_URL: elasticsearch, KNOWLEDGE_SEED_DIR: env.KNOWLEDGE_SEED_DIR ?? join(repo, "data/laws") })],
  ["quota", stored("quota", { EVENT_BUS_URL: kafka, QUOTA_STORE_URL: redis, ...passThrough(["GUEST_QUESTION_LIMIT", "USER_DAILY_QUESTION_LIMIT", "GUEST_IP_DAILY_QUESTION_LIMIT", "QUOTA_RESERVATION_LEASE_MS"]) })],
  ["accounts", stored("accounts", { EVENT_BUS_URL: kafka, AUTH_ADDR: addr("auth"), ...passThrough(["ADMIN_EMAILS"]) })],
  ["admin-analytics", stored("admin-analytics", { EVENT_BUS_URL: kafka })],
  ["chat", { GRPC_PORT: String(grpcBase + grpcPort.chat), CONVERSATION_ADDR: addr("conversation"), KNOWLEDGE_ADDR: addr("knowledge"), ...passThrough(["OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_MODEL"]) }],
  [
    "gateway",
    {
      PORT: String(port),
      CHAT_ADDR: addr("chat"),
      CONVERSATION_ADDR: addr("conversation"),
      KNOWLEDGE_ADDR: addr("knowledge"),
      QUOTA_ADDR: addr("quota"),
      ACCOUNTS_ADDR: addr("accounts"),
      ADMIN_ANALYTICS_ADDR: addr("admin-analytics"),
      AUTH_ADDR: addr("auth"),
      AUTH_URL: `http://127.0.0.1:${authHttpPort}`,
      AUTH_ISSUER: `${publicUrl}/auth/v1`,
      COOKIE_SECRET: env.COOKIE_SECRET,
      SECURE_COOKIES: env.SECURE_COOKIES ?? "false",
      WEB_DIST: env.WEB_DIST ?? join(repo, "web/dist"),
      EVENT_BUS_URL: kafka,
      GATEWAY_STATE_URL: redis,
    },
  ],
];

const INITIAL_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 15_000;
const STABLE_MS = 60_000;
const STOP_GRACE_MS = 20_000;

for (const sub of ["logs", "pids"]) mkdirSync(join(dir, sub), { recursive: true });
/** name → { child, restarts, backoffMs, startedAt, lastExit, timer } */
const running = new Map();
let stopping = false;

function log(message) {
  process.stderr.write(`${new Date().toISOString()} cluster: ${message}\n`);
}

/** Where a service says it is ready: grpc.health.v1 on its port, or an HTTP URL answering 200. */
function healthOf(serviceEnv) {
  if (serviceEnv.PORT) return { http: `http://127.0.0.1:${serviceEnv.PORT}/readyz` };
  return { grpc: `127.0.0.1:${serviceEnv.GRPC_PORT}`, ...(serviceEnv.AUTH_HTTP_PORT && { http: `http://127.0.0.1:${serviceEnv.AUTH_HTTP_PORT}/auth/v1/health` }) };
}

function writeStatus() {
  const status = Object.fromEntries(
    [...running].map(([name, s]) => [name, { pid: s.child?.pid ?? null, restarts: s.restarts, startedAt: s.startedAt, lastExit: s.lastExit ?? null, health: s.health }]),
  );
  writeFileSync(join(dir, "status.json.tmp"), JSON.stringify(status, null, 2));
  // rename is atomic: readers never see half a file
  renameSync(join(dir, "status.json.tmp"), join(dir, "status.json"));
}

function launch(name, serviceEnv) {
  const state = running.get(name);
  const out = openSync(join(dir, "logs", `${name}.log`), "a");
  // Everything but the other services' settings: PATH, NODE_OPTIONS, proxies and the like stay.
  const child = spawn(process.execPath, [join(repo, "services", name, "dist/main.js")], {
    cwd: repo,
    env: { ...baseEnv(), LOG_LEVEL: env.LOG_LEVEL ?? "info", ...serviceEnv },
    stdio: ["ignore", out, out],
  });
  closeSync(out);
  state.child = child;
  state.startedAt = new Date().toISOString();
  writeFileSync(join(dir, "pids", `${name}.pid`), String(child.pid));
  writeStatus();
  child.on("exit", (code, signal) => {
    state.child = undefined;
    state.lastExit = { code, signal, at: new Date().toISOString() };
    rmSync(join(dir, "pids", `${name}.pid`), { force: true });
    writeStatus();
    if (stopping) return;
    const ranMs = Date.now() - Date.parse(state.startedAt);
    if (ranMs >= STABLE_MS) state.backoffMs = INITIAL_BACKOFF_MS;
    log(`${name} exited (${signal ?? `code ${code}`}) after ${ranMs} ms; restarting in ${state.backoffMs} ms`);
    state.timer = setTimeout(() => {
      state.restarts += 1;
      launch(name, serviceEnv);
    }, state.backoffMs);
    state.backoffMs = Math.min(MAX_BACKOFF_MS, state.backoffMs * 2);
  });
}

/** This process's environment without the variables cluster.sh uses for itself. */
function baseEnv() {
  const copy = { ...env };
  for (const name of ["COOKIE_SECRET", "CLUSTER_DIR", "CLUSTER_GRPC_BASE", "CLUSTER_GROUP_PREFIX", "QAI_PORT", "QAI_PUBLIC_URL"]) delete copy[name];
  return copy;
}

function exited(child) {
  return new Promise((done) => (child.exitCode !== null || child.signalCode !== null ? done() : child.once("exit", done)));
}

async function stopService(name) {
  const state = running.get(name);
  clearTimeout(state.timer);
  const child = state.child;
  if (!child) return;
  child.kill("SIGTERM");
  const killer = setTimeout(() => {
    log(`${name} still running after ${STOP_GRACE_MS} ms, killing it`);
    child.kill("SIGKILL");
  }, STOP_GRACE_MS);
  await exited(child);
  clearTimeout(killer);
}

async function stopAll(signal) {
  if (stopping) return;
  stopping = true;
  log(`${signal}: stopping the services`);
  await stopService("gateway");
  await Promise.all(services.filter(([name]) => name !== "gateway").map(([name]) => stopService(name)));
  log("stopped");
  process.exit(0);
}

for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => void stopAll(signal));
for (const [name, serviceEnv] of services) {
  running.set(name, { restarts: 0, backoffMs: INITIAL_BACKOFF_MS, health: healthOf(serviceEnv) });
  launch(name, serviceEnv);
}
log(`started ${services.length} services; gateway on http://127.0.0.1:${port} (logs in ${join(dir, "logs")})`);
