import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import Database from "better-sqlite3";
import { setTimeout as sleep } from "node:timers/promises";
import { Kafka, KafkaJSDeleteGroupsError, logLevel, type Admin } from "kafkajs";
import { checkHealth, connectRedis } from "@qai/platform";
import { kafkaBrokers } from "../../../packages/event-bus/test/real-broker";
import { listening } from "../../../packages/platform/test/real-server";
import { elasticsearchUrl } from "../../../packages/search-index/test/real-elasticsearch";
import { redisUrl } from "../../quota/test/real-redis";
import { freePort } from "./product-process";

/**
 * The local cluster of deploy/local/cluster.sh (every service its own process, Kafka, Elasticsearch,
 * Redis) for the cluster test and bench/cluster-drill.ts: started and stopped through the script,
 * its stores read from the SQLite files it leaves under CLUSTER_DIR/data/<service>/.
 */
export const REPO_ROOT = resolve(__dirname, "../../..");
const SCRIPT = join(REPO_ROOT, "deploy/local/cluster.sh");

/** The services the supervisor runs, each its own process. */
export const CLUSTER_SERVICES = ["auth", "conversation", "knowledge", "quota", "accounts", "admin-analytics", "chat", "gateway"] as const;
export type ClusterService = (typeof CLUSTER_SERVICES)[number];

export interface ClusterServers {
  kafkaPort: number;
  esPort: number;
  redisPort: number;
  redisUrl: string;
  kafkaBroker: string;
  /** Set when a server does not answer and none is required (see packages/platform/test/real-server.ts). */
  skipReason?: string;
}

/** The three servers the cluster needs, by the real-server rules (QAI_REAL_SERVERS=1 requires them). */
export function clusterServers(): ClusterServers {
  const kafka = kafkaBrokers();
  const es = elasticsearchUrl();
  const redis = redisUrl();
  const broker = kafka.brokers[0] ?? "127.0.0.1:9092";
  return {
    kafkaPort: Number(broker.slice(broker.lastIndexOf(":") + 1)),
    esPort: Number(new URL(es.url).port || 9200),
    redisPort: Number(new URL(redis.url).port || 6379),
    redisUrl: redis.url,
    kafkaBroker: broker,
    skipReason: kafka.skipReason ?? es.skipReason ?? redis.skipReason,
  };
}

export interface ClusterOptions {
  /** CLUSTER_DIR: data, logs and pids. */
  dir: string;
  /** The gateway's port (default: a free one). */
  port?: number;
  servers: ClusterServers;
  /** More variables for the services (e.g. AUTH_AUTOCONFIRM, QUOTA_RESERVATION_LEASE_MS). */
  env?: Record<string, string>;
}

export interface Cluster {
  dir: string;
  /** Its Redis database (quota counters, gateway state): its own, emptied when it stops. */
  redisUrl: string;
  /** Put before its Kafka consumer group ids. */
  groupPrefix: string;
  base: string;
  /** `deploy/local/cluster.sh <command>` for this cluster. */
  run(command: "start" | "check" | "status" | "stop"): Promise<{ code: number; output: string }>;
  /** Stops it and deletes its consumer groups. */
  stop(): Promise<void>;
}

/** Seven consecutive free ports for the gRPC services. */
async function freeGrpcBase(): Promise<number> {
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    if (Array.from({ length: 7 }, (_, i) => base + i).every((port) => !listening("127.0.0.1", port))) return base;
  }
}

/** A cluster on its own ports, directory, consumer groups and Redis database (it shares the servers' topics and index alias). */
export async function clusterAt(options: ClusterOptions): Promise<Cluster> {
  const port = options.port ?? (await freePort());
  const groupPrefix = `qai-cluster-${randomUUID()}.`;
  // Database 0 is a developer's cluster's; a test's takes one of the 15 others (Redis' default 16).
  const redisDb = 1 + Math.floor(Math.random() * 15);
  const redisUrl = `${options.servers.redisUrl.replace(/\/\d*$/, "")}/${redisDb}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...options.env,
    CLUSTER_DIR: options.dir,
    // Consumer groups of its own: another cluster on the same broker would otherwise take part of its events.
    CLUSTER_GROUP_PREFIX: groupPrefix,
    CLUSTER_REDIS_DB: String(redisDb),
    QAI_PORT: String(port),
    CLUSTER_GRPC_BASE: String(await freeGrpcBase()),
    AUTH_HTTP_PORT: String(await freePort()),
    KAFKA_PORT: String(options.servers.kafkaPort),
    ES_PORT: String(options.servers.esPort),
    REDIS_PORT: String(options.servers.redisPort),
  };
  const run = (command: string) =>
    new Promise<{ code: number; output: string }>((done, fail) => {
      const child = spawn("bash", [SCRIPT, command], { env, stdio: ["ignore", "pipe", "pipe"] });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.on("error", fail);
      child.on("exit", (code) => done({ code: code ?? 1, output }));
    });
  const flushRedis = async () => {
    const redis = await connectRedis(redisUrl);
    try {
      await redis.flushdb();
    } finally {
      redis.disconnect();
    }
  };
  await flushRedis();
  return {
    dir: options.dir,
    redisUrl,
    groupPrefix,
    base: `http://127.0.0.1:${port}`,
    run,
    async stop() {
      await run("stop");
      await flushRedis();
      const admin = new Kafka({ brokers: [options.servers.kafkaBroker], logLevel: logLevel.NOTHING }).admin();
      await admin.connect();
      try {
        const groups = (await admin.listGroups()).groups.map((group) => group.groupId).filter((id) => id.startsWith(groupPrefix));
        await deleteGroups(admin, groups);
      } finally {
        await admin.disconnect();
      }
    },
  };
}

