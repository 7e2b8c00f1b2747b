/**
 * The Elasticsearch adapter's BM25F (src/elasticsearch/bm25f.ts), computed from a hit's stored document,
 * against the embedded index's BM25F over the full corpus (data/laws): with proximity, the stated phrases and the
 * law decision off, the embedded final score is its BM25F score, and every top-20 hit must get the same score from the
 * document Elasticsearch stores for that article. No server needed: the statistics Elasticsearch
 * aggregates are taken from the embedded generation.
 */
import { analyzeQuery } from "../src/analysis/analyzer";
import { conflationKey } from "../src/analysis/arabic-stemmer";
import { bm25fScore, fieldAverages, positionsOf, type CorpusStatistics } from "../src/elasticsearch/bm25f";
import { articleDocument } from "../src/elasticsearch/documents";
import { queryPlan } from "../src/elasticsearch/query";
import { Generation } from "../src/embedded/generation";
import { titleWordWeights } from "../src/embedded/law-decision";
import { DEFAULT_RANKING, FIELDS, type RankingParameters } from "../src/embedded/ranking";
import { searchGeneration } from "../src/embedded/search";
import type { IndexedArticle } from "../src/port";
import { lawArticles } from "./corpus";

/** BM25F alone: no proximity, no stated subject-index phrases, no law prior, no law evidence. */
const BM25F_ONLY: RankingParameters = {
  ...DEFAULT_RANKING,
  proximity: { ...DEFAULT_RANKING.proximity, weight: 0 },
  subjectPhrase: { ...DEFAULT_RANKING.subjectPhrase, weight: 0 },
  lawEvidence: { ...DEFAULT_RANKING.lawEvidence, weight: 0 },
  lawPrior: { ...DEFAULT_RANKING.lawPrior, regulation: 1, special: 1, repealed: 1, unmentioned: 1, unmentionedShort: 1, regime: 1, besideFullyNamed: 1 },
};

const QUESTIONS: Array<[string, "ar" | "en"]> = [
  ["كم مدة الإجازة السنوية المستحقة للعامل؟", "ar"],
  ["ما مدة الإشعار لإنهاء عقد العمل غير محدد المدة؟", "ar"],
  ["وش عقوبة اللي يبيع بضاعة مغشوشة؟", "ar"],
  ["هل يحق للمستأجر أن يهدم جداراً في الشقة المستأجرة دون إذن المالك؟", "ar"],
  ["ما شروط صحة اتفاق التحكيم؟", "ar"],
  ["الكفيل ما عطاني راتبي من ثلاث شهور", "ar"],
  ["المادة 77 من نظام العمل", "ar"],
  ["ما هي الجهة التي تعين أعضاء مجلس إدارة الهيئة؟", "ar"],
  ["متى يعمل بنظام مكافحة جرائم الإرهاب وتمويله؟", "ar"],
  ["How long is the annual leave of a worker?", "en"],
  ["What are the penalties for cybercrime?", "en"],
  ["Can my employer deduct damages from my salary?", "en"],
  ["When does a lease end if the apartment is destroyed?", "en"],
];

describe("Elasticsearch BM25F = embedded BM25F (full corpus)", () => {
  let generation: Generation;
  let articles: Map<string, IndexedArticle>;
  let statistics: CorpusStatistics;

  beforeAll(() => {
    generation = new Generation();
    articles = new Map(lawArticles().map((article) => [article.id, article]));
    for (const article of articles.values()) generation.upsert(article);
    const frequencies = new Map([...generation.postings].map(([term, postings]) => [term, postings.slots.length]));
    // What the `family` field's filters count: the articles holding any word with that conflation key.
    const families = new Map<string, Set<number>>();
    for (const [term, postings] of generation.postings) {
      const key = conflationKey(term);
      const slots = families.get(key) ?? new Set<number>();
      for (const slot of postings.slots) slots.add(slot);
      families.set(key, slots);
    }
    const totals = Object.fromEntries(FIELDS.map((field, f) => [`length_${field}`, { value: generation.totalLengths[f]! }]));
    statistics = {
      documents: generation.size,
      frequencies,
      families: new Map([...families].map(([key, slots]) => [key, slots.size])),
      averages: fieldAverages(totals, generation.size),
    };
  });

  it.each(QUESTIONS)("scores the top 20 of %s as the embedded index does", (question, language) => {
    const query = analyzeQuery(question, language);
    const expected = searchGeneration(generation, query, 20, BM25F_ONLY).hits;
    expect(expected.length).toBeGreaterThan(0);
    // As the adapter weighs them: the words of a title the question writes count less (`titleWordWeights`).
    const positions = positionsOf(queryPlan(query), titleWordWeights(query.clauses, generation.laws.mentioned(query.words), DEFAULT_RANKING.titleWords));
    for (const hit of expected) {
      const document = articleDocument(articles.get(hit.id)!);
      const cited = query.article !== undefined && articles.get(hit.id)!.articleNumber === query.article.number;
      // The cited article's score carries the embedded pinning bonus; its BM25F part is checked on the others.
      if (cited) continue;
      expect(bm25fScore(document, positions, statistics, statistics.averages!, DEFAULT_RANKING)).toBeCloseTo(hit.score, 9);
    }
  });

  it("falls back to Elasticsearch's scores for a generation indexed without field lengths", () => {
    expect(fieldAverages(undefined, 10)).toBeUndefined();
    expect(fieldAverages({ length_content: { value: 0 } }, 10)).toBeUndefined();
    expect(fieldAverages({ length_content: { value: 50 }, length_title: { value: 10 }, length_law: { value: 30 }, length_lead: { value: 8 }, length_topics: { value: 20 } }, 10)).toEqual([5, 1, 3, 1, 2]);
  });
});
