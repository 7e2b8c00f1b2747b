/**
 * Cross-check of the converted laws against the retrieval benchmark's corpus.jsonl
 * (doc_id = "<guid>#<number>[مكرر][@k]"): same laws, same article ids, same order, same texts.
 */
import * as fs from "node:fs";
import { articleIds, type LawFile } from "./law-file";

interface CorpusRow {
  doc_id: string;
  law_guid: string;
  article_title: string;
  content: string;
  position: number;
}

export interface CrossCheck {
  corpusLaws: number;
  corpusArticles: number;
  ourLaws: number;
  ourArticles: number;
  lawsOnlyOurs: string[];
  lawsOnlyCorpus: string[];
  idsOnlyOurs: string[];
  idsOnlyCorpus: string[];
  lawsWithOtherOrder: string[];
  titleDifferences: string[];
  contentDifferences: string[];
}

function readCorpus(corpusPath: string): CorpusRow[] {
  return fs
    .readFileSync(corpusPath, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as CorpusRow);
}

function groupByLaw(rows: CorpusRow[]): Map<string, CorpusRow[]> {
  const byLaw = new Map<string, CorpusRow[]>();
  for (const row of rows) {
    const lawRows = byLaw.get(row.law_guid) ?? [];
    lawRows.push(row);
    byLaw.set(row.law_guid, lawRows);
  }
  for (const lawRows of byLaw.values()) lawRows.sort((a, b) => a.position - b.position);
  return byLaw;
}

function sameOrder(ours: string[], theirs: string[]): boolean {
  const shared = new Set(ours.filter((id) => theirs.includes(id)));
  const a = ours.filter((id) => shared.has(id));
  const b = theirs.filter((id) => shared.has(id));
  return a.every((id, index) => b[index] === id);
}

export function crossCheck(laws: LawFile[], corpusPath: string): CrossCheck {
  const rows = readCorpus(corpusPath);
  const byLaw = groupByLaw(rows);
  const ourGuids = new Set(laws.map((law) => law.guid));
  const result: CrossCheck = {
    corpusLaws: byLaw.size,
    corpusArticles: rows.length,
    ourLaws: laws.length,
    ourArticles: laws.reduce((sum, law) => sum + law.articles.length, 0),
    lawsOnlyOurs: laws.filter((law) => !byLaw.has(law.guid)).map((law) => law.guid),
    lawsOnlyCorpus: [...byLaw.keys()].filter((guid) => !ourGuids.has(guid)),
    idsOnlyOurs: [],
    idsOnlyCorpus: [],
    lawsWithOtherOrder: [],
    titleDifferences: [],
    contentDifferences: [],
  };
  for (const law of laws) compareLaw(law, byLaw.get(law.guid) ?? [], result);
  return result;
}

function compareLaw(law: LawFile, corpusRows: CorpusRow[], result: CrossCheck): void {
  const ids = articleIds(law);
  const corpusIds = corpusRows.map((row) => row.doc_id);
  const corpusById = new Map(corpusRows.map((row) => [row.doc_id, row]));
  const ourIds = new Set(ids);
  result.idsOnlyOurs.push(...ids.filter((id) => !corpusById.has(id)));
  result.idsOnlyCorpus.push(...corpusIds.filter((id) => !ourIds.has(id)));
  if (!sameOrder(ids, corpusIds)) result.lawsWithOtherOrder.push(law.guid);
  ids.forEach((id, index) => {
    const row = corpusById.get(id);
    const article = law.articles[index];
    if (!row || !article) return;
    if (row.article_title !== article.articleTitle) result.titleDifferences.push(id);
    if (row.content !== article.articleContent) result.contentDifferences.push(id);
  });
}

/** Human-readable summary lines. */
export function describeCrossCheck(check: CrossCheck): string[] {
  const list = (ids: string[]): string => (ids.length === 0 ? "none" : `${ids.length}: ${ids.slice(0, 12).join(", ")}${ids.length > 12 ? ", ..." : ""}`);
  return [
    `corpus: ${check.corpusLaws} laws / ${check.corpusArticles} articles; ours: ${check.ourLaws} laws / ${check.ourArticles} articles`,
    `laws only in ours: ${list(check.lawsOnlyOurs)}`,
    `laws only in corpus: ${list(check.lawsOnlyCorpus)}`,
    `article ids only in ours: ${list(check.idsOnlyOurs)}`,
    `article ids only in corpus: ${list(check.idsOnlyCorpus)}`,
    `laws whose shared articles are in another order: ${list(check.lawsWithOtherOrder)}`,
    `same id, different title: ${list(check.titleDifferences)}`,
    `same id, different content: ${list(check.contentDifferences)}`,
  ];
}
