/** Reads the benchmark corpus (../shared/eval/corpus.jsonl format) as articles for the search index. */
import { readFileSync } from "node:fs";
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

function toArticle(line: CorpusLine): IndexedArticle {
  return {
    id: line.doc_id,
    lawId: line.law_guid,
    lawName: line.law_name,
    ...(line.law_name_en && { lawNameEn: line.law_name_en }),
    articleNumber: line.article_number,
    ...(line.article_suffix && { articleSuffix: line.article_suffix }),
    articleTitle: line.article_title,
    content: line.content,
    status: line.status,
  };
}

export function loadCorpus(path: string): IndexedArticle[] {
  const lines = readFileSync(path, "utf8").split("\n").filter((line) => line.trim() !== "");
  return lines.map((line) => toArticle(JSON.parse(line) as CorpusLine));
}
