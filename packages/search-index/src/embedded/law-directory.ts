import { analyzeArabic } from "../analysis/analyzer";
import type { IndexedArticle } from "../port";
import { lawKind, type LawKind } from "./law-kind";
import { regimeTerms } from "./special-regime";
import { idf } from "./ranking";

interface Law {
  /** Its id, one string for all its articles (a map lookup by it compares no characters). */
  id: string;
  name: string;
  kind: LawKind;
  status: IndexedArticle["status"];
  /** A special regime's invoking terms (`regimeTerms`), read from its title once. */
  regime?: ReadonlySet<string>;
  /** Analysed names: the Arabic one and, when known, the English one. */
  names: string[][];
  /** Article number → slots (several with suffixes such as مكرر). */
  articles: Map<number, Set<number>>;
  size: number;
}

/** A law name's distinct terms, their IDF weights over law names, and the weights' sum. */
interface WeightedName {
  terms: string[];
  weights: number[];
  total: number;
}

/**
 * The words that open Arabic law titles before what the law is about, as analysed (longest first): "النظام الأساسي
 * لـ…", "الترتيبات التنظيمية لـ…", "نظام …", "تنظيم …". A question names the law by what follows too (`mentioned`).
 */
const TITLE_LEADS = [["نظام", "اساسي"], ["ترتيب", "تنظيم"], ["نظام"], ["تنظيم"]];
/** The fewest words of a title without its leading words that are a name of their own, as the full title is (see `mentioned`). */
const NAME_WORDS = 3;
/** The fewest first terms of a longer title that name it when written out (see `titlesByKey`). */
const TITLE_PREFIX = 5;

/** A law's title as `mentioned` looks for it: the Arabic one word for word, the English one in any order. */
interface WrittenTitle {
  lawId: string;
  terms: string[];
  ordered: boolean;
  /** The Arabic title without its leading words (`TITLE_LEADS`). */
  short: boolean;
}

/** The laws whose titles a question writes out: in full, or (only) without their leading words such as "نظام" (`LawDirectory.mentioned`). */
export interface WrittenLaws {
  full: ReadonlySet<string>;
  short: ReadonlySet<string>;
  /** The readings of the question's words that write those titles (see `titleWordWeights`). */
  titleWords: ReadonlySet<string>;
}

/** A law named by a query, with how completely (0..1, IDF-weighted over law names) its name occurs. */
export interface NamedLaws {
  lawIds: string[];
  match: number;
}

/** What identifies a law: its id, titles and status (an article's, or a law's alone). */
export type LawTitle = Pick<IndexedArticle, "lawId" | "lawName" | "lawNameEn" | "status">;

export interface LawProfile {
  lawId: string;
  name: string;
  kind: LawKind;
  status: IndexedArticle["status"];
  /** For a special regime (kind `regime`), the terms a question invokes it by. */
  regime?: ReadonlySet<string>;
}

/** The laws of a generation, to resolve "المادة 77 من نظام العمل" to one article. */
export class LawDirectory {
  private readonly laws = new Map<string, Law>();
  /** Term → the laws whose names contain it (its size is the term's law frequency). */
  private readonly lawsByNameTerm = new Map<string, Set<string>>();
  /** Each law's names as distinct terms with their IDF weights; cleared whenever a law comes or goes (the weights change). */
  private readonly weightedNames = new Map<string, WeightedName[]>();
  /** Titles for `mentioned`, by their rarest term; rebuilt after a law comes or goes. */
  private titleKeys: Map<string, WrittenTitle[]> | undefined;

  /** Files the article under its law; returns the law's id as the directory keeps it. */
  add(article: IndexedArticle, slot: number): string {
    this.register(article);
    const law = this.laws.get(article.lawId)!;
    let slots = law.articles.get(article.articleNumber);
    if (!slots) law.articles.set(article.articleNumber, (slots = new Set()));
    slots.add(slot);
    law.size += 1;
    return law.id;
  }

