import { probe, realServer } from "../../platform/test/real-server";

/** The Elasticsearch of the Elasticsearch tests (`ELASTICSEARCH_URL`, else http://127.0.0.1:9200): see `realServer`. */
export function elasticsearchUrl(env: NodeJS.ProcessEnv = process.env): { url: string; skipReason?: string } {
  const { at, skipReason } = realServer({
    what: "Elasticsearch",
    variable: "ELASTICSEARCH_URL",
    fallback: "http://127.0.0.1:9200",
    script: "elasticsearch",
    answers: (url) => probe(`fetch(${JSON.stringify(url)}).then(() => process.exit(0), () => process.exit(1))`, 5000),
    env,
  });
  return { url: at, skipReason };
}
