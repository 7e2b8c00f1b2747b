import { analyzeArabic } from "../analysis/analyzer";
import { conflationKey } from "../analysis/arabic-stemmer";
import type { IndexedArticle } from "../port";
import { articleTopicTerms } from "./article-topics";
import { FIELDS, LEAD_TERMS } from "./ranking";
import { LawDirectory } from "./law-directory";

const FIELD_COUNT = FIELDS.length;

/** An indexed article as the generation keeps it. */
export interface StoredArticle {
  id: string;
  lawId: string;
  lawName: string;
  lawNameEn?: string;
  articleNumber: number;
  status: IndexedArticle["status"];
  /** Distinct terms (for removal and coverage). */
  terms: string[];
  /**
   * The analysed terms of each field (FIELDS order) as indexed, as their postings' codes: the content's in
   * order for proximity scoring, all of them for a snapshot (`Generation.termOf` gives a code's term).
   */
  fields: Int32Array[];
}

/** Articles holding a term; `frequencies` has FIELD_COUNT entries (one per field) per slot. */
export interface Postings {
  slots: number[];
  frequencies: number[];
  /** The term's number in its generation (unique among its terms; see `StoredArticle.fields`). */
  code: number;
}

/** "المادة السابعة والسبعون: نطاق التطبيق" → "نطاق التطبيق": the ordinal heading is not indexed. */
function titleTopic(title: string): string {
  const heading = /^\s*(المادة|مادة)[^:]*:?/u.exec(title);
  return heading ? title.slice(heading[0].length) : title;
}

