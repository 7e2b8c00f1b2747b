import { analyzeArabic } from "../analysis/analyzer";
import type { IndexedArticle } from "../port";
import { FIELDS } from "./ranking";
import { LawDirectory } from "./law-directory";

const FIELD_COUNT = FIELDS.length;

/** An indexed article as the generation keeps it. */
export interface StoredArticle {
  id: string;
  lawId: string;
  articleNumber: number;
  /** Distinct terms (for removal and coverage). */
  terms: string[];
}

/** Articles holding a term; `frequencies` has FIELD_COUNT entries (one per field) per slot. */
export interface Postings {
  slots: number[];
  frequencies: number[];
}

/** "المادة السابعة والسبعون: نطاق التطبيق" → "نطاق التطبيق": the ordinal heading is not indexed. */
function titleTopic(title: string): string {
  const heading = /^\s*(المادة|مادة)[^:]*:?/u.exec(title);
  return heading ? title.slice(heading[0].length) : title;
}

function fieldTerms(article: IndexedArticle): string[][] {
  const lawName = `${article.lawName} ${article.lawNameEn ?? ""}`;
  return [analyzeArabic(article.content), analyzeArabic(titleTopic(article.articleTitle)), analyzeArabic(lawName)];
}

/** One generation: an inverted index over articles, addressed by dense slots. */
export class Generation {
  readonly articles: (StoredArticle | undefined)[] = [];
  readonly postings = new Map<string, Postings>();
  readonly laws = new LawDirectory();
  /** Term count of each field of each slot: lengths[slot * FIELD_COUNT + field]. */
  readonly lengths: number[] = [];
  /** Sum of field lengths over live articles, per field. */
  readonly totalLengths: number[] = new Array<number>(FIELD_COUNT).fill(0);
  private readonly slotsById = new Map<string, number>();
  private readonly freeSlots: number[] = [];

  get size(): number {
    return this.slotsById.size;
  }

  upsert(article: IndexedArticle): void {
    this.remove(article.id);
    const slot = this.freeSlots.pop() ?? this.articles.length;
    const perField = fieldTerms(article);
    const frequencies = new Map<string, number[]>();
    perField.forEach((terms, field) => {
      for (const term of terms) {
        let counts = frequencies.get(term);
        if (!counts) frequencies.set(term, (counts = new Array<number>(FIELD_COUNT).fill(0)));
        counts[field]! += 1;
      }
    });
    for (const [term, counts] of frequencies) this.addPosting(term, slot, counts);
    perField.forEach((terms, field) => {
      this.lengths[slot * FIELD_COUNT + field] = terms.length;
      this.totalLengths[field]! += terms.length;
    });
    this.articles[slot] = { id: article.id, lawId: article.lawId, articleNumber: article.articleNumber, terms: [...frequencies.keys()] };
    this.slotsById.set(article.id, slot);
    this.laws.add(article, slot);
  }

  remove(id: string): void {
    const slot = this.slotsById.get(id);
    const article = slot === undefined ? undefined : this.articles[slot];
    if (slot === undefined || !article) return;
    for (const term of article.terms) this.removePosting(term, slot);
    for (let field = 0; field < FIELD_COUNT; field++) this.totalLengths[field]! -= this.lengths[slot * FIELD_COUNT + field]!;
    this.laws.remove(article.lawId, article.articleNumber, slot);
    this.articles[slot] = undefined;
    this.slotsById.delete(id);
    this.freeSlots.push(slot);
  }

  /** Slots of every article with this number, whatever its law. */
  slotsWithNumber(articleNumber: number): number[] {
    return this.articles.flatMap((article, slot) => (article?.articleNumber === articleNumber ? [slot] : []));
  }

  private addPosting(term: string, slot: number, counts: readonly number[]): void {
    let postings = this.postings.get(term);
    if (!postings) this.postings.set(term, (postings = { slots: [], frequencies: [] }));
    postings.slots.push(slot);
    postings.frequencies.push(...counts);
  }

  private removePosting(term: string, slot: number): void {
    const postings = this.postings.get(term);
    const at = postings ? postings.slots.indexOf(slot) : -1;
    if (!postings || at < 0) return;
    if (postings.slots.length === 1) {
      this.postings.delete(term);
      return;
    }
    postings.slots.splice(at, 1);
    postings.frequencies.splice(at * FIELD_COUNT, FIELD_COUNT);
  }
}
