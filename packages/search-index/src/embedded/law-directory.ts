import { analyzeArabic } from "../analysis/analyzer";
import type { IndexedArticle } from "../port";
import { lawKind, type LawKind } from "./law-kind";
import { idf } from "./ranking";

interface Law {
  name: string;
  kind: LawKind;
  status: IndexedArticle["status"];
  /** Analysed names: the Arabic one and, when known, the English one. */
  names: string[][];
  /** Article number → slots (several with suffixes such as مكرر). */
  articles: Map<number, Set<number>>;
  size: number;
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
}

/** The laws of a generation, to resolve "المادة 77 من نظام العمل" to one article. */
export class LawDirectory {
  private readonly laws = new Map<string, Law>();
  /** Term → number of laws whose names contain it. */
  private readonly nameFrequency = new Map<string, number>();

  add(article: IndexedArticle, slot: number): void {
    this.register(article);
    const law = this.laws.get(article.lawId)!;
    let slots = law.articles.get(article.articleNumber);
    if (!slots) law.articles.set(article.articleNumber, (slots = new Set()));
    slots.add(slot);
    law.size += 1;
  }

  /**
   * The law of this title (added on first sight, with no articles): enough for `profile`, `nameMatchOf`
   * and `named` — what the Elasticsearch adapter keeps of each law.
   */
  register(title: LawTitle): void {
    if (!this.laws.has(title.lawId)) {
      const names = [analyzeArabic(title.lawName), analyzeArabic(title.lawNameEn ?? "")].filter((n) => n.length > 0);
      const law: Law = { name: title.lawName, kind: lawKind(title.lawName), status: title.status, names, articles: new Map(), size: 0 };
      this.laws.set(title.lawId, law);
      this.countNameTerms(law, 1);
    }
  }

  remove(lawId: string, articleNumber: number, slot: number): void {
    const law = this.laws.get(lawId);
    if (!law) return;
    law.articles.get(articleNumber)?.delete(slot);
    law.size -= 1;
    if (law.size > 0) return;
    this.countNameTerms(law, -1);
    this.laws.delete(lawId);
  }

  /** Slots of article `articleNumber` in the given laws. */
  articleSlots(lawIds: readonly string[], articleNumber: number): number[] {
    return lawIds.flatMap((lawId) => [...(this.laws.get(lawId)?.articles.get(articleNumber) ?? [])]);
  }

  /** A law's title, kind and status. */
  profile(lawId: string): LawProfile | undefined {
    const law = this.laws.get(lawId);
    return law && { lawId, name: law.name, kind: law.kind, status: law.status };
  }

  /** How completely (0..1, IDF-weighted) the query terms name this law, by its Arabic or English title. */
  nameMatchOf(lawId: string, queryTerms: ReadonlySet<string>): number {
    const law = this.laws.get(lawId);
    return law ? Math.max(0, ...law.names.map((name) => this.nameMatch(name, queryTerms))) : 0;
  }

  /** The laws whose names the query terms cover best. */
  named(queryTerms: ReadonlySet<string>): NamedLaws {
    let best: NamedLaws = { lawIds: [], match: 0 };
    for (const [lawId, law] of this.laws) {
      const match = Math.max(...law.names.map((name) => this.nameMatch(name, queryTerms)));
      if (match > best.match + 1e-9) best = { lawIds: [lawId], match };
      else if (match > 0 && Math.abs(match - best.match) <= 1e-9) best.lawIds.push(lawId);
    }
    return best;
  }

  private nameMatch(name: readonly string[], queryTerms: ReadonlySet<string>): number {
    let total = 0;
    let matched = 0;
    for (const term of new Set(name)) {
      const weight = idf(this.nameFrequency.get(term) ?? 0, this.laws.size);
      total += weight;
      if (queryTerms.has(term)) matched += weight;
    }
    return total === 0 ? 0 : matched / total;
  }

  private countNameTerms(law: Law, delta: number): void {
    for (const term of new Set(law.names.flat())) {
      const count = (this.nameFrequency.get(term) ?? 0) + delta;
      if (count > 0) this.nameFrequency.set(term, count);
      else this.nameFrequency.delete(term);
    }
  }
}