  /**
   * The law of this title (added on first sight, with no articles): enough for `profile`, `nameMatchOf`
   * and `named` — what the Elasticsearch adapter keeps of each law.
   */
  register(title: LawTitle): void {
    if (!this.laws.has(title.lawId)) {
      const names = [analyzeArabic(title.lawName), analyzeArabic(title.lawNameEn ?? "")].filter((n) => n.length > 0);
      const kind = lawKind(title.lawName);
      const regime = kind === "regime" ? regimeTerms(title.lawName) : undefined;
      const law: Law = { id: title.lawId, name: title.lawName, kind, ...(regime && { regime }), status: title.status, names, articles: new Map(), size: 0 };
      this.laws.set(title.lawId, law);
      this.indexNameTerms(title.lawId, law, true);
    }
  }

  remove(lawId: string, articleNumber: number, slot: number): void {
    const law = this.laws.get(lawId);
    if (!law) return;
    law.articles.get(articleNumber)?.delete(slot);
    law.size -= 1;
    if (law.size > 0) return;
    this.indexNameTerms(lawId, law, false);
    this.laws.delete(lawId);
  }

  /** Slots of article `articleNumber` in the given laws. */
  articleSlots(lawIds: readonly string[], articleNumber: number): number[] {
    return lawIds.flatMap((lawId) => [...(this.laws.get(lawId)?.articles.get(articleNumber) ?? [])]);
  }

  /** A law's title, kind and status. */
  profile(lawId: string): LawProfile | undefined {
    const law = this.laws.get(lawId);
    return law && { lawId, name: law.name, kind: law.kind, status: law.status, ...(law.regime && { regime: law.regime }) };
  }

  /** How completely (0..1, IDF-weighted) the query terms name this law, by its Arabic or English title. */
  nameMatchOf(lawId: string, queryTerms: ReadonlySet<string>): number {
    const law = this.laws.get(lawId);
    return law ? this.nameMatch(lawId, law, queryTerms) : 0;
  }

  /** The laws whose names the query terms cover best (only laws sharing a term with the query can). */
  named(queryTerms: ReadonlySet<string>): NamedLaws {
    const sharing = new Set<string>();
    for (const term of queryTerms) for (const lawId of this.lawsByNameTerm.get(term) ?? []) sharing.add(lawId);
    let best: NamedLaws = { lawIds: [], match: 0 };
    for (const [lawId, law] of this.laws) {
      if (!sharing.has(lawId)) continue;
      const match = this.nameMatch(lawId, law, queryTerms);
      if (match > best.match + 1e-9) best = { lawIds: [lawId], match };
      else if (match > 0 && Math.abs(match - best.match) <= 1e-9) best.lawIds.push(lawId);
    }
    return best;
  }

  /**
   * The laws whose title the question writes out: its Arabic title word for word ("وفق نظام الإثبات"), or its
   * English one in any order ("under the Evidence Law" for "Law of Evidence"); a trailing year is not needed.
   * `words` are the question's words as their readings (`AnalyzedQuery.words`). A title found inside a longer
   * one found ("نظام الإفلاس" in "اللائحة التنفيذية لنظام الإفلاس") does not count. An Arabic title of two or
   * more words after its leading "نظام"/"تنظيم"/… (`TITLE_LEADS`) counts without them too, as `short` ("أمام المحكمة
   * التجارية", "أراجع الأحوال المدنية", "المركز الوطني للوثائق والمحفوظات"); "نظام العمل" does not ("العمل"
   * alone is not its name); three words or more so are the body's own name ("الهيئة العامة للاستثمار") and count as
   * the full title. A longer title's first `TITLE_PREFIX` words or more count as the title: long titles are cut short
   * when quoted.
   */
  mentioned(words: readonly string[][]): WrittenLaws {
    const present = new Set(words.flat());
    const found: Array<{ lawId: string; short: boolean; start: number; end: number }> = [];
    for (const term of present) {
      for (const { lawId, terms, ordered, short } of this.titlesByKey().get(term) ?? []) {
        if (!terms.every((t) => present.has(t))) continue;
        for (const start of ordered ? orderedRun(words, terms) : unorderedRun(words, terms)) found.push({ lawId, short, start, end: start + terms.length });
      }
    }
    const longest = found.filter((m) => !found.some((o) => o.end - o.start > m.end - m.start && o.start <= m.start && o.end >= m.end));
    // Three words or more of a title without its leading "تنظيم"/"نظام" are the body's own name ("الهيئة العامة للاستثمار"):
    // written out as the title is.
    const writtenShort = (m: (typeof found)[number]) => m.short && m.end - m.start < NAME_WORDS;
    const lawsOf = (short: boolean) => new Set(longest.filter((m) => writtenShort(m) === short).map((m) => m.lawId));
    const titleWords = new Set(longest.flatMap((m) => words.slice(m.start, m.end).flat()));
    return { full: lawsOf(false), short: lawsOf(true), titleWords };
  }

