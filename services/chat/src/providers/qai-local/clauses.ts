/**
 * Sentence-level selection inside an article: the clauses that decide the question, kept whole
 * (numbers and conditions are never cut), and brief quotes joined by "…" only where text is left out.
 */
import { statesFigure } from "./figures";

/**
 * A clause continuing the one before it: a condition or exception ("ومع ذلك، يجوز …" after "لا يجوز …") belongs
 * with the rule it qualifies, "وذلك …" ("and that …") says how or when the rule before it applies, and "وله أن …"
 * ("and he may …") gives the one the rule binds his option ("وله أن يستعيض عن ذلك ببدل نقدي").
 */
const CONTINUES = /^(و?(ما لم|إلا|الا|على أن|علي ان|بشرط|شريطة|ويستثنى|يستثنى|مع مراعاة|مع ذلك|وفي هذه الحالة|وفي حال|وفي جميع الأحوال)|فإذا|فإن|وإذا|وإن|وذلك|وله أن|ولها أن|ولهم أن)/u;
/**
 * A sentence a semicolon cuts before it ends: a condition before its consequence ("إذا منع الولي … موليته من الزواج …؛
 * تتولى المحكمة تزويج المرأة المعضولة …"), a rule before its limit ("يحدد مبلغ العربون … بالاتفاق بين أطرافها؛ بما لا
 * يتجاوز (5%) …"). The clause after it, unless it is the next item of a list, belongs to the lead.
 */
const OPEN_END = /؛$/u;
/** A deciding lead longer than this keeps only its best clause. */
const MAX_LEAD_CHARS = 450;
/** A deciding clause that introduces a list ("… إلا في الحالات الآتية:") brings its items up to this length. */
const MAX_LIST_CHARS = 900;
/** Brief quotes stop adding clauses past this length. */
const MAX_QUOTE_CHARS = 420;

export interface ClauseMatch {
  /** The question's terms found in each clause, and whether the question asks for a figure the clause states. */
  termsOf(text: string): string[];
  questionTerms: ReadonlySet<string>;
  /** The question's terms it puts under a negation ("دون موافقته"): a clause matches them only negated too. */
  negatedInQuestion: ReadonlySet<string>;
  /** The question's terms it states with "ب" ("بموافقة الشركة", "بإذن"): a clause matches them only not negated. */
  statedWith: ReadonlySet<string>;
  /** The circumstance the question states with "ب" ("بموافقة الشركة"): a clause setting its absence as a condition is the other case. */
  circumstances: ReadonlySet<string>;
  asksFigure: boolean;
  /** Whether the question states its situation as a condition ("… if my employer assaults me", "إذا تغيب …"). */
  statesCase: boolean;
}

/** A condition in a question: "إذا", "لو", "في حال", "if", "in case". */
const CONDITION = /(^|[\s،,])(?:[وف]?(?:إذا|اذا|لو)|في\s+حال|if|in\s+case)(?=\s)/iu;

/** Whether the question states its situation as a condition, so a listed case can answer it. */
export function statesCase(question: string): boolean {
  return CONDITION.test(question);
}

/**
 * A word that negates the words after it in a condition: "إذا لم يحصل على موافقة", "دون موافقة", "بغير إذنه",
 * "عدم الموافقة", "غير مشروع" (with و/ف/ب/ل before it). Not "لا": a rule's "لا يجوز" is what "هل يجوز" asks about.
 */
const NEGATOR = /^[وفبل]?(?:لم|دون|بدون|غير|عدم)$/u;
/** Words after a negator that it governs. */
const NEGATION_SPAN = 4;
const TASHKEEL = /[\u064B-\u0652\u0640]/gu;

