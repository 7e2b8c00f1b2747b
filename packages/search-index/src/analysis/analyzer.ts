import { findArticleReference } from "./article-reference";
import { fromDialect, fromDialectPhrase, questionForms } from "./everyday";
import { stemArabic, stemArabicReadings } from "./arabic-stemmer";
import { stemEnglish } from "./english-stemmer";
import { matchGlossary } from "./glossary-translator";
import { isArabicWord, normalizeArabic, tokenize } from "./normalize";
import { isArabicStopWord, isEnglishStopWord } from "./stopwords";
import { asksDefinition } from "./definition-question";
import { speaksOfBodyRules } from "./instrument-kind";
import { partyTerm } from "./party";
import { crossesSector, inSectorWording, namesPublicSector } from "./sector";
import { expandTerm } from "./synonyms";

export type QueryLanguage = "ar" | "en";

/**
 * An analysed query. Each clause is one query position with its alternative terms
 * (a glossary entry such as salary → أجر/راتب gives two); plain words give single-term clauses.
 */
export interface AnalyzedQuery {
  clauses: string[][];
  /** The article the query cites ("المادة 77", "article 77"), with the clauses of its number's words. */
  article?: { number: number; clauses: string[][] };
  /**
   * Related terms from the legal synonym list, aligned with `clauses` (expansions[i] for clauses[i]);
   * ranking down-weights them and coverage ignores them.
   */
  expansions: string[][];
  /**
   * The question's words in order, each as its index-term readings (stop words left out, no synonyms or
   * everyday wording): what a law's title is looked for in ("وفق نظام الإثبات").
   */
  words: string[][];
  /** Whether it asks what a legal term covers (`asksDefinition`): the law's definitions answer it. */
  definition: boolean;
  /** Whether it speaks of "التنظيم" without naming it (`speaksOfBodyRules`): the rules of a body answer it. */
  bodyRules: boolean;
}

/** The index term of one normalised word, or undefined for a stop word. */
function termOf(word: string): string | undefined {
  if (isArabicWord(word)) return isArabicStopWord(word) ? undefined : stemArabic(word);
  return isEnglishStopWord(word) ? undefined : stemEnglish(word);
}

function termsOf(words: readonly string[]): string[] {
  const terms: string[] = [];
  for (let at = 0; at < words.length; at++) {
    const term = termOf(words[at]!);
    if (term === undefined) continue;
    const party = partyTerm(term, words[at + 1]);
    terms.push(party ?? term);
    if (party) at += 1;
  }
  return terms;
}

/**
 * Index terms of a text (Arabic, with any Latin words in it): normalised, stop words removed,
 * Arabic words light-stemmed, Latin words English-stemmed.
 */
export function analyzeArabic(text: string): string[] {
  return termsOf(tokenize(text));
}

/**
 * Index terms of everyday wording (an article's subject-index phrases): colloquial words and phrases in their MSA
 * wording first, as a question's are (`arabicClauses`), so "نفقة العيال" in a phrase meets "العيال" in a question.
 */
export function analyzeEveryday(text: string): string[] {
  return termsOf(inMsaWording(tokenize(text)));
}

/** Detects the query language by script: any Arabic letter makes it Arabic. */
export function detectLanguage(text: string): QueryLanguage {
  return isArabicWord(text) ? "ar" : "en";
}

/** A word ending in an alef with tanween fath (ـاً، ـًا: "تحرشاً"، "شفهياً"), the alef captured before the mark. */
const MARKED_TANWEEN = /^([\p{L}\p{M}]+?)(?:\u0627\u064B|\u064B\u0627)$/u;

/**
 * The words a question wrote with tanween fath, normalised, each with its form without the alef: normalisation
 * drops the mark and keeps the alef, which the law texts mostly write without ("تحرشاً" → "تحرش").
 */
function tanweenForms(text: string): Map<string, string> {
  const forms = new Map<string, string>();
  for (const raw of text.split(/[^\p{L}\p{M}]+/u)) {
    const bare = MARKED_TANWEEN.exec(raw)?.[1];
    if (bare) forms.set(normalizeArabic(raw), normalizeArabic(bare));
  }
  return forms;
}

