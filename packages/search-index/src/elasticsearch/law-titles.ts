import type { Client } from "@elastic/elasticsearch";
import { LawDirectory } from "../embedded/law-directory";
import type { ArticleDocument } from "./documents";

/** More laws than any corpus holds (the server allows 65,536 buckets). */
const MAX_LAWS = 60_000;

/**
 * The law directory of a generation index (each law's titles, kind and status, and the law-name term
 * frequencies that weigh a name match), read once from the documents' `lawTitle` with one terms
 * aggregation and kept per index. It is read again when this adapter writes to that index, or when a
 * hit's law is missing from it (another writer added the law).
 */
export class LawTitles {
  private cached: { index: string; directory: Promise<LawDirectory> } | undefined;

  constructor(private readonly client: Client) {}

  async of(index: string, lawIds: Iterable<string>): Promise<LawDirectory> {
    if (this.cached?.index === index) {
      const directory = await this.cached.directory;
      if ([...lawIds].every((lawId) => directory.profile(lawId))) return directory;
    }
    const directory = this.read(index);
    this.cached = { index, directory };
    directory.catch(() => {
      if (this.cached?.directory === directory) this.cached = undefined;
    });
    return directory;
  }

  /** Writes to `index` may add laws: the next search reads its directory again. */
  forget(index: string): void {
    if (this.cached?.index === index) this.cached = undefined;
  }

  private async read(index: string): Promise<LawDirectory> {
    const response = await this.client.search<ArticleDocument>({
      index,
      size: 0,
      aggs: { laws: { terms: { field: "lawId", size: MAX_LAWS }, aggs: { title: { top_hits: { size: 1, _source: ["lawTitle"] } } } } },
    });
    type Bucket = { key: string; title: { hits: { hits: Array<{ _source?: Pick<ArticleDocument, "lawTitle"> }> } } };
    const buckets = (response.aggregations?.laws as { buckets: Bucket[] } | undefined)?.buckets ?? [];
    const directory = new LawDirectory();
    for (const bucket of buckets) {
      const title = bucket.title.hits.hits[0]?._source?.lawTitle;
      // A generation indexed before titles were stored: the law is known by id only (no prior, never named).
      directory.register({ lawId: bucket.key, lawName: title?.lawName ?? "", status: title?.status ?? "in_force", ...(title?.lawNameEn !== undefined && { lawNameEn: title.lawNameEn }) });
    }
    return directory;
  }
}
