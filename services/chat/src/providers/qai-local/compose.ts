import { conflationKey } from "@qai/search-index";
import type { Language } from "../../app/language";
import type { LawRef, SourceArticle } from "../provider";
import { currentWording, type ArticleText } from "./amendment";
import { briefQuote, clausesOf, decidingClauses, leadText, polarTerms, questionTermsIn, statedCircumstances, statesCase, termsStatedWith, ruleFigureText, scoreClauses, type ClauseMatch } from "./clauses";
import { asksForFigure, englishFigures } from "./figures";
import { followUps } from "./follow-ups";
import { partFor, questionQuantity, type Quantity } from "./ranges";
import { provisionName, TEXTS } from "./texts";

/** At most this many articles are quoted. */
const MAX_QUOTED = 3;
/** A further article of the deciding law is quoted when it scores at least this share of the best one, and… */
const SAME_LAW_SCORE_RATIO = 0.6;
/**
 * …either is this close to it in number (the same chapter: an exception, the next rule) or covers the question
 * at least as well, holding every question word the best article holds. A high score on the law's shared
 * vocabulary alone brought the probation article (54) and the ship crews' (172) into an end-of-service answer
 * (85); in English, 172 even covered more of the question, but not its "resigned".
 */
const SAME_CHAPTER = 10;
/** An article of another law this close to the best one splits the evidence: the answer asks which applies. */
const SPLIT_SCORE_RATIO = 0.9;
/**
 * Below this coverage of the question the evidence is weak, and the answer says so. Everyday questions carry
 * words no law uses, so right answers often cover less than 0.6: over everyday-dev, 0.6 put the note on 18 of
 * the 26 answers whose first article is right (and 30 of the 34 others), 0.4 on 5 of 26 (18 of 34); on
 * retrieval-dev 0.4 notes 8 of 516 right answers and 23 of 306 wrong ones. Later (better retrieval), at 0.4:
 * everyday-dev 5 of 49 right answers and 2 of 11 wrong ones, retrieval-dev 4 of 565 and 11 of 254, the long
 * questions of the everyday probes 136 of 490 and 127 of 296 — a hint, not a verdict, so the lead then says
 * "the closest provision I found" rather than withholding it.
 */
const WEAK_COVERAGE = 0.4;

export interface ComposedAnswer {
  text: string;
  citedArticleIds: string[];
}

export interface ComposeInput {
  question: string;
  language: Language;
  sources: SourceArticle[];
  analyzer: TermAnalyzer;
  /** The law the conversation is about (a follow-up naming none): its articles come first. */
  topicLaw?: LawRef;
}

/** Matches question terms against article sentences, with the search index's own analysis. */
export interface TermAnalyzer {
  questionTerms(question: string, language: Language): string[];
  textTerms(text: string): string[];
}

/**
 * The offline grounded answer: "Answer" — the deciding clauses of the best article, named by article
 * and law (in English: the figures it sets, then the Arabic text in its own block) —, then the other
 * relevant clauses of that article and the related provisions, quoted briefly; when another law
 * answers as well, it asks which situation is the user's; when the evidence is weak, the lead names the closest
 * provision (not the deciding one) and the note saying so follows it at once.
 * Follow-ups come from the cited articles. With no sources it says plainly that it has no answer.
 */
export function composeAnswer({ question, language, sources: found, analyzer, topicLaw }: ComposeInput): ComposedAnswer {
  const t = TEXTS[language];
  const sources = topicLaw ? [...found.filter((s) => s.lawId === topicLaw.lawId), ...found.filter((s) => s.lawId !== topicLaw.lawId)] : found;
  const top = sources[0];
  if (!top) {
    return { text: [t.notFound, "", `### ${t.followUpHeading}`, `- ${t.followRephraseLaw}`, `- ${t.followRephraseExample}`].join("\n"), citedArticleIds: [] };
  }
  // Words meet by word family ("العقاري"/"العقارية", "بيع"/"بيعاً"), as the index's family relatives do. Clauses are read
  // word by word, and an answer meets the same words many times: each is analysed once.
  const known = new Map<string, string[]>();
  const termsOf = (text: string) => {
    let terms = known.get(text);
    if (!terms) known.set(text, (terms = analyzer.textTerms(text).map(conflationKey)));
    return terms;
  };
  const questionTerms = new Set(analyzer.questionTerms(question, language).map(conflationKey));
  const polarity = polarTerms(question, termsOf);
  const negatedInQuestion = new Set([...polarity.negated].filter((term) => !polarity.affirmed.has(term)));
  const statedWith = termsStatedWith(question, termsOf);
  const circumstances = statedCircumstances(question, termsOf);
  const match: ClauseMatch = { termsOf, questionTerms, negatedInQuestion, statedWith, circumstances, asksFigure: asksForFigure(question), statesCase: statesCase(question) };
  const holdsTopWords = holdsQuestionWordsOf(top, (source) => questionTermsIn(source.content, match));
  const split = splitWith(sources, top, holdsTopWords);
  const quoted = chooseQuoted(sources, top, split, holdsTopWords);
  const weak = top.coverage < WEAK_COVERAGE;
  const lines = [...leadOf(top, language, match, questionQuantity(question), weak)];
  // Weak evidence is said before anything else is quoted: the lead names the closest provision, not the deciding one.
  if (weak) lines.push(t.weak, "");
  if (split) lines.push(t.split(top, split), "");
  const related = quoted.slice(1);
  if (related.length > 0) lines.push(`**${t.relatedHeading}**`, "", ...related.flatMap((source) => provisionBlock(source, language, match)));
  const questions = followUps(language, quoted, sources);
  if (questions.length > 0) lines.push(`### ${t.followUpHeading}`, ...questions.map((q) => `- ${q}`));
  return { text: lines.join("\n"), citedArticleIds: quoted.map((source) => source.id) };
}

