import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { analyzeEveryday } from "../analysis/analyzer";
import { conflationKey } from "../analysis/arabic-stemmer";

/**
 * The subject index: for the articles of the laws people ask about most, the everyday phrases (Arabic, Saudi
 * colloquial, a few English keywords) a question about that article uses where the law uses other words
 * ("فصلوني بدون إنذار" for Labor Law 80). Product-written, not law text (data/article-topics/README.md); indexed
 * as the article's `topics` field, never shown.
 */
export const TOPICS_DIR = resolve(__dirname, "../../data/article-topics");

/** "<law id>#<article key>" → its phrases; read once, on first use. */
let table: ReadonlyMap<string, string> | undefined;

/**
 * The file's phrases by article key: lines "<key>\t<phrase>، <phrase>…" (a key as in the article's id after "#",
 * such as "109", "12مكرر" or "233@2" for the second article numbered 233); "#" opens a comment line.
 */
export function parseTopics(text: string): Map<string, string> {
  const topics = new Map<string, string>();
  for (const line of text.split("\n")) {
    const tab = line.indexOf("\t");
    if (line.startsWith("#") || tab <= 0) continue;
    const key = line.slice(0, tab).trim();
    topics.set(key, [topics.get(key), line.slice(tab + 1).trim()].filter(Boolean).join("، "));
  }
  return topics;
}

/** Every file "<law id>[.<part>].tsv" in `dir`, as one table. */
export function readTopics(dir: string): Map<string, string> {
  const all = new Map<string, string>();
  if (!existsSync(dir)) return all;
  for (const name of readdirSync(dir).filter((file) => file.endsWith(".tsv")).sort()) {
    const lawId = name.slice(0, name.indexOf("."));
    for (const [key, phrases] of parseTopics(readFileSync(join(dir, name), "utf8"))) all.set(`${lawId}#${key}`, phrases);
  }
  return all;
}

/** The subject-index phrases of an article (by its id, "<law id>#<key>", a repeated key's "@n" included), or "". */
export function articleTopics(articleId: string): string {
  table ??= readTopics(TOPICS_DIR);
  return table.get(articleId) ?? "";
}

/** A subject-index phrase of two or more distinct terms (analysed), with each term's word-family key (`conflationKey`). */
export interface SubjectPhrase {
  terms: readonly string[];
  keys: readonly string[];
}

/** An article's subject index analysed: the `topics` field's terms, and its phrases for `statedPhrase`. */
interface AnalysedTopics {
  terms: readonly string[];
  phrases: readonly SubjectPhrase[];
}

/** By article id: the table does not change while the process runs, and a rebuild re-reads them all. */
const analysed = new Map<string, AnalysedTopics>();

/**
 * An article's subject index analysed as a question is (`analyzeEveryday`), phrase by phrase (the terms are those of
 * the whole line: checked on all 15,563 lines), each article's once per process — when it is indexed, so a search
 * finds its phrases ready.
 */
function analysedTopics(articleId: string): AnalysedTopics {
  let topics = analysed.get(articleId);
  if (!topics) {
    const text = articleTopics(articleId);
    const phrases = text === "" ? [] : text.split("،").map((phrase) => analyzeEveryday(phrase));
    const distinct = phrases.map((terms) => [...new Set(terms)]).filter((terms) => terms.length >= 2);
    topics = { terms: phrases.flat(), phrases: distinct.map((terms) => ({ terms, keys: terms.map(conflationKey) })) };
    analysed.set(articleId, topics);
  }
  return topics;
}

/** An article's subject-index terms (its phrases' terms in order): the `topics` field. */
export function articleTopicTerms(articleId: string): string[] {
  return [...analysedTopics(articleId).terms];
}

/** An article's subject-index phrases of two or more distinct terms. */
export function articleTopicPhrases(articleId: string): readonly SubjectPhrase[] {
  return analysedTopics(articleId).phrases;
}