/** Kafka's "the group still has members" and "no such group". */
const NON_EMPTY_GROUP = 68;
const GROUP_ID_NOT_FOUND = 69;

/**
 * Deletes the test's consumer groups. A member of a service stopped with a signal stays in its group until its
 * session times out (10 s), and the broker refuses to delete a group with members: those are retried for 20 s.
 */
async function deleteGroups(admin: Admin, groups: readonly string[]): Promise<void> {
  let remaining = [...groups];
  const deadline = Date.now() + 20_000;
  while (remaining.length > 0) {
    try {
      await admin.deleteGroups(remaining);
      return;
    } catch (error) {
      if (!(error instanceof KafkaJSDeleteGroupsError)) throw error;
      const failed = error.groups.filter((group) => group.errorCode !== GROUP_ID_NOT_FOUND);
      if (failed.some((group) => group.errorCode !== NON_EMPTY_GROUP) || Date.now() > deadline) throw error;
      remaining = failed.map((group) => group.groupId);
      await sleep(1000);
    }
  }
}

/** The pid of a service's running process, from the supervisor's pid file. */
export function servicePid(dir: string, service: ClusterService): number | undefined {
  const file = join(dir, "pids", `${service}.pid`);
  return existsSync(file) ? Number(readFileSync(file, "utf8")) : undefined;
}

/** Whether a service reports itself ready: grpc.health.v1 SERVING and/or its HTTP health URL 200 (supervisor's status.json). */
export async function serviceReady(dir: string, service: ClusterService): Promise<boolean> {
  const file = join(dir, "status.json");
  if (!existsSync(file)) return false;
  const status = JSON.parse(readFileSync(file, "utf8")) as Record<string, { health?: { grpc?: string; http?: string } }>;
  const { grpc, http } = status[service]?.health ?? {};
  if (grpc && !(await checkHealth(grpc))) return false;
  if (http && !(await fetch(http, { signal: AbortSignal.timeout(2000) }).then((r) => r.status === 200, () => false))) return false;
  return Boolean(grpc ?? http);
}

/** Every record of a collection of a service's SQLite store (none when the table does not exist yet). */
export function recordsOf<T>(dir: string, service: ClusterService, collection: string): T[] {
  const db = new Database(join(dir, "data", service, `${service}.db`), { readonly: true, fileMustExist: true });
  try {
    const table = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?").get(collection);
    if (!table) return [];
    return db
      .prepare(`SELECT data FROM "${collection}"`)
      .all()
      .map((row) => JSON.parse((row as { data: string }).data) as T);
  } finally {
    db.close();
  }
}

/** POSTs a question to ask-stream as `token`'s user and reads the answer's server-sent events. */
export async function askAs(base: string, token: string, userId: string, question: string, signal?: AbortSignal): Promise<{ status: number; events: Array<Record<string, unknown>> }> {
  const response = await fetch(`${base}/api/chat/ask-stream`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ question, userId, language: "ar" }),
    signal,
  });
  const events: Array<Record<string, unknown>> = [];
  if (!response.headers.get("content-type")?.startsWith("text/event-stream")) {
    await response.body?.cancel();
    return { status: response.status, events };
  }
  // Read block by block: a stream cut short (a killed process) still yields the events before the cut.
  const decoder = new TextDecoder();
  let buffered = "";
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffered += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffered.indexOf("\n\n")) >= 0) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (block.startsWith("data: ")) events.push(JSON.parse(block.slice(6)) as Record<string, unknown>);
      }
    }
  } catch {
    // the connection broke mid-stream: what arrived is the answer's part the client saw
  }
  return { status: response.status, events };
}
