import type { Language } from "../../app/language";
import type { LawRef, SourceArticle } from "../provider";
import { currentWording } from "./amendment";
import { decisiveQuote } from "./quotes";
import { TEXTS } from "./texts";

/** At most this many articles are quoted; others relevant enough become follow-up questions. */
const MAX_QUOTED = 3;
/** A further article is quoted when it is from the best article's law and scores at least this share of it… */
const SAME_LAW_SCORE_RATIO = 0.6;
/** …or, from another law, at least this share. */
const OTHER_LAW_SCORE_RATIO = 0.9;
/** Articles of the best article's law scoring at least this share of it are suggested as follow-ups. */
const FOLLOW_UP_SCORE_RATIO = 0.35;

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
 * The offline grounded answer: quotes the decisive sentences of the best articles, says how they
 * apply, lists the sources and ends with follow-up questions. With no sources it says plainly that
 * the knowledge base has no answer.
 */
export function composeAnswer({ question, language, sources: found, analyzer, topicLaw }: ComposeInput): ComposedAnswer {
  const t = TEXTS[language];
  const sources = topicLaw ? [...found.filter((s) => s.lawId === topicLaw.lawId), ...found.filter((s) => s.lawId !== topicLaw.lawId)] : found;
  if (sources.length === 0) {
    return { text: [t.notFound, "", `### ${t.followUpHeading}`, `- ${t.followRephraseLaw}`, `- ${t.followRephraseExample}`].join("\n"), citedArticleIds: [] };
  }
  const quoted = chooseQuoted(sources);
  const questionTerms = new Set(analyzer.questionTerms(question, language));
  const sameLaw = quoted.every((source) => source.lawName === quoted[0]?.lawName);
  const lines: string[] = [sameLaw ? t.intro(quoted[0]!) : t.introMany, ""];
  for (const source of quoted) {
    const { text, amendment } = currentWording(source.content);
    lines.push(`**${t.articleHeading(source)}**`);
    if (source.status === "repealed") lines.push(`_${t.repealedNote}_`);
    if (amendment) lines.push(`_${t.amended(amendment)}_`);
    lines.push(`> ${decisiveQuote(text, questionTerms, analyzer.textTerms)}`, "");
  }
  lines.push(t.application(quoted[0]!), "");
  lines.push(`**${t.sourcesHeading}**`, ...quoted.map(t.sourceLine), "", `### ${t.followUpHeading}`, ...followUps(language, quoted, sources).map((q) => `- ${q}`));
  return { text: lines.join("\n"), citedArticleIds: quoted.map((source) => source.id) };
}

function chooseQuoted(sources: SourceArticle[]): SourceArticle[] {
  const best = sources[0]!;
  return sources.filter((source, index) => index === 0 || closeToBest(source, best, SAME_LAW_SCORE_RATIO)).slice(0, MAX_QUOTED);
}

/** Whether an article is relevant enough beside the best one to quote or to suggest. */
function closeToBest(source: SourceArticle, best: SourceArticle, sameLawRatio: number): boolean {
  return source.score >= best.score * (source.lawName === best.lawName ? sameLawRatio : OTHER_LAW_SCORE_RATIO);
}

/** 2–4 questions grounded in what was found: further articles close to the best one, exceptions, penalties. */
function followUps(language: Language, quoted: SourceArticle[], sources: SourceArticle[]): string[] {
  const t = TEXTS[language];
  const related = sources.filter((source) => !quoted.includes(source) && closeToBest(source, sources[0]!, FOLLOW_UP_SCORE_RATIO)).slice(0, 2);
  const questions = [...related.map(t.followArticle), t.followExceptions(quoted[0]!), t.followPenalty(quoted[0]!)];
  return [...new Set(questions)].slice(0, 4);
}
