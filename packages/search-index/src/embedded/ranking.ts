/** BM25F parameters: one k1, and per field a weight and a length normalisation b. */
export interface FieldParameters {
  weight: number;
  b: number;
}

/** Law-level evidence: articles of the laws whose best articles score highest are lifted. */
export interface LawEvidenceParameters {
  /** Share of the best article score a law with the strongest evidence adds to its articles (0 = off). */
  weight: number;
  /** A law's evidence is the mean of its `depth` best candidate scores. */
  depth: number;
  /** Candidates (best BM25F articles) the evidence is gathered from and applied to. */
  candidates: number;
}

/**
 * Which law governs: a question that does not name a law is answered from the general law first.
 * Article scores of a law the question does not name are multiplied by its kind's factor.
 */
export interface LawPriorParameters {
  /** Implementing regulations, rules and arrangements. */
  regulation: number;
  /** The organisation of one body, fund or programme. */
  special: number;
  /** Repealed laws. */
  repealed: number;
  /** A law whose title the question covers at least this much (IDF-weighted, 0..1) is named: no factor applies. */
  named: number;
  /** When the question writes out a law's title ("وفق نظام الإثبات"), the laws it does not write out. */
  unmentioned: number;
  /** When it writes a title only without its leading "نظام" ("أمام المحكمة التجارية"), the laws it does not write. */
  unmentionedShort: number;
  /** A special regime (ships, aircraft, finance leases…) the question does not speak of (see `regimeTerms`). */
  regime: number;
  /** A law the question's words name at least this completely ("حادث مروري": نظام المرور) is the question's field… */
  fullyNamed: number;
  /** …and the laws it names hardly at all (below `WEAKLY_NAMED`) are weighted by this. */
  besideFullyNamed: number;
  /** When it speaks of "التنظيم" without naming it (`speaksOfBodyRules`), the laws whose title is not a body's rules. */
  outsideBodyRules: number;
}

/** Term proximity: query-term pairs close together in an article's content. */
export interface ProximityParameters {
  /** Weight of the proximity score relative to BM25F (0 = off). */
  weight: number;
  /** Largest distance (in index terms) of a pair that counts. */
  window: number;
  /** Candidates re-scored. */
  candidates: number;
}

/** A subject-index phrase the question states (`subject-phrases.ts`). */
export interface SubjectPhraseParameters {
  /** Its article gains this share of the best candidate's score, times the share of the phrase stated (0 = off). */
  weight: number;
  /** A phrase counts when the question states at least this share of its terms. */
  minShare: number;
}

export interface RankingParameters {
  k1: number;
  content: FieldParameters;
  title: FieldParameters;
  law: FieldParameters;
  /** The article's lead: its first content terms (after an amendment note), where its topic is stated. */
  lead: FieldParameters;
  /** The article's subject-index phrases (`article-topics.ts`): the everyday words of the questions it answers. */
  topics: FieldParameters;
  lawEvidence: LawEvidenceParameters;
  lawPrior: LawPriorParameters;
  proximity: ProximityParameters;
  subjectPhrase: SubjectPhraseParameters;
  /** Weight of a synonym-expanded term relative to the query word it expands (0 = off). */
  expansion: number;
  /** Weight of the other index terms of a query term's word family (see `conflationKey`; 0 = off). */
  family: number;
  /** A definitions article is weighted ×(1 + this) for a question asking what a term covers (`definitions.ts`). */
  definition: number;
  /**
   * Weight of a question word that writes out a law's title ("… لنظام النقد العربي السعودي"), relative to its other
   * words (`titleWordWeights`): the law decision reads the title, and the article is found by what else is asked.
   */
  titleWords: number;
}

/** Tuned on the dev questions (see README). */
export const DEFAULT_RANKING: RankingParameters = {
  k1: 1.0,
  content: { weight: 1, b: 0.6 },
  title: { weight: 1, b: 0.5 },
  law: { weight: 1.5, b: 0.3 },
  lead: { weight: 1, b: 0 },
  topics: { weight: 1, b: 0.9 },
  lawEvidence: { weight: 0.4, depth: 3, candidates: 200 },
  lawPrior: { regulation: 0.8, special: 0.7, repealed: 0.9, named: 0.01, unmentioned: 0.6, unmentionedShort: 0.8, regime: 0.8, fullyNamed: 0.9, besideFullyNamed: 0.95, outsideBodyRules: 0.7 },
  proximity: { weight: 0.5, window: 4, candidates: 100 },
  subjectPhrase: { weight: 0.08, minShare: 0.6 },
  expansion: 0.5,
  family: 0.3,
  definition: 0.4,
  titleWords: 0.7,
};

export const FIELDS = ["content", "title", "law", "lead", "topics"] as const;
/** Content terms in the lead field. */
export const LEAD_TERMS = 8;
export type Field = (typeof FIELDS)[number];

/** Robertson–Spärck Jones IDF, always positive. */
export function idf(documentFrequency: number, documents: number): number {
  return Math.log(1 + (documents - documentFrequency + 0.5) / (documentFrequency + 0.5));
}
