import type { AnalyzedQuery } from "../analysis/analyzer";
import { stemArabic } from "../analysis/arabic-stemmer";
import type { Generation } from "./generation";
import type { LawDirectory, LawProfile, WrittenLaws } from "./law-directory";
import type { LawKind } from "./law-kind";
import { FIELDS, type RankingParameters } from "./ranking";
import { asksOfVessel, speaksOfVessel, VESSEL_WORDS } from "./special-regime";

const CONTENT_FIELD = FIELDS.indexOf("content");

/** Why a law's articles rank where they do: its kind, whether the question names it, its prior and evidence. */
export interface LawRanking {
  lawId: string;
  lawName: string;
  kind: LawKind;
  status: "in_force" | "repealed";
  /** How completely the question names the law (0..1). */
  named: number;
  /** Whether the question writes out its title ("وفق نظام الإثبات"), or its title without "نظام" ("أمام المحكمة التجارية"). */
  mentioned: "title" | "short title" | false;
  /** The factor its articles' scores were multiplied by (1 = none). */
  prior: number;
  /** Its evidence relative to the strongest law's (0..1): the mean of its best candidate scores. */
  evidence: number;
  /** Its best article's final score. */
  best: number;
}

/** What the law decision reads: each candidate's law, and the laws' titles (embedded: a generation; Elasticsearch: the hits and a law directory). */
export interface LawSource {
  lawOf(slot: number): string;
  profile(lawId: string): LawProfile | undefined;
  /** How completely (0..1, IDF-weighted) the query terms name the law. */
  nameMatchOf(lawId: string, queryTerms: ReadonlySet<string>): number;
  /** The laws whose titles the question's words write out (see `LawDirectory.mentioned`). */
  mentioned(words: readonly string[][]): WrittenLaws;
  /** Whether the candidate's article speaks of ships (`speaksOfVessel`). */
  speaksOfVessel(slot: number): boolean;
}

/** Candidates whose laws `lawOf` tells, with their titles in `laws`, as a `LawSource`. */
export function directoryLaws(laws: LawDirectory, lawOf: (slot: number) => string, vessel: (slot: number) => boolean): LawSource {
  return {
    lawOf,
    speaksOfVessel: vessel,
    profile: (lawId) => laws.profile(lawId),
    nameMatchOf: (lawId, queryTerms) => laws.nameMatchOf(lawId, queryTerms),
    mentioned: (words) => laws.mentioned(words),
  };
}

/** A generation's candidates and laws as a `LawSource`. */
export function generationLaws(generation: Generation): LawSource {
  const vessels = vesselSlots(generation);
  return directoryLaws(generation.laws, (slot) => generation.articles[slot]!.lawId, (slot) => vessels.has(slot));
}

/** Each generation's articles that speak of a vessel, for the version it was read at. */
const vesselCache = new WeakMap<Generation, { version: number; slots: ReadonlySet<number> }>();

/**
 * The slots whose content speaks of a vessel (`speaksOfVessel`; the content's terms, as the Elasticsearch adapter's
 * candidates carry them), read once per generation version from the vessel words' postings: checked per candidate,
 * it cost every search ~0.15 ms.
 */
function vesselSlots(generation: Generation): ReadonlySet<number> {
  const cached = vesselCache.get(generation);
  if (cached?.version === generation.version) return cached.slots;
  const codes = VESSEL_WORDS.flatMap((term) => generation.postings.get(term)?.code ?? []);
  const mentioning = new Set(VESSEL_WORDS.flatMap((term) => generation.postings.get(term)?.slots ?? []));
  const slots = new Set([...mentioning].filter((slot) => {
    const content = generation.articles[slot]?.fields[CONTENT_FIELD];
    return content !== undefined && speaksOfVessel(content, codes);
  }));
  vesselCache.set(generation, { version: generation.version, slots });
  return slots;
}

