import { spawnSync } from "node:child_process";

/**
 * Which real server a suite of the distributed adapters uses, and whether it runs. The server's own
 * variable (e.g. `REDIS_URL`) or `QAI_REAL_SERVERS=1` make it required: the suite then runs and fails if
 * nothing answers. Otherwise it runs when `answers(at)` (a server started with `deploy/local/<script>.sh
 * start`) and is skipped, named with the reason, when nothing does.
 */
export function realServer(options: {
  /** e.g. "Redis", "a Kafka broker". */
  what: string;
  variable: string;
  fallback: string;
  script: string;
  answers: (at: string) => boolean;
  env?: NodeJS.ProcessEnv;
}): { at: string; skipReason?: string } {
  const env = options.env ?? process.env;
  const configured = env[options.variable]?.trim() || undefined; // empty means unset, as in loadConfig
  const at = configured ?? options.fallback;
  const required = configured !== undefined || env.QAI_REAL_SERVERS === "1";
  if (required || options.answers(at)) return { at };
  return {
    at,
    skipReason: `no ${options.what} answers at ${at}: start one with deploy/local/${options.script}.sh start, or set ${options.variable} / QAI_REAL_SERVERS=1 to require it`,
  };
}

/** Whether `code` (run with node -e) exits 0 — a synchronous probe, as jest declares tests synchronously. */
export function probe(code: string, timeoutMs = 3000): boolean {
  return spawnSync(process.execPath, ["-e", code], { timeout: timeoutMs }).status === 0;
}

/** Whether something accepts TCP connections at host:port. */
export function listening(host: string, port: number): boolean {
  return probe(`require("node:net").connect(${port}, ${JSON.stringify(host)}).on("connect", () => process.exit(0)).on("error", () => process.exit(1))`);
}
