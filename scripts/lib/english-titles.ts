/**
 * English law titles: the official one from the BOE source when it has one, else a title we wrote
 * ourselves, read from a hand-written table (scripts/data/unofficial-english-titles.tsv).
 *
 * The table is tab-separated UTF-8 with the header `guid	lawName	lawNameEn`, one law per line:
 * the BOE GUID (lower case), the law's Arabic name exactly as in the source (so a reviewer sees what
 * was translated, and a renamed law is noticed), and our English title (plain English, no Arabic
 * letters, no surrounding spaces). Every law written must end up with a title, and every row must
 * name a law that is written; otherwise the conversion fails. An official title always wins over a
 * row of the table (such rows are reported as superseded, so they can be removed).
 */
import * as fs from "node:fs";
import * as path from "node:path";

export interface UnofficialTitle {
  guid: string;
  /** The Arabic name the title translates, as in the source. */
  lawName: string;
  lawNameEn: string;
  /** 1-based line in the table, for messages. */
  line: number;
}

export interface EnglishTitle {
  lawNameEn: string;
  /** true: the BOE source's own English title; false: written by us (the table). */
  lawNameEnOfficial: boolean;
}

/** A law as far as its English title is concerned. */
export interface TitledLaw {
  guid: string;
  lawName: string;
  /** The source's English title, or null when it has none. */
  officialTitle: string | null;
}

export interface ResolvedTitles {
  titles: Map<string, EnglishTitle>;
  /** Table rows not used because the source has an official title for that law. */
  superseded: UnofficialTitle[];
}

const HEADER = ["guid", "lawName", "lawNameEn"];
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Arabic script blocks (Arabic, Supplement, Extended-A, Presentation Forms A and B). */
const ARABIC_LETTER = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

/** What the BOE source gives instead of an English title when there is none (29 law files). */
const NO_TITLE_PLACEHOLDER = "n/a";

/** The source's English title (trimmed, otherwise unchanged), or null when it is empty or "N/A". */
export function officialEnglishTitle(titleEn: string): string | null {
  const title = titleEn.trim();
  return title && title.toLowerCase() !== NO_TITLE_PLACEHOLDER ? title : null;
}

/** Problems with one English title (empty list when it is fine). */
export function titleProblems(title: string): string[] {
  const problems: string[] = [];
  if (!title) problems.push("is empty");
  if (title !== title.trim()) problems.push("has leading or trailing spaces");
  if (/\s{2,}|[\t\r\n]/.test(title)) problems.push("has repeated spaces or control characters");
  if (ARABIC_LETTER.test(title)) problems.push("contains Arabic letters");
  return problems;
}

function sameArabicName(a: string, b: string): boolean {
  const tidy = (text: string): string => text.replace(/\s+/g, " ").trim();
  return tidy(a) === tidy(b);
}

/** Parses the table text; throws one error listing every malformed line. */
export function parseTitleTable(text: string, file = "unofficial-english-titles.tsv"): Map<string, UnofficialTitle> {
  const lines = text.replace(/^\uFEFF/, "").split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  const errors: string[] = [];
  if (lines[0]?.replace(/\r$/, "") !== HEADER.join("\t")) errors.push(`line 1: expected the header ${JSON.stringify(HEADER.join("\t"))}`);
  const rows = new Map<string, UnofficialTitle>();
  lines.slice(1).forEach((raw, index) => {
    const line = index + 2;
    const cells = raw.replace(/\r$/, "").split("\t");
    if (cells.length !== HEADER.length) {
      errors.push(`line ${line}: expected ${HEADER.length} tab-separated columns, found ${cells.length}`);
      return;
    }
    const [guid = "", lawName = "", lawNameEn = ""] = cells;
    if (!GUID.test(guid)) errors.push(`line ${line}: ${JSON.stringify(guid)} is not a lower-case BOE GUID`);
    if (!lawName.trim()) errors.push(`line ${line}: the Arabic name is empty`);
    for (const problem of titleProblems(lawNameEn)) errors.push(`line ${line}: the English title ${problem}`);
    const earlier = rows.get(guid);
    if (earlier) errors.push(`line ${line}: ${guid} is already on line ${earlier.line}`);
    else rows.set(guid, { guid, lawName, lawNameEn, line });
  });
  if (errors.length > 0) throw new Error(`${file}: ${errors.length} problem(s):\n  ${errors.join("\n  ")}`);
  return rows;
}

export function readTitleTable(file: string): Map<string, UnofficialTitle> {
  return parseTitleTable(fs.readFileSync(file, "utf8"), path.basename(file));
}

/**
 * The English title of every law: official when the source has one, else the table's. Throws one
 * error listing every law without a title, every row whose GUID matches no law and every row whose
 * Arabic name is not the law's.
 */
export function resolveEnglishTitles(laws: readonly TitledLaw[], table: ReadonlyMap<string, UnofficialTitle>): ResolvedTitles {
  const errors: string[] = [];
  const titles = new Map<string, EnglishTitle>();
  const superseded: UnofficialTitle[] = [];
  const guids = new Set(laws.map((law) => law.guid));
  for (const row of table.values()) {
    if (!guids.has(row.guid)) errors.push(`line ${row.line}: ${row.guid} (${row.lawName}) matches no law`);
  }
  for (const law of laws) {
    const row = table.get(law.guid);
    if (row && !sameArabicName(row.lawName, law.lawName)) {
      errors.push(`line ${row.line}: ${law.guid} is named ${JSON.stringify(law.lawName)} in the source, not ${JSON.stringify(row.lawName)}`);
    }
    if (law.officialTitle) {
      titles.set(law.guid, { lawNameEn: law.officialTitle, lawNameEnOfficial: true });
      if (row) superseded.push(row);
    } else if (row) {
      titles.set(law.guid, { lawNameEn: row.lawNameEn, lawNameEnOfficial: false });
    } else {
      errors.push(`no English title for ${law.guid} (${law.lawName}): add a row to the table`);
    }
  }
  if (errors.length > 0) throw new Error(`English titles: ${errors.length} problem(s):\n  ${errors.join("\n  ")}`);
  return { titles, superseded };
}