/** The words of `text`, without tashkeel or punctuation, in order. */
function wordsOf(text: string): string[] {
  return text.replace(TASHKEEL, "").split(/[\s،,.؛:!?؟()«»"]+/u);
}

/** The terms of `text` under a negation (within `NEGATION_SPAN` words after a negator) and those that are not. */
export function polarTerms(text: string, termsOf: (text: string) => string[]): { affirmed: Set<string>; negated: Set<string> } {
  const affirmed = new Set<string>();
  const negated = new Set<string>();
  let governed = 0;
  for (const word of wordsOf(text)) {
    if (NEGATOR.test(word)) {
      governed = NEGATION_SPAN;
      continue;
    }
    for (const term of termsOf(word)) (governed > 0 ? negated : affirmed).add(term);
    if (governed > 0) governed -= 1;
  }
  return { affirmed, negated };
}

/**
 * The question's terms the clause holds, with the question's polarity where the question states one: a term the
 * question negates must be negated in the clause too, and a term it states with "ب" ("بموافقة") must be there not
 * negated ("إذا لم يحصل على موافقة" is the other case). Other terms count wherever they stand: in "دون مكافأة
 * العامل" the worker is the possessor, not negated.
 */
function matchedTerms(clause: string, match: ClauseMatch): string[] {
  const { affirmed, negated } = polarTerms(clause, match.termsOf);
  return [...match.questionTerms].filter((term) => {
    if (match.negatedInQuestion.has(term)) return negated.has(term);
    if (match.statedWith.has(term)) return affirmed.has(term);
    return affirmed.has(term) || negated.has(term);
  });
}

/** A condition the clause sets in the negative: "إذا لم", "إن لم", "ما لم", "في حال عدم", "عند عدم". */
const NEGATIVE_CONDITION = /^[وف]?(?:إذا|اذا|إن|ان|ما|حال|عند)$/u;
/** A circumstance stated with "ب": consent, permission, knowledge, agreement, licence, excuse ("بموافقة", "بإذن", "بعذر"). */
const CIRCUMSTANCE = /^ب(?:ال)?(?:موافق|إذن|اذن|رضا|علم|اتفاق|تفويض|ترخيص|عذر)/u;

/** The terms of the circumstances `text` states with "ب" ("أدرس بموافقة الشركة" → موافقة). */
export function statedCircumstances(text: string, termsOf: (text: string) => string[]): Set<string> {
  return new Set(wordsOf(text).filter((word) => CIRCUMSTANCE.test(word)).flatMap(termsOf));
}

/**
 * Whether the clause sets the absence of the question's circumstance as its condition: "إذا لم يحصل العامل على
 * موافقة" is the other case for "بموافقة الشركة".
 */
function statesOtherCase(clause: string, match: ClauseMatch): boolean {
  if (match.circumstances.size === 0) return false;
  const words = wordsOf(clause);
  for (let at = 1; at < words.length; at++) {
    if (!NEGATOR.test(words[at]!) || !NEGATIVE_CONDITION.test(words[at - 1]!)) continue;
    const span = words.slice(at + 1, at + 1 + NEGATION_SPAN).join(" ");
    if (match.termsOf(span).some((term) => match.circumstances.has(term))) return true;
  }
  return false;
}

/**
 * The terms of the words of `text` written with the preposition ب ("بموافقة" → موافقة): words the analysis reads
 * the same without their ب, so not "براءة" or "بنك".
 */
export function termsStatedWith(text: string, termsOf: (text: string) => string[]): Set<string> {
  const terms = new Set<string>();
  for (const word of wordsOf(text)) {
    if (word.length <= 3 || !word.startsWith("ب") || NEGATOR.test(word)) continue;
    const stated = termsOf(word);
    if (stated.join(" ") === termsOf(word.slice(1)).join(" ")) for (const term of stated) terms.add(term);
  }
  return terms;
}

/**
 * Where a list item starts: "1 -", "(2)", "أ)" after a space, a letter item also with a tatweel ("جـ -", "هـ -": 498
 * articles write their third or fifth item so) — not a reference such as "الفقرة (1)", "المادة (5)" or a number after
 * a comma ("المواد (8، 9، 10)"), which stays inside its sentence.
 */
const LIST_ITEM = /(?<![،,]\s*)\s+(?<!(?:الفقرة|الفقرتين|الفقرات|المادة|المادتين|المواد|البند|البندين|البنود|رقم)\s+)(?=(?:\(?\d{1,2}\)?|[أ-ي]ـ?)\s?[-–)]\s)/u;
/** A list item's dash, number or letter at the start of a clause. */
export const ITEM_MARK = /^(?:[-–•]|\(?[\d٠-٩]{1,2}\)?\s?[-–)]|\(?[أ-ي]ـ?\)?\s?[-–)])\s/u;

/** A clause introducing a list ends with a colon ("… في الحالات الآتية:"). */
const INTRODUCES_LIST = /[:：]\s*$/u;

/** A dash item right after a list's introduction ("على النحو الآتي: - البنوة: …"): not a dash inside a sentence. */
const DASH_ITEM_AFTER_COLON = /(?<=[:：])\s+(?=[-–•]\s)/u;

/** Splits article text into clauses: sentences (. ؛ ? !), lines and list items. */
export function clausesOf(text: string): string[] {
  return text
    .split(new RegExp(`(?<=[.!?؟؛])\\s+|\\n+|${LIST_ITEM.source}|${DASH_ITEM_AFTER_COLON.source}`, "u"))
    .map((clause) => withoutStrayQuote(clause.replace(/\s+/g, " ").trim()))
    .filter((clause) => clause.length > 1);
}

/**
 * A clause without the one quotation mark the split left it (an added paragraph's text quoted after its amendment note:
 * «… بإضافة الفقرات الآتية: "4- … 6- … مع الأجر ".»): the quote opening the first clause or closing the last.
 */
