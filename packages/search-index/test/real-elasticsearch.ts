import { spawnSync } from "node:child_process";

/**
 * Which Elasticsearch the Elasticsearch tests use, and whether they run. `ELASTICSEARCH_URL` or
 * `QAI_REAL_SERVERS=1` make them required: they then run and fail if nothing answers. Otherwise they run
 * when a server answers at http://127.0.0.1:9200 (`deploy/local/elasticsearch.sh start`), and are skipped,
 * named with the reason, when none does.
 */
export function elasticsearchUrl(env: NodeJS.ProcessEnv = process.env): { url: string; skipReason?: string } {
  const configured = env.ELASTICSEARCH_URL?.trim() || undefined; // empty means unset, as in loadConfig
  const url = configured ?? "http://127.0.0.1:9200";
  const required = configured !== undefined || env.QAI_REAL_SERVERS === "1";
  if (required || answers(url)) return { url };
  return { url, skipReason: `no Elasticsearch answers at ${url}: start one with deploy/local/elasticsearch.sh start, or set ELASTICSEARCH_URL / QAI_REAL_SERVERS=1 to require it` };
}

/** Whether an HTTP server answers at `url` (checked synchronously, as jest declares tests synchronously). */
function answers(url: string): boolean {
  const probe = `fetch(${JSON.stringify(url)}).then(() => process.exit(0), () => process.exit(1))`;
  return spawnSync(process.execPath, ["-e", probe], { timeout: 5000 }).status === 0;
}