  /**
   * Every title of two or more distinct terms (a trailing year left out), filed under its term found in the
   * fewest law titles: a question is only checked against the titles whose rarest term it has.
   */
  private titlesByKey(): Map<string, WrittenTitle[]> {
    if (this.titleKeys) return this.titleKeys;
    const keys = new Map<string, WrittenTitle[]>();
    const lawsWith = (term: string) => this.lawsByNameTerm.get(term)?.size ?? 0;
    for (const [lawId, law] of this.laws) {
      law.names.forEach((name, which) => {
        const written = name.filter((term) => !/^\d/.test(term));
        const lead = which === 0 ? TITLE_LEADS.find((words) => words.every((term, i) => written[i] === term)) : undefined;
        const forms = [{ terms: written, short: false }];
        if (lead) forms.push({ terms: written.slice(lead.length), short: true });
        // A long title's beginning names it as well ("… لنظام نزع ملكية العقارات للمنفعة العامة" for its regulation
        // "… للمنفعة العامة ووضع اليد المؤقت على العقار").
        if (which === 0) for (let length = TITLE_PREFIX; length < written.length; length++) forms.push({ terms: written.slice(0, length), short: false });
        for (const { terms, short } of forms) {
          if (new Set(terms).size < 2) continue;
          const key = terms.reduce((rarest, term) => (lawsWith(term) < lawsWith(rarest) ? term : rarest));
          const filed = keys.get(key);
          const title = { lawId, terms, ordered: which === 0, short };
          if (filed) filed.push(title);
          else keys.set(key, [title]);
        }
      });
    }
    return (this.titleKeys = keys);
  }

  /** The best of the law's names: the IDF-weighted share of its terms among the query terms. */
  private nameMatch(lawId: string, law: Law, queryTerms: ReadonlySet<string>): number {
    let best = 0;
    for (const { terms, weights, total } of this.namesOf(lawId, law)) {
      let matched = 0;
      for (let i = 0; i < terms.length; i++) if (queryTerms.has(terms[i]!)) matched += weights[i]!;
      best = Math.max(best, total === 0 ? 0 : matched / total);
    }
    return best;
  }

  private namesOf(lawId: string, law: Law): WeightedName[] {
    let names = this.weightedNames.get(lawId);
    if (!names) {
      names = law.names.map((name) => {
        const terms = [...new Set(name)];
        const weights = terms.map((term) => idf(this.lawsByNameTerm.get(term)?.size ?? 0, this.laws.size));
        return { terms, weights, total: weights.reduce((sum, weight) => sum + weight, 0) };
      });
      this.weightedNames.set(lawId, names);
    }
    return names;
  }

  private indexNameTerms(lawId: string, law: Law, add: boolean): void {
    this.weightedNames.clear();
    this.titleKeys = undefined;
    for (const term of new Set(law.names.flat())) {
      let laws = this.lawsByNameTerm.get(term);
      if (!laws) this.lawsByNameTerm.set(term, (laws = new Set()));
      if (add) laws.add(lawId);
      else laws.delete(lawId);
      if (laws.size === 0) this.lawsByNameTerm.delete(term);
    }
  }
}

/** Where `title` occurs in `words` term by term (each word matching by any of its readings). */
function orderedRun(words: readonly string[][], title: readonly string[]): number[] {
  const starts: number[] = [];
  for (let start = 0; start + title.length <= words.length; start++) {
    if (title.every((term, i) => words[start + i]!.includes(term))) starts.push(start);
  }
  return starts;
}

/** Where `title.length` consecutive words hold exactly the title's terms, in any order. */
function unorderedRun(words: readonly string[][], title: readonly string[]): number[] {
  const terms = new Set(title);
  const starts: number[] = [];
  for (let start = 0; start + title.length <= words.length; start++) {
    const window = words.slice(start, start + title.length);
    const covered = new Set(window.flatMap((readings) => readings.filter((term) => terms.has(term))));
    if (covered.size === terms.size && window.every((readings) => readings.some((term) => terms.has(term)))) starts.push(start);
  }
  return starts;
}