/**
 * The law-level decision (which laws govern the question), applied to the candidates' scores:
 * 1. the prior — a law the question does not name is weighted by its kind (general laws first,
 *    then implementing regulations, then the rules of one body, unless the question asks of a board), a repealed law
 *    by its status whether named or not; when the question writes
 *    out a law's title, the laws it does not write out are weighted down too (less when it writes the title
 *    without its leading "نظام" only), and so, less, are the laws it hardly names when its words name one fully;
 * 2. the evidence — each law's mean of its best candidate scores lifts all its candidates, so the
 *    law with the most relevant articles wins over a lone look-alike article elsewhere.
 */
export function decideLaws(
  source: LawSource,
  query: Pick<AnalyzedQuery, "clauses" | "words" | "expansions" | "bodyRules">,
  scores: Float64Array,
  candidates: readonly number[],
  ranking: RankingParameters,
): Map<string, LawRanking> {
  const queryTerms = new Set(query.clauses.flat());
  const askedTerms = new Set([...queryTerms, ...query.expansions.flat()]);
  const mentioned = source.mentioned(query.words);
  const laws = new Map<string, LawRanking>();
  // Each candidate's law, looked up once.
  const lawsOf = candidates.map((slot) => {
    const lawId = source.lawOf(slot);
    let law = laws.get(lawId);
    if (!law) laws.set(lawId, (law = rankingOf(source, lawId, { queryTerms, askedTerms, mentioned }, ranking)));
    return law;
  });
  if (mentioned.full.size === 0 && mentioned.short.size === 0) {
    weighBesideFullyNamed([...laws.values()], ranking);
    if (query.bodyRules) weighOutsideBodyRules([...laws.values()], source, ranking);
  }
  const vesselsAsked = asksOfVessel(askedTerms);
  candidates.forEach((slot, at) => {
    const law = lawsOf[at]!;
    // A general law's chapter on ships or aircraft is weighted like a special regime's law.
    const chapter = !vesselsAsked && law.kind !== "regime" && source.speaksOfVessel(slot) ? ranking.lawPrior.regime : 1;
    scores[slot]! *= law.prior * chapter;
  });
  applyLawEvidence(scores, candidates, lawsOf, ranking);
  return laws;
}

/**
 * Each query clause's weight in finding the article: `weight` for a clause that writes out a law's title (its words
 * are among `written.titleWords`), 1 for the others. A law's title words weigh like its subject everywhere else: its
 * definitions and establishment articles repeat the title and led "ما الوحدة الأساسية للنقد … وفقًا لنظام النقد
 * العربي السعودي؟" ahead of the article on the unit of currency. The law decision reads the title in full.
 */
export function titleWordWeights(clauses: readonly (readonly string[])[], written: WrittenLaws, weight: number): number[] {
  return clauses.map((terms) => (terms.some((term) => written.titleWords.has(term)) ? weight : 1));
}

/**
 * "المجلس" (the board) in a question asks about a body's organisation, the subject of the bodies' own rules: their
 * boards' meetings, powers and quorum ("ما الحد الأدنى لعدد اجتماعات المجلس في السنة؟"). Their titles name the body
 * (هيئة، مركز …), not its board, so the question names none of them and their kind's prior had left the field to the
 * general laws that also have a board (Social Insurance, Chambers of Commerce).
 */
const BOARD = stemArabic("المجلس");
/** Below this share of its title named, a law is not the question's field when another law is fully named. */
const WEAKLY_NAMED = 0.3;

/**
 * When the question writes no title but its words name one law almost completely ("حادث مروري": نظام المرور; "عقد العمل": نظام العمل),
 * the laws they name hardly at all are weighted down: a look-alike article elsewhere ("حادث" in the nuclear
 * liability law) then needs clearly stronger evidence to lead.
 */
function weighBesideFullyNamed(laws: readonly LawRanking[], { lawPrior }: RankingParameters): void {
  if (!laws.some((law) => law.named >= lawPrior.fullyNamed)) return;
  for (const law of laws) if (law.named < WEAKLY_NAMED) law.prior *= lawPrior.besideFullyNamed;
}

