import { spawnSync } from "node:child_process";

/**
 * Which Redis the Redis tests use, and whether they run. `REDIS_URL` or `QAI_REAL_SERVERS=1` make them
 * required: they then run and fail if no Redis answers. Otherwise they run when something listens on
 * 127.0.0.1:6379 (`deploy/local/redis.sh start`), and are skipped, named with the reason, when nothing does.
 */
export function redisUrl(env: NodeJS.ProcessEnv = process.env): { url: string; skipReason?: string } {
  const configured = env.REDIS_URL?.trim() || undefined; // empty means unset, as in loadConfig
  const url = configured ?? "redis://127.0.0.1:6379";
  const required = configured !== undefined || env.QAI_REAL_SERVERS === "1";
  if (required || listening(url)) return { url };
  return { url, skipReason: `no Redis answers at ${url}: start one with deploy/local/redis.sh start, or set REDIS_URL / QAI_REAL_SERVERS=1 to require it` };
}

/** Whether something accepts TCP connections at the URL's host and port (synchronously: jest declares tests synchronously). */
function listening(url: string): boolean {
  const { hostname, port } = new URL(url);
  const probe = `require("node:net").connect(${Number(port || 6379)}, ${JSON.stringify(hostname)}).on("connect", () => process.exit(0)).on("error", () => process.exit(1))`;
  return spawnSync(process.execPath, ["-e", probe], { timeout: 3000 }).status === 0;
}