function withoutStrayQuote(clause: string): string {
  if ((clause.match(/["“”]/gu)?.length ?? 0) % 2 === 0) return clause;
  return clause.replace(/^["“]\s*/u, "").replace(/\s*["”]\s*(\.?)$/u, "$1");
}

/** The question's terms that `text` holds. */
export function questionTermsIn(text: string, match: ClauseMatch): Set<string> {
  return new Set(match.termsOf(text).filter((term) => match.questionTerms.has(term)));
}

function relevance(clause: string, match: ClauseMatch): number {
  if (statesOtherCase(clause, match)) return 0;
  const overlap = matchedTerms(clause, match).length;
  return overlap + (match.asksFigure && overlap > 0 && statesFigure(clause) ? 1.5 : 0);
}

/** Each clause's relevance to the question. */
export function scoreClauses(clauses: readonly string[], match: ClauseMatch): number[] {
  return clauses.map((clause) => relevance(clause, match));
}

/**
 * The deciding clauses: the most relevant one (the earliest on a tie), with the clause it qualifies
 * or the condition that qualifies it; for a question that states its case (`statesCase`), the one list item as relevant
 * as the list's introduction; otherwise, given each clause's question terms (`termsAt`), the one item of a long list
 * that names the question's case. Returns clause indexes in order.
 */
export function decidingClauses(
  clauses: readonly string[],
  scores: readonly number[],
  statesCase = false,
  termsAt?: (index: number) => ReadonlySet<string>,
): number[] {
  if (clauses.length === 0) return [];
  let best = 0;
  scores.forEach((score, index) => {
    if (score > scores[best]!) best = index;
  });
  const statedItem = statesCase ? itemAsRelevant(clauses, scores, best) : undefined;
  best = statedItem ?? (termsAt && itemSingledOut(clauses, best, termsAt)) ?? best;
  const chosen = [best];
  if (best > 0 && (CONTINUES.test(clauses[best]!) || continuesSentence(clauses, best - 1))) chosen.unshift(best - 1);
  if (best + 1 < clauses.length && (CONTINUES.test(clauses[best + 1]!) || continuesSentence(clauses, best))) chosen.push(best + 1);
  const length = chosen.reduce((sum, index) => sum + clauses[index]!.length, 0);
  const introduction = listIntroduction(clauses, chosen[0]!);
  const kept = length > MAX_LEAD_CHARS ? [best] : chosen;
  const lead = introduction === undefined || kept.includes(introduction) ? kept : [introduction, ...kept];
  // A list introduced by an exception ("… ؛ إلا في الحالات الآتية:") needs the rule it is the exception to.
  if (lead[0]! > 0 && lead[0] !== best && CONTINUES.test(clauses[lead[0]!]!)) lead.unshift(lead[0]! - 1);
  return [...lead, ...listItems(clauses, lead[lead.length - 1]!)];
}

/** Whether the clause at `index` ends its sentence open (`OPEN_END`) and the next clause is its rest, not a list item. */
function continuesSentence(clauses: readonly string[], index: number): boolean {
  return OPEN_END.test(clauses[index]!) && index + 1 < clauses.length && !ITEM_MARK.test(clauses[index + 1]!);
}

/** The deciding clauses as one quote, "…" at the end when the list they give goes on. */
export function leadText(clauses: readonly string[], deciding: readonly number[]): string {
  const last = deciding[deciding.length - 1];
  const cut = last !== undefined && ITEM_MARK.test(clauses[last]!) && last + 1 < clauses.length && ITEM_MARK.test(clauses[last + 1]!);
  // Clauses left out between two quoted ones (the items of a list before the deciding one) are marked too.
  const quoted = deciding.map((index, at) => (at > 0 && index > deciding[at - 1]! + 1 ? `… ${clauses[index]}` : clauses[index]));
  return quoted.join(" ") + (cut ? " …" : "");
}

/**
 * The deciding text whose figures an English answer names as the ones the rule sets: when it quotes several cases of
 * a list, each case sets its own ("within 24 hours" in one of nine), so only the clauses outside the list.
 */
export function ruleFigureText(clauses: readonly string[], deciding: readonly number[]): string {
  const items = deciding.filter((index) => ITEM_MARK.test(clauses[index]!));
  const rule = items.length > 1 ? deciding.filter((index) => !items.includes(index)) : deciding;
  return rule.map((index) => clauses[index]).join(" ");
}

/**
 * An item of the list the clause at `index` introduces that is as relevant as the introduction: the case the question
 * states ("… if my employer assaults me" — "يحق للعامل أن يترك العمل دون إشعار … في الحالات الآتية:" and "4 – إذا وقع
 * من صاحب العمل … اعتداء"). The lead then quotes the introduction with that item, not the list from its start.
 */
function itemAsRelevant(clauses: readonly string[], scores: readonly number[], index: number): number | undefined {
  if (!INTRODUCES_LIST.test(clauses[index]!)) return undefined;
  const items = sameListItems(clauses, index + 1);
  const best = items.filter((at) => scores[at] === scores[index]);
  // One item alone: when several are, the question asks about the list.
  return best.length === 1 && items.every((at) => at === best[0] || scores[at]! < scores[index]!) ? best[0] : undefined;
}

/**
 * The one item of the list the clause at `index` introduces that holds a question word the introduction does not: the
 * case the question names ("أسافر برا المملكة" — "يوقف صرف التعويض … في أي من الحالات الآتية:" and "ح - إذا غادر
 * المملكة العربية السعودية"), when the whole list is too long for a lead. The lead then quotes the introduction with
 * that item, not the list from its start.
 */
function itemSingledOut(clauses: readonly string[], index: number, termsAt: (index: number) => ReadonlySet<string>): number | undefined {
  if (!INTRODUCES_LIST.test(clauses[index]!)) return undefined;
  const items = sameListItems(clauses, index + 1);
  // A short list is quoted whole: the cases beside the user's are part of the answer.
  if (items.reduce((length, at) => length + clauses[at]!.length, clauses[index]!.length) <= MAX_LEAD_CHARS) return undefined;
  const introduction = termsAt(index);
  const naming = items.filter((at) => [...termsAt(at)].some((term) => !introduction.has(term)));
  return naming.length === 1 ? naming[0] : undefined;
}

/** The kind of a list item's mark: a dash, a number or a letter. */
function markKind(clause: string): string | undefined {
  const mark = ITEM_MARK.exec(clause)?.[0];
  if (!mark) return undefined;
  return /[-–•]\s$/u.test(mark) && !/[\d٠-٩أ-ي]/u.test(mark) ? "dash" : /[\d٠-٩]/u.test(mark) ? "number" : "letter";
}

/** The items from `start` marked as the first one is ("أ-", "ب-" … up to the next "2-"). */
function sameListItems(clauses: readonly string[], start: number): number[] {
  const kind = start < clauses.length ? markKind(clauses[start]!) : undefined;
  const items: number[] = [];
  for (let at = start; kind && at < clauses.length && markKind(clauses[at]!) === kind; at++) items.push(at);
  return items;
}

/**
 * The items of the list the clause at `index` introduces, while they fit: the cases a rule lists are the answer. The
 * list ends where the marks change kind: "أ - … ي -" then "2 -" is the article's next paragraph.
 */
function listItems(clauses: readonly string[], index: number): number[] {
  if (!INTRODUCES_LIST.test(clauses[index]!)) return [];
  const items: number[] = [];
  let length = clauses[index]!.length;
  for (const at of sameListItems(clauses, index + 1)) {
    length += clauses[at]!.length;
    if (length > MAX_LIST_CHARS) break;
    items.push(at);
  }
  return items;
}

/**
 * The clause introducing the list that the clause at `index` belongs to ("يعاقب بغرامة … كل من:" before
 * "1 - لم يلتزم …"): a list item means nothing without it. Undefined when the clause is not a list item.
 */
function listIntroduction(clauses: readonly string[], index: number): number | undefined {
  if (!ITEM_MARK.test(clauses[index]!)) return undefined;
  for (let at = index - 1; at >= 0; at--) {
    if (INTRODUCES_LIST.test(clauses[at]!)) return at;
    if (!ITEM_MARK.test(clauses[at]!)) return undefined;
  }
  return undefined;
}

/**
 * A brief quote: the given clauses plus the next most relevant ones (relevance > 0) up to the length
 * budget, in text order; "…" marks each gap where clauses were left out.
 */
export function briefQuote(clauses: readonly string[], scores: readonly number[], required: readonly number[], exclude: ReadonlySet<number> = new Set()): string {
  const chosen = new Set(required);
  let length = required.reduce((sum, index) => sum + clauses[index]!.length, 0);
  const ranked = clauses.map((_, index) => index).filter((index) => !exclude.has(index) && !chosen.has(index) && scores[index]! > 0);
  ranked.sort((a, b) => scores[b]! - scores[a]! || a - b);
  for (const index of ranked) {
    if (length + clauses[index]!.length > MAX_QUOTE_CHARS && chosen.size > 0) break;
    chosen.add(index);
    length += clauses[index]!.length;
  }
  const ordered = [...chosen].sort((a, b) => a - b);
  let quote = "";
  ordered.forEach((index, at) => {
    const gap = at === 0 ? index > 0 : index > ordered[at - 1]! + 1;
    quote += `${gap ? (quote ? " … " : "… ") : quote ? " " : ""}${clauses[index]}`;
  });
  return ordered.length > 0 && ordered[ordered.length - 1]! < clauses.length - 1 ? `${quote} …` : quote;
}
