import type { ElasticsearchSearchIndex, ElasticsearchSearchIndexOptions } from "./elasticsearch/elasticsearch-search-index";

/** SEARCH_URL: `embedded` (the in-process index) or the http(s) URL of an Elasticsearch node. */
export function isSearchIndexUrl(url: string): boolean {
  return url === "embedded" || /^https?:\/\/[^/\s]+/.test(url);
}

/**
 * Connects to the Elasticsearch node at `url` and checks that it answers (rejects otherwise). The client
 * is loaded on this call, so that the embedded default never loads it (with its transport, ~150 ms).
 */
export async function connectElasticsearchSearchIndex(url: string, options: ElasticsearchSearchIndexOptions = {}): Promise<ElasticsearchSearchIndex> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy load; import("….js") is not an option: jest runs the sources
  const { ElasticsearchSearchIndex: Index } = require("./elasticsearch/elasticsearch-search-index") as typeof import("./elasticsearch/elasticsearch-search-index");
  return Index.connect(url, options);
}