export function analyzeQuery(text: string, language: QueryLanguage = detectLanguage(text)): AnalyzedQuery {
  const words = tokenize(text);
  const reference = findArticleReference(words);
  const tanween = tanweenForms(text);
  const publicSector = namesPublicSector(text);
  const readings = wordReadings(words);
  const definition = asksDefinition(text);
  const bodyRules = speaksOfBodyRules(text);
  if (!reference) return { ...withExpansions(wordClauses(words, language, tanween), publicSector), words: readings, definition, bodyRules };
  const rest = [...words.slice(0, reference.start), ...words.slice(reference.end)];
  const numberWords = words.slice(reference.numberStart, reference.end);
  return {
    ...withExpansions(wordClauses(rest, language, tanween), publicSector),
    article: { number: reference.articleNumber, clauses: wordClauses(numberWords, "ar") },
    words: readings,
    definition,
    bodyRules,
  };
}

/** Each word's index-term readings, in order; stop words left out. */
function wordReadings(words: readonly string[]): string[][] {
  const readings: string[][] = [];
  for (const word of words) {
    const term = termOf(word);
    if (term !== undefined) readings.push(isArabicWord(word) ? [...new Set([term, ...stemArabicReadings(word)])] : [term]);
  }
  return readings;
}

/** Each clause's synonyms, within the employment sector the question speaks of (see `sector.ts`). */
function withExpansions(written: string[][], publicSector: boolean): Pick<AnalyzedQuery, "clauses" | "expansions"> {
  const clauses = inSectorWording(written, publicSector);
  const expansions = clauses.map((clause) =>
    [...new Set(clause.flatMap((term) => expandTerm(term)))].filter((term) => !clause.includes(term) && !crossesSector(term, clause, publicSector)),
  );
  return { clauses, expansions };
}

function wordClauses(words: readonly string[], language: QueryLanguage, tanween = new Map<string, string>()): string[][] {
  return dedupe(language === "en" ? englishClauses(words) : arabicClauses(words, tanween));
}

/** Arabic question words: colloquial words in their MSA wording, each word with its question forms. */
function arabicClauses(words: readonly string[], tanween: ReadonlyMap<string, string>): string[][] {
  const clauses: string[][] = [];
  const msa = inMsaWording(words);
  for (let at = 0; at < msa.length; at++) {
    const word = msa[at]!;
    const term = termOf(word);
    if (term === undefined) continue;
    const party = partyTerm(term, msa[at + 1]);
    if (party) {
      clauses.push([party]);
      at += 1;
      continue;
    }
    const readings = (form: string) => (isArabicStopWord(form) ? [] : stemArabicReadings(form));
    const bare = tanween.get(word);
    const forms = isArabicWord(word) ? [word, ...(bare ? [bare] : []), ...questionForms(word)].flatMap(readings) : [];
    clauses.push([...new Set([term, ...forms])]);
  }
  return clauses;
}

/** The words with colloquial phrases and words in their MSA wording ("صاحب البيت" → "المؤجر", "العيال" → "الأولاد"). */
function inMsaWording(words: readonly string[]): string[] {
  return colloquialPhrases(words).flatMap((word) => fromDialect(word) ?? [word]);
}

/** The question's words with its colloquial two-word phrases in their MSA wording ("صاحب البيت" → "المؤجر"). */
function colloquialPhrases(words: readonly string[]): string[] {
  const out: string[] = [];
  for (let at = 0; at < words.length; at++) {
    const phrase = fromDialectPhrase(words[at]!, words[at + 1]);
    if (phrase) {
      out.push(...phrase);
      at += 1;
    } else out.push(words[at]!);
  }
  return out;
}

/** English words through the glossary (longest phrase first); untranslated words stay as English terms. */
function englishClauses(words: readonly string[]): string[][] {
  const clauses: string[][] = [];
  for (let i = 0; i < words.length; ) {
    const match = isArabicWord(words[i] ?? "") ? undefined : matchGlossary(words, i);
    if (match) {
      for (let at = 0; at < match.arabic.length; at++) {
        const alternatives = match.arabic[at]!;
        // A party named over two words ("defendant" → "المدعى عليه") is one term, as in the texts.
        const party = alternatives.length === 1 ? partyTerm(termOf(alternatives[0]!) ?? "", match.arabic[at + 1]?.[0]) : undefined;
        const terms = party ? [party] : termsOf(alternatives);
        if (party) at += 1;
        if (terms.length > 0) clauses.push(terms);
      }
      i += match.length;
    } else {
      clauses.push(...termsOf(words.slice(i, i + 1)).map((term) => [term]));
      i += 1;
    }
  }
  return clauses;
}

function dedupe(clauses: readonly string[][]): string[][] {
  const seen = new Set<string>();
  return clauses.filter((clause) => {
    const key = [...new Set(clause)].sort().join(" ");
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