const RULES = new Set([stemArabic("تنظيم")]);

/**
 * When the question speaks of "التنظيم" without naming it ("ما المقصود بالشخص وفقًا للتنظيم؟"), the laws whose title is
 * not a body's rules ("تنظيم …") are weighted down: a general law with a board or a definitions article of its own
 * (the Chambers of Commerce Law's meetings) had taken such questions.
 */
function weighOutsideBodyRules(laws: readonly LawRanking[], source: LawSource, { lawPrior }: RankingParameters): void {
  for (const law of laws) if (source.nameMatchOf(law.lawId, RULES) === 0) law.prior *= lawPrior.outsideBodyRules;
}

/** What the law decision reads of the question: its terms, with their synonyms, and the titles it writes. */
interface AskedLaws {
  queryTerms: ReadonlySet<string>;
  askedTerms: ReadonlySet<string>;
  mentioned: WrittenLaws;
}

function rankingOf(source: LawSource, lawId: string, { queryTerms, askedTerms, mentioned }: AskedLaws, ranking: RankingParameters): LawRanking {
  const profile = source.profile(lawId) ?? { lawId, name: "", kind: "general", status: "in_force" };
  const named = source.nameMatchOf(lawId, queryTerms);
  const { lawPrior } = ranking;
  let prior = 1;
  if (named < lawPrior.named) {
    if (profile.kind === "regulation") prior *= lawPrior.regulation;
    if (profile.kind === "special" && !queryTerms.has(BOARD)) prior *= lawPrior.special;
  }
  // Named or not: a title an older, repealed version shares ("نظام التأمينات الاجتماعية" and its 1421H law) means the
  // one in force.
  if (profile.status === "repealed") prior *= lawPrior.repealed;
  if (profile.regime && ![...profile.regime].some((term) => askedTerms.has(term))) prior *= lawPrior.regime;
  const written = mentioned.full.has(lawId) ? "title" : mentioned.short.has(lawId) ? "short title" : false;
  // A law the question writes in either form keeps its prior; the others are weighted by the fullest form written.
  if (!written && mentioned.full.size > 0) prior *= lawPrior.unmentioned;
  else if (!written && mentioned.short.size > 0) prior *= lawPrior.unmentionedShort;
  return { lawId, lawName: profile.name, kind: profile.kind, status: profile.status, named, mentioned: written, prior, evidence: 0, best: 0 };
}

/** Each law's evidence (the mean of its `depth` best candidate scores, relative to the strongest law's), added to its candidates. */
function applyLawEvidence(scores: Float64Array, candidates: readonly number[], lawsOf: readonly LawRanking[], ranking: RankingParameters): void {
  const { weight, depth } = ranking.lawEvidence;
  let top = -Infinity;
  for (const slot of candidates) top = Math.max(top, scores[slot]!);
  if (!(top > 0)) return;
  // Each law's best `depth` scores, best first (no sort of all the candidates).
  const bestOf = new Map<LawRanking, number[]>();
  candidates.forEach((slot, at) => {
    const law = lawsOf[at]!;
    const score = scores[slot]!;
    let list = bestOf.get(law);
    if (!list) bestOf.set(law, (list = []));
    if (list.length === depth && score <= list[depth - 1]!) return;
    let i = Math.min(list.length, depth - 1);
    list[i] = score;
    for (; i > 0 && list[i - 1]! < score; i--) [list[i - 1], list[i]] = [score, list[i - 1]!];
  });
  let strongest = 0;
  for (const [law, list] of bestOf) {
    law.evidence = list.reduce((sum, s) => sum + s, 0) / depth;
    strongest = Math.max(strongest, law.evidence);
  }
  for (const law of bestOf.keys()) law.evidence /= strongest;
  if (weight > 0) candidates.forEach((slot, at) => (scores[slot]! += weight * top * lawsOf[at]!.evidence));
  candidates.forEach((slot, at) => {
    const law = lawsOf[at]!;
    law.best = Math.max(law.best, scores[slot]!);
  });
}
