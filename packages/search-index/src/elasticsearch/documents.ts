import { conflationKey } from "../analysis/arabic-stemmer";
import { fieldTerms } from "../embedded/generation";
import type { LawTitle } from "../embedded/law-directory";
import { DEFAULT_RANKING, type Field } from "../embedded/ranking";
import type { IndexedArticle } from "../port";

/**
 * How articles are stored in Elasticsearch. The server's integ-test distribution has no analysis-common
 * module (no `arabic_normalization`/`arabic_stem`/`synonym` filters), and Lucene's `arabic` analyzer is
 * not the embedded analyzer anyway: text is analysed here with the embedded index's own code
 * (`fieldTerms`: normalisation, stop words, light stemming; the title without its ordinal heading, the
 * lead after an amendment note) and indexed pre-analysed with the built-in
 * `whitespace` analyzer, so both adapters index exactly the same terms.
 */
export interface ArticleDocument {
  id: string;
  lawId: string;
  articleNumber: number;
  /** 1 for a repealed article: sorts in-force first on a score tie. */
  repealed: number;
  /** Each field's analysed terms, space-separated (law: the Arabic and English law names). */
  content: string;
  title: string;
  law: string;
  lead: string;
  topics: string;
  /** The law's titles and status, stored but not indexed: the re-ranking's law directory is read from them. */
  lawTitle: Omit<LawTitle, "lawId">;
  /** The word-family keys (`conflationKey`) of every term: a query word's relatives match here. */
  family: string;
  /** Each ranked field's length in terms: their sums over the generation give BM25F its average lengths. */
  lengths: Record<Field, number>;
}

/** The ranked fields with their weights (as query boosts), as in the embedded BM25F. */
export const RANKED_FIELDS = [
  `content^${DEFAULT_RANKING.content.weight}`,
  `title^${DEFAULT_RANKING.title.weight}`,
  `law^${DEFAULT_RANKING.law.weight}`,
  `lead^${DEFAULT_RANKING.lead.weight}`,
  `topics^${DEFAULT_RANKING.topics.weight}`,
];

export function articleDocument(article: IndexedArticle): ArticleDocument {
  const [content = [], title = [], law = [], lead = [], topics = []] = fieldTerms(article);
  return {
    id: article.id,
    lawId: article.lawId,
    articleNumber: article.articleNumber,
    repealed: article.status === "repealed" ? 1 : 0,
    content: content.join(" "),
    title: title.join(" "),
    law: law.join(" "),
    lead: lead.join(" "),
    topics: topics.join(" "),
    family: [...content, ...title, ...law, ...topics].map(conflationKey).join(" "),
    lengths: { content: content.length, title: title.length, law: law.length, lead: lead.length, topics: topics.length },
    lawTitle: { lawName: article.lawName, ...(article.lawNameEn !== undefined && { lawNameEn: article.lawNameEn }), status: article.status },
  };
}

const bm25 = (b: number) => ({ type: "BM25", k1: DEFAULT_RANKING.k1, b });
const count = { type: "integer" as const };
const text = (similarity: string) => ({ type: "text", analyzer: "whitespace", similarity });

/** Index settings and mappings of one generation: one shard, per-field BM25 (the embedded k1 and b). */
export function generationIndexBody(replicas: number) {
  return {
    settings: {
      number_of_shards: 1,
      number_of_replicas: replicas,
      // Bulk loads refresh once, when the generation is activated.
      refresh_interval: "-1",
      similarity: {
        content: bm25(DEFAULT_RANKING.content.b),
        title: bm25(DEFAULT_RANKING.title.b),
        law: bm25(DEFAULT_RANKING.law.b),
        lead: bm25(DEFAULT_RANKING.lead.b),
        topics: bm25(DEFAULT_RANKING.topics.b),
      },
    },
    mappings: {
      dynamic: "strict" as const,
      properties: {
        id: { type: "keyword" as const },
        lawId: { type: "keyword" as const },
        articleNumber: { type: "integer" as const },
        repealed: { type: "byte" as const },
        content: text("content"),
        title: text("title"),
        law: text("law"),
        lead: text("lead"),
        topics: text("topics"),
        family: text("content"),
        lengths: { properties: { content: count, title: count, law: count, lead: count, topics: count } },
        lawTitle: { type: "object" as const, enabled: false },
      },
    },
  };
}
