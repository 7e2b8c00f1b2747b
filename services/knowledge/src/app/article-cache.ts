import type { ArticleRecord } from "../domain/records";

/** Articles kept in memory (a few KB each: at most ~10 MB). */
const CAPACITY = 4096;

/**
 * The articles searches answer with most, in memory, for one version of the active content (its
 * generation and revision, `contentVersion`): any change of the content makes a new version, which
 * empties the cache. Answers streaming at once that cite the same articles then share one copy of
 * their text instead of each holding its own, and a search reads only the articles it has not met.
 * Least recently used articles go first.
 */
export class ArticleCache {
  private version: string | undefined;
  private readonly articles = new Map<string, ArticleRecord>();

  constructor(private readonly capacity = CAPACITY) {}

  /** The articles of `ids` that exist in `version`, in the order of `ids`; `read` fetches those not in memory. */
  async get(version: string, ids: readonly string[], read: (ids: string[]) => Promise<ArticleRecord[]>): Promise<ArticleRecord[]> {
    if (version !== this.version) {
      this.articles.clear();
      this.version = version;
    }
    const missing = ids.filter((id) => !this.articles.has(id));
    const fresh = new Map((missing.length > 0 ? await read(missing) : []).map((article) => [article.id, article]));
    // A newer version may have started while this one was read: its articles are not kept then.
    const keep = this.version === version;
    const found: ArticleRecord[] = [];
    for (const id of ids) {
      const article = fresh.get(id) ?? this.articles.get(id);
      if (!article) continue;
      found.push(article);
      if (keep) this.touch(article);
    }
    return found;
  }

  private touch(article: ArticleRecord): void {
    this.articles.delete(article.id);
    this.articles.set(article.id, article);
    if (this.articles.size > this.capacity) this.articles.delete(this.articles.keys().next().value!);
  }
}
