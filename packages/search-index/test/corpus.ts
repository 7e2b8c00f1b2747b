/** The full corpus (data/laws) and the shared dev questions (../shared/eval), for tests over the real data. */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { QueryLanguage } from "../src/analysis/analyzer";
import type { IndexedArticle } from "../src/port";

const ROOT = resolve(__dirname, "../../..");
const LAWS = join(ROOT, "data/laws");
const EVAL = resolve(ROOT, "../shared/eval");
const QUESTION_FILES = ["retrieval-dev.jsonl", "everyday-dev.jsonl"];

interface LawFileJson {
  guid: string;
  lawName: string;
  lawNameEn?: string | null;
  status: IndexedArticle["status"];
  articles: { articleNumber: number; articleSuffix?: string; articleTitle: string; articleContent: string }[];
}

/** Every article of data/laws, ids as in the shared corpus (`<law guid>#<number><suffix>`). */
export function lawArticles(): IndexedArticle[] {
  const names = readdirSync(LAWS).filter((name) => name.endsWith(".json")).sort();
  return names.flatMap((name) => {
    const law = JSON.parse(readFileSync(join(LAWS, name), "utf8")) as LawFileJson;
    return law.articles.map((article) => ({
      id: `${law.guid}#${article.articleNumber}${article.articleSuffix ?? ""}`,
      lawId: law.guid,
      lawName: law.lawName,
      ...(law.lawNameEn && { lawNameEn: law.lawNameEn }),
      articleNumber: article.articleNumber,
      ...(article.articleSuffix && { articleSuffix: article.articleSuffix }),
      articleTitle: article.articleTitle,
      content: article.articleContent,
      status: law.status,
    }));
  });
}

export function questions(): { qid: string; question: string; lang?: QueryLanguage }[] {
  return QUESTION_FILES.flatMap((file) =>
    readFileSync(join(EVAL, file), "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line) as { qid: string; question: string; lang?: QueryLanguage }),
  );
}

/** `describe` when the corpus and the dev questions are present, else `describe.skip` (with a warning naming `suite`). */
export function describeWithCorpus(suite: string): jest.Describe {
  const present = existsSync(LAWS) && QUESTION_FILES.every((file) => existsSync(join(EVAL, file)));
  // The shared evaluation set lives next to the repository (../shared/eval), not in it.
  if (!present) console.warn(`${suite}: skipped — ${EVAL}/{${QUESTION_FILES.join(",")}} or ${LAWS} is absent`);
  return present ? describe : describe.skip;
}
