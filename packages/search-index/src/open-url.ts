/** SEARCH_URL: `embedded` (the in-process index) or the http(s) URL of an Elasticsearch node. */
export function isSearchIndexUrl(url: string): boolean {
  return url === "embedded" || /^https?:\/\/[^/\s]+/.test(url);
}