/** "تم تعديل هذه المادة بموجب … لتكون بالنص الآتي :" — an amendment note before the article's text. */
const AMENDMENT_NOTE = /^[^"«]{0,300}?(?:بالنص\s+الآتي|النص\s+الآتي\s+محله)\s*:?\s*/u;

/** The analysed terms of each field of an article, in FIELDS order (the Elasticsearch adapter indexes the same). */
export function fieldTerms(article: IndexedArticle): string[][] {
  const lawName = `${article.lawName} ${article.lawNameEn ?? ""}`;
  const content = analyzeArabic(article.content);
  const note = AMENDMENT_NOTE.exec(article.content);
  const lead = note ? analyzeArabic(article.content.slice(note[0].length)).slice(0, LEAD_TERMS) : content.slice(0, LEAD_TERMS);
  return [content, analyzeArabic(titleTopic(article.articleTitle)), lawNameTerms(lawName), lead, articleTopicTerms(article.id)];
}

/** The analysed law names, by their text: every article of a law carries the same ones (a copy each, as indexed). */
const lawNames = new Map<string, readonly string[]>();
function lawNameTerms(lawName: string): string[] {
  let terms = lawNames.get(lawName);
  if (!terms) {
    if (lawNames.size >= 10_000) lawNames.clear();
    lawNames.set(lawName, (terms = analyzeArabic(lawName)));
  }
  return [...terms];
}

/** A field's terms as codes, read through the article's own term → row map (`Generation.upsert`). */
function fieldCodes(terms: readonly string[], rows: ReadonlyMap<string, number>, codeByRow: readonly number[]): Int32Array {
  const codes = new Int32Array(terms.length);
  for (let i = 0; i < terms.length; i++) codes[i] = codeByRow[rows.get(terms[i]!)! / FIELD_COUNT]!;
  return codes;
}

/** A snapshot's term table while it is restored (see `Generation.restore`): by term id, the string, its postings, a scratch row. */
export interface SnapshotTerms {
  terms: readonly string[];
  postings: (Postings | undefined)[];
  /** -1, or the term's row in the article being restored. */
  rows: Int32Array;
}

/** One generation: an inverted index over articles, addressed by dense slots. */
export class Generation {
  readonly articles: (StoredArticle | undefined)[] = [];
  readonly postings = new Map<string, Postings>();
  /** Conflation key → index terms with that key (see `conflationKey`). */
  readonly families = new Map<string, Set<string>>();
  readonly laws = new LawDirectory();
  /** Term count of each field of each slot: lengths[slot * FIELD_COUNT + field]. */
  readonly lengths: number[] = [];
  /** Sum of field lengths over live articles, per field. */
  readonly totalLengths: number[] = new Array<number>(FIELD_COUNT).fill(0);
  /** Changes with every upsert and removal (what caches of derived data check). */
  version = 0;
  /** The next term's code: codes are never reused, so one below this names at most one term. */
  private nextCode = 0;
  /** Code → term, for every code given out. */
  private readonly termsByCode: string[] = [];
  private readonly slotsById = new Map<string, number>();
  private readonly freeSlots: number[] = [];
  /** Article number → slots with that number. */
  private readonly slotsByNumber = new Map<number, Set<number>>();

  get size(): number {
    return this.slotsById.size;
  }

  /** One more than the largest term code given out. */
  get codeCount(): number {
    return this.nextCode;
  }

  /** Indexes `article`; `perField` skips its analysis (a snapshot being loaded: the terms it was indexed with). */
  upsert(article: IndexedArticle, perField: string[][] = fieldTerms(article)): void {
    this.remove(article.id);
    this.version += 1;
    const slot = this.freeSlots.pop() ?? this.articles.length;
    // Term → its row in `counts` (FIELD_COUNT numbers per distinct term, in first-met order): no array per term.
    const frequencies = new Map<string, number>();
    const counts: number[] = [];
    perField.forEach((terms, field) => {
      for (const term of terms) {
        let row = frequencies.get(term);
        if (row === undefined) {
          frequencies.set(term, (row = counts.length));
          for (let f = 0; f < FIELD_COUNT; f++) counts.push(0);
        }
        counts[row + field]! += 1;
      }
    });
    // Each distinct term's code, by its row: the content's codes are then read from this article's own small map.
    const codeByRow: number[] = [];
    for (const [term, row] of frequencies) codeByRow[row / FIELD_COUNT] = this.addPosting(term, slot, counts, row);
    const codes = perField.map((terms) => fieldCodes(terms, frequencies, codeByRow));
    this.place(slot, article, codes, [...frequencies.keys()]);
  }

  /**
   * Indexes an article of a snapshot into an empty slot: its fields as ids into `table.terms`. The result is
   * `upsert`'s with those terms, built with arrays indexed by term id instead of maps keyed by the strings.
   */
  restore(article: IndexedArticle, fieldIds: readonly Int32Array[], table: SnapshotTerms): void {
    this.version += 1;
    const slot = this.articles.length;
    const distinct: number[] = [];
    const counts: number[] = [];
    fieldIds.forEach((ids, field) => {
      for (const id of ids) {
        let row = table.rows[id];
        if (row === undefined) throw new RangeError(`term ${id} is outside the snapshot's term table`);
        if (row < 0) {
          table.rows[id] = row = counts.length;
          distinct.push(id);
          for (let f = 0; f < FIELD_COUNT; f++) counts.push(0);
        }
        counts[row + field]! += 1;
      }
    });
    const codeByRow = new Int32Array(distinct.length);
    for (let i = 0; i < distinct.length; i++) {
      const id = distinct[i]!;
      let postings = table.postings[id];
      if (!postings) table.postings[id] = postings = this.newPostings(table.terms[id]!);
      postings.slots.push(slot);
      for (let f = 0; f < FIELD_COUNT; f++) postings.frequencies.push(counts[i * FIELD_COUNT + f]!);
      codeByRow[i] = postings.code;
    }
    const codes = fieldIds.map((ids) => ids.map((id) => codeByRow[table.rows[id]! / FIELD_COUNT]!));
    for (const id of distinct) table.rows[id] = -1;
    this.place(slot, article, codes, distinct.map((id) => table.terms[id]!));
  }

  /** Records an article whose postings are in place: its slot, field lengths, law and number. */
  private place(slot: number, article: IndexedArticle, fields: Int32Array[], terms: string[]): void {
    fields.forEach((codes, field) => {
      this.lengths[slot * FIELD_COUNT + field] = codes.length;
      this.totalLengths[field]! += codes.length;
    });
    this.articles[slot] = {
      id: article.id,
      lawId: this.laws.add(article, slot),
      lawName: article.lawName,
      ...(article.lawNameEn !== undefined && { lawNameEn: article.lawNameEn }),
      articleNumber: article.articleNumber,
      status: article.status,
      terms,
      fields,
    };
    this.slotsById.set(article.id, slot);
    let numbered = this.slotsByNumber.get(article.articleNumber);
    if (!numbered) this.slotsByNumber.set(article.articleNumber, (numbered = new Set()));
    numbered.add(slot);
  }

  remove(id: string): void {
    const slot = this.slotsById.get(id);
    const article = slot === undefined ? undefined : this.articles[slot];
    if (slot === undefined || !article) return;
    this.version += 1;
    for (const term of article.terms) this.removePosting(term, slot);
    for (let field = 0; field < FIELD_COUNT; field++) this.totalLengths[field]! -= this.lengths[slot * FIELD_COUNT + field]!;
    this.laws.remove(article.lawId, article.articleNumber, slot);
    const numbered = this.slotsByNumber.get(article.articleNumber);
    numbered?.delete(slot);
    if (numbered?.size === 0) this.slotsByNumber.delete(article.articleNumber);
    this.articles[slot] = undefined;
    this.slotsById.delete(id);
    this.freeSlots.push(slot);
  }

  /** The term a code names (see `Postings.code`). */
  termOf(code: number): string {
    return this.termsByCode[code]!;
  }

  /** The analysed terms of one field of the article in `slot`, in order. */
  termsOf(slot: number, field: number): string[] {
    return Array.from(this.articles[slot]!.fields[field]!, (code) => this.termsByCode[code]!);
  }

  /** Other index terms of the word family of `term`. */
  relatives(term: string): string[] {
    const family = this.families.get(conflationKey(term));
    return family ? [...family].filter((other) => other !== term) : [];
  }

  /** Slots of every article with this number, whatever its law, in slot order. */
  slotsWithNumber(articleNumber: number): number[] {
    return [...(this.slotsByNumber.get(articleNumber) ?? [])].sort((a, b) => a - b);
  }

  /** Adds `slot` to the postings of `term` with the FIELD_COUNT frequencies at `counts[row]`; returns the term's code. */
  private addPosting(term: string, slot: number, counts: readonly number[], row: number): number {
    const postings = this.postings.get(term) ?? this.newPostings(term);
    postings.slots.push(slot);
    for (let f = 0; f < FIELD_COUNT; f++) postings.frequencies.push(counts[row + f]!);
    return postings.code;
  }

  /** The empty postings of a term new to this generation, with the next code; the term joins its family. */
  private newPostings(term: string): Postings {
    const postings: Postings = { slots: [], frequencies: [], code: this.nextCode++ };
    this.postings.set(term, postings);
    this.termsByCode[postings.code] = term;
    const key = conflationKey(term);
    let family = this.families.get(key);
    if (!family) this.families.set(key, (family = new Set()));
    family.add(term);
    return postings;
  }

  private removePosting(term: string, slot: number): void {
    const postings = this.postings.get(term);
    const at = postings ? postings.slots.indexOf(slot) : -1;
    if (!postings || at < 0) return;
    if (postings.slots.length === 1) {
      this.postings.delete(term);
      const key = conflationKey(term);
      const family = this.families.get(key);
      family?.delete(term);
      if (family?.size === 0) this.families.delete(key);
      return;
    }
    postings.slots.splice(at, 1);
    postings.frequencies.splice(at * FIELD_COUNT, FIELD_COUNT);
  }
}
