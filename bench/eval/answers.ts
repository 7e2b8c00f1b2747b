/**
 * Answer check (dev questions only, no network): every everyday question goes through the product's
 * answer path — `retrieveSources` (the chat service's retrieval, with its relevance thresholds) and the
 * `qai-local` composer — over the benchmark corpus in the embedded search index. An answer passes when
 * its first cited article is gold and its opening (the first OPENING characters: the lead paragraph and
 * the first quoted provision) contains every fact. It also counts English answers with an Arabic letter
 * in an English sentence (outside the quoted blocks). `--show` prints the failures.
 *
 *   npx tsx bench/eval/answers.ts [--show] [questions.jsonl]
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { create } from "@bufbuild/protobuf";
import { ArticleSchema, Language, LawStatus, SearchArticlesResponseSchema } from "@qai/contracts";
import { analyzeArabic, analyzeQuery, EmbeddedSearchIndex, isRelevant, type IndexedArticle } from "../../packages/search-index/src/index";
import { retrieveSources, type KnowledgeSearch } from "../../services/chat/src/app/retrieval";
import { composeAnswer } from "../../services/chat/src/providers/qai-local/compose";
import { arabicInEnglish } from "../../services/chat/src/providers/qai-local/english";
import { loadCorpus } from "./corpus";

const EVAL_DIR = resolve(__dirname, "../../../shared/eval");
/** The opening of an answer the facts must appear in. */
export const OPENING = 900;

interface EverydayQuestion {
  qid: string;
  question: string;
  lang: "ar" | "en";
  gold: string[];
  facts: string[];
}

const flat = (text: string) => text.split(/\s+/u).filter(Boolean).join(" ");

/** The knowledge service's search, in process: the embedded index plus the articles by id. */
function knowledgeOver(index: EmbeddedSearchIndex, articles: ReadonlyMap<string, IndexedArticle>): KnowledgeSearch {
  return {
    async searchArticles({ query, language, limit }) {
      const hits = await index.search(query ?? "", { limit: limit ?? 10, language: language === Language.EN ? "en" : "ar" });
      return create(SearchArticlesResponseSchema, {
        hits: hits.map((hit) => {
          const article = articles.get(hit.id)!;
          return {
            score: hit.score,
            coverage: hit.coverage,
            relevant: isRelevant(hit),
            article: create(ArticleSchema, {
              id: article.id, lawId: article.lawId, lawName: article.lawName, lawNameEn: article.lawNameEn ?? "",
              articleNumber: article.articleNumber, articleSuffix: article.articleSuffix ?? "", articleTitle: article.articleTitle,
              articleContent: article.content, status: article.status === "repealed" ? LawStatus.REPEALED : LawStatus.IN_FORCE,
              sourceUrl: `https://laws.boe.gov.sa/BoeLaws/Laws/LawDetails/${article.lawId}/1`,
            }),
          };
        }),
      });
    },
  };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const show = args.includes("--show");
  const file = args.find((arg) => !arg.startsWith("--")) ?? resolve(EVAL_DIR, "everyday-dev.jsonl");
  const questions = readFileSync(file, "utf8").split("\n").filter(Boolean).map((line) => JSON.parse(line) as EverydayQuestion);
  const corpus = loadCorpus(process.env.QAI_EVAL_CORPUS ?? resolve(EVAL_DIR, "corpus.jsonl"));
  const index = new EmbeddedSearchIndex();
  const generation = await index.createGeneration();
  await index.index(generation, corpus);
  await index.activate(generation);
  const knowledge = knowledgeOver(index, new Map(corpus.map((article) => [article.id, article])));
  const analyzer = { questionTerms: (q: string, l: "ar" | "en") => analyzeQuery(q, l).clauses.flat(), textTerms: analyzeArabic };

  let passed = 0;
  let firstGold = 0;
  let mixed = 0;
  const english = questions.filter((q) => q.lang === "en").length;
  for (const q of questions) {
    const { sources } = await retrieveSources(knowledge, q.question, q.lang, [], {});
    const answer = composeAnswer({ question: q.question, language: q.lang, sources, analyzer });
    const opening = flat(answer.text.slice(0, OPENING));
    const gold = q.gold.includes(answer.citedArticleIds[0] ?? "");
    const missing = q.facts.filter((fact) => !opening.includes(flat(fact)));
    const foreign = q.lang === "en" ? arabicInEnglish(answer.text) : [];
    if (gold) firstGold += 1;
    if (gold && missing.length === 0) passed += 1;
    if (foreign.length > 0) mixed += 1;
    if (show && (!gold || missing.length > 0 || foreign.length > 0)) {
      process.stdout.write(`FAIL ${q.qid} ${q.question}\n  cited ${answer.citedArticleIds[0] ?? "-"} gold ${q.gold.join(",")} missing ${JSON.stringify(missing)}${foreign.length ? ` arabic-in-english ${JSON.stringify(foreign)}` : ""}\n`);
    }
  }
  const share = (n: number, of: number) => (of === 0 ? "0.000" : (n / of).toFixed(3));
  process.stdout.write(
    `answers n=${questions.length} check=${share(passed, questions.length)} first-cited-gold=${share(firstGold, questions.length)} english-with-arabic-in-sentences=${mixed}/${english}\n`,
  );
}

if (require.main === module) void main();
