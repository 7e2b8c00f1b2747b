import type { Language } from "../../app/language";
import type { SourceArticle } from "../provider";
import { decisiveQuote } from "./quotes";
import { TEXTS } from "./texts";

/** At most this many articles are quoted; others relevant enough become follow-up questions. */
const MAX_QUOTED = 3;
/** A further article is quoted only when it scores at least this share of the best one. */
const QUOTE_SCORE_RATIO = 0.75;

export interface ComposedAnswer {
  text: string;
  citedArticleIds: string[];
}

export interface ComposeInput {
  question: string;
  language: Language;
  sources: SourceArticle[];
  analyzer: TermAnalyzer;
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
export function composeAnswer({ question, language, sources, analyzer }: ComposeInput): ComposedAnswer {
  const t = TEXTS[language];
  if (sources.length === 0) {
    return { text: [t.notFound, "", `### ${t.followUpHeading}`, `- ${t.followRephraseLaw}`, `- ${t.followRephraseExample}`].join("\n"), citedArticleIds: [] };
  }
  const quoted = chooseQuoted(sources);
  const questionTerms = new Set(analyzer.questionTerms(question, language));
  const sameLaw = quoted.every((source) => source.lawName === quoted[0]?.lawName);
  const lines: string[] = [sameLaw ? t.intro(quoted[0]!) : t.introMany, ""];
  for (const source of quoted) {
    lines.push(`**${t.articleHeading(source)}**`);
    if (source.status === "repealed") lines.push(`_${t.repealedNote}_`);
    lines.push(`> ${decisiveQuote(source.content, questionTerms, analyzer.textTerms)}`, "", t.application(source), "");
  }
  lines.push(`**${t.sourcesHeading}**`, ...quoted.map(t.sourceLine), "", `### ${t.followUpHeading}`, ...followUps(language, quoted, sources).map((q) => `- ${q}`));
  return { text: lines.join("\n"), citedArticleIds: quoted.map((source) => source.id) };
}

function chooseQuoted(sources: SourceArticle[]): SourceArticle[] {
  const best = sources[0]!;
  return sources.filter((source, index) => index === 0 || source.score >= best.score * QUOTE_SCORE_RATIO).slice(0, MAX_QUOTED);
}

/** 2–4 questions grounded in what was found: further relevant articles, exceptions, penalties. */
function followUps(language: Language, quoted: SourceArticle[], sources: SourceArticle[]): string[] {
  const t = TEXTS[language];
  const unquoted = sources.filter((source) => !quoted.includes(source)).slice(0, 2);
  const questions = [...unquoted.map(t.followArticle), t.followExceptions(quoted[0]!), t.followPenalty(quoted[0]!)];
  return [...new Set(questions)].slice(0, 4);
}
