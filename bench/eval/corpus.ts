/**
 * Reads the benchmark corpus (../shared/eval/corpus.jsonl format) as articles for the search index.
 * The corpus lacks English titles for many laws; the product's own law files (`data/laws`, keyed by
 * the same law GUID) supply them, so the ranker sees the laws as the product does.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { IndexedArticle } from "../../packages/search-index/src/index";

interface CorpusLine {
  doc_id: string;
  law_guid: string;
  law_name: string;
  law_name_en: string | null;
  status: "in_force" | "repealed";
  article_number: number;
  article_suffix: string;
  article_title: string;
  content: string;
}

const LAW_FILES = resolve(__dirname, "../../data/laws");

/** Law GUID → English title, from the product's law files. */
function productEnglishTitles(): Map<string, string> {
  const titles = new Map<string, string>();
  for (const file of readdirSync(LAW_FILES)) {
    const law = JSON.parse(readFileSync(join(LAW_FILES, file), "utf8")) as { guid: string; lawNameEn: string | null };
    if (law.lawNameEn) titles.set(law.guid, law.lawNameEn);
  }
  return titles;
}

function toArticle(line: CorpusLine, titles: ReadonlyMap<string, string>): IndexedArticle {
  const lawNameEn = line.law_name_en && line.law_name_en !== "N/A" ? line.law_name_en : titles.get(line.law_guid);
  return {
    id: line.doc_id,
    lawId: line.law_guid,
    lawName: line.law_name,
    ...(lawNameEn && { lawNameEn }),
    articleNumber: line.article_number,
    ...(line.article_suffix && { articleSuffix: line.article_suffix }),
    articleTitle: line.article_title,
    content: line.content,
    status: line.status,
  };
}

export function loadCorpus(path: string): IndexedArticle[] {
  const lines = readFileSync(path, "utf8").split("\n").filter((line) => line.trim() !== "");
  const titles = productEnglishTitles();
  return lines.map((line) => toArticle(JSON.parse(line) as CorpusLine, titles));
}