/**
 * Whether an article holds every question word `top` holds. `top`'s words are read once, on the first call: most
 * answers never ask.
 */
function holdsQuestionWordsOf(top: SourceArticle, questionTermsOf: (source: SourceArticle) => ReadonlySet<string>): (source: SourceArticle) => boolean {
  let topTerms: ReadonlySet<string> | undefined;
  return (source) => {
    topTerms ??= questionTermsOf(top);
    const terms = questionTermsOf(source);
    return [...topTerms].every((term) => terms.has(term));
  };
}

/**
 * The article of another law that answers as well: this close to the best one in score and holding every question
 * word the best one holds. One that lacks some (a father's death in the Personal Status Law's maintenance rule, for a
 * question about the leave it gives) does not decide the same question.
 */
function splitWith(sources: readonly SourceArticle[], top: SourceArticle, holdsTopWords: (source: SourceArticle) => boolean): SourceArticle | undefined {
  return sources.find((source) => source.lawId !== top.lawId && source.score >= top.score * SPLIT_SCORE_RATIO && holdsTopWords(source));
}

function chooseQuoted(
  sources: readonly SourceArticle[],
  top: SourceArticle,
  split: SourceArticle | undefined,
  holdsTopWords: (source: SourceArticle) => boolean,
): SourceArticle[] {
  const coversAsWell = (source: SourceArticle) => source.coverage >= top.coverage && holdsTopWords(source);
  const sameLaw = sources.filter(
    (source) =>
      source !== top &&
      source.lawId === top.lawId &&
      source.score >= top.score * SAME_LAW_SCORE_RATIO &&
      (Math.abs(source.articleNumber - top.articleNumber) <= SAME_CHAPTER || coversAsWell(source)),
  );
  return [top, ...(split ? [split] : []), ...sameLaw].slice(0, MAX_QUOTED);
}

/**
 * The opening: the deciding clauses of the best article, the part of them that holds the question's own
 * figure (when the rule sets different outcomes by range), then the article's other relevant clauses.
 */
function leadOf(top: SourceArticle, language: Language, match: ClauseMatch, quantity: Quantity | undefined, weak: boolean): string[] {
  const t = TEXTS[language];
  const wording = currentWording(top.content);
  const { text } = wording;
  const clauses = clausesOf(text);
  const scores = scoreClauses(clauses, match);
  const deciding = decidingClauses(clauses, scores, match.statesCase, (index) => questionTermsIn(clauses[index]!, match));
  const rule = leadText(clauses, deciding);
  const lines: string[] = [];
  const lead = weak ? t.closest : t.lead;
  if (language === "ar") lines.push(`**${t.answerLabel}** ${lead(top, rule)}`, "");
  else {
    const figures = englishFigures(ruleFigureText(clauses, deciding));
    lines.push(`**${t.answerLabel}** ${lead(top, rule)}${figures.length > 0 ? ` ${TEXTS.en.figures(figures)}` : ""}`, "", `> ${rule}`, "");
  }
  const part = quantity && partFor(rule, quantity);
  if (quantity && part) lines.push(...(language === "ar" ? [TEXTS.ar.applies(quantity, part), ""] : [TEXTS.en.applies(quantity, englishFigures(part)), "", `> ${part}`, ""]));
  lines.push(...notes(top, wording, language));
  const rest = briefQuote(clauses, scores, [], new Set(deciding));
  if (rest) lines.push(`**${provisionName(top, language)}**`, `> ${rest}`, "");
  return lines;
}

/** A supporting provision: its heading and its deciding clauses, quoted briefly. */
function provisionBlock(source: SourceArticle, language: Language, match: ClauseMatch): string[] {
  const wording = currentWording(source.content);
  const clauses = clausesOf(wording.text);
  const scores = scoreClauses(clauses, match);
  const noted = notes(source, wording, language);
  // A blank line after the heading: otherwise Markdown runs the note into the heading's paragraph.
  return [`**${provisionName(source, language)}**`, ...(noted.length > 0 ? ["", ...noted] : []), `> ${briefQuote(clauses, scores, decidingClauses(clauses, scores))}`, ""];
}

function notes(source: SourceArticle, { amendment, paragraph }: ArticleText, language: Language): string[] {
  const t = TEXTS[language];
  return [...(source.status === "repealed" ? [`_${t.repealedNote}_`, ""] : []), ...(amendment ? [`_${t.amended(amendment, paragraph)}_`, ""] : [])];
}
