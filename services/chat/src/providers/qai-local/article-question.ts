/**
 * The question an article answers, asked in the article's own words: its opening rule turned into a
 * question ("لا يجوز للعامل … أن يعمل لدى صاحب عمل آخر" → "هل يجوز للعامل … أن يعمل لدى صاحب عمل آخر؟").
 * A follow-up built this way says what the next provision is about, and searching it finds that provision.
 */
import { currentWording } from "./amendment";
import { clausesOf, ITEM_MARK } from "./clauses";

/** A question longer than this (in words) is not offered: a follow-up is read at a glance. */
const MAX_WORDS = 20;
const MIN_WORDS = 3;

/** "في هذا النظام", "المنصوص عليها في هذا النظام", "وفقاً لأحكام هذا النظام": said in the article, not in a question. */
const THIS_LAW = /\s*(?:(?:المنصوص\s+عليها?|المشار\s+إليها?)\s+)?(?:في|من|وفق|وفقا?ً?\s+لأحكام|وفق\s+أحكام|بموجب|طبقا?ً?\s+لأحكام|بحسب)\s+(?:هذا\s+النظام|هذه\s+اللائحة|هذا\s+الفصل|هذا\s+الباب|النظام)(?:\s+ولائحته(?:\s+التنفيذية)?)?/gu;
/** An opening that introduces a list ("في الحالات الآتية", "ما يأتي"): its question is not complete. */
const INTRODUCES_LIST = /(?:الآتية|الآتي|الاتية|الاتي|يأتي|يلي|التالية)$/u;
/** A question cannot end on a preposition or conjunction: its opening was cut inside a phrase. */
const DANGLING = /\s(?:إلى|الى|على|في|من|عن|أو|و|ب|ل|بين|مع|حتى|لدى|أن|ان)$/u;
/** Where the consequence of a condition starts ("إذا هلك الزرع … فللمستأجر …"). */
const CONSEQUENCE = /\s+(?:فإن|فإنه|فله|فلها|فلل\S+|فيجوز|فيحق|فيكون|فعلى|فلا|فيلزم|فتكون)(?=\s|$)/u;

/** Each opening form of a rule and the question it answers. */
const FORMS: ReadonlyArray<{ rule: RegExp; question: (match: RegExpExecArray) => string }> = [
  { rule: /^و?يعاقب\s+(?!ب)(?:على\s+)?(.+?)\s+(?:بغرامة|بالغرامة|بالسجن|بالحبس|بعقوبة|بإحدى)/u, question: (m) => `ما عقوبة ${m[1]}؟` },
  { rule: /^و?لا\s+(يجوز|يحق|تجوز)\s+(.+?)(?:\s+إلا\s.*)?$/u, question: (m) => `هل ${m[1]} ${m[2]}؟` },
  { rule: /^و?(يجوز|يحق|يستحق|تستحق|يلتزم|تلتزم|يحظر|يُحظر|يمنع|يُمنع)\s+(.+)$/u, question: (m) => `هل ${m[1]} ${m[2]}؟` },
  { rule: /^و?(?:يجب\s+)?على\s+(.+?\s+أن\s+.+)$/u, question: (m) => `هل يجب على ${m[1]}؟` },
  { rule: /^و?إذا\s+(.+)$/u, question: (m) => `ما الحكم إذا ${m[1]!.split(CONSEQUENCE)[0]}؟` },
];

/** The article's opening rule as an Arabic question, or undefined when it does not open with a rule. */
export function questionFromArticle(content: string): string | undefined {
  const first = clausesOf(currentWording(content).text)[0];
  if (!first) return undefined;
  const [opening, rest] = first.replace(ITEM_MARK, "").split(/[،,؛:](.*)/su);
  // The rule goes on after the comma ("يجوز لأي شخص …، أن يتقدم …"): its opening alone asks nothing.
  if (/^\s*(?:أن|ان|بأن|على أن)\s/u.test(rest ?? "")) return undefined;
  const rule = opening!.replace(THIS_LAW, "").replace(/[.\s]+$/u, "").trim();
  for (const { rule: form, question } of FORMS) {
    const match = form.exec(rule);
    if (!match) continue;
    const text = question(match).replace(/\s+/g, " ");
    if (INTRODUCES_LIST.test(text.slice(0, -1)) || DANGLING.test(text.slice(0, -1))) return undefined;
    const words = text.split(" ").length;
    return words >= MIN_WORDS && words <= MAX_WORDS ? text : undefined;
  }
  return undefined;
}
