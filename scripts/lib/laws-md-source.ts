/**
 * Reads the saudi-laws-md Markdown copies: YAML-like front matter (law number and Hijri date)
 * and "## المادة ..." sections, reduced to the article's current wording.
 */
import * as fs from "node:fs";
import { toAsciiDigits, tidyLines } from "./arabic-text";
import { type ArticleHeading, cleanArticleTitle, parseArticleHeading } from "./article-heading";
import { readHijriDate } from "./hijri-date";
import type { LawArticle } from "./law-file";

export interface MdLaw {
  file: string;
  /** Front-matter title without " ولائحته التنفيذية" / " ولائحته". */
  lawName: string;
  /** Decree number, e.g. "م/51", from `issued_by`. */
  lawNumber: string | null;
  /** Decree date, e.g. "1426/08/23 هـ", from `issued_by` (or `approval_date_hijri`). */
  lawDate: string | null;
  articles: LawArticle[];
}

/** Label put before amendment notes that are kept next to the (unchanged) article text. */
export const AMENDMENTS_LABEL = "تعديلات المادة:";

const REGULATION_SUFFIX = /\s+ولائحته(?:\s+التنفيذية)?$/;
const AMENDMENT_NOTE_START = /^[-\s]*(?:تم|عُ?دلت|عُ?دّلت|أُ?لغيت|ألغيت|أُ?ضيفت|إضافة|اضافة|صدر)\s/;
const NEW_TEXT_ANNOUNCED = /(?:بالنص|بالصيغة|النحو)\s+(?:الآتي|الاتي|التالي)\s*[:：]?\s*$/;
const OPENING_QUOTES = /^["“«]/;
const CLOSING_QUOTE_AT_END = /["”»]\s*[.،]?$/;

/** Reads `key: "value"` / `key: value` lines of the front matter. */
export function parseFrontMatter(markdown: string): Record<string, string> {
  const match = /^---\n([\s\S]*?)\n---/.exec(markdown);
  const fields: Record<string, string> = {};
  for (const line of (match?.[1] ?? "").split("\n")) {
    const field = /^([A-Za-z_]+):\s*(.*)$/.exec(line);
    if (field?.[1] === undefined || field[2] === undefined) continue;
    fields[field[1]] = field[2].replace(/^"(.*)"$/, "$1").trim();
  }
  return fields;
}

/** "المرسوم الملكي رقم ( م/٢ ) بتاريخ ..." → "م/2". */
export function readDecreeNumber(issuedBy: string): string | null {
  const match = /م\s*\/\s*(\d+)/.exec(toAsciiDigits(issuedBy));
  return match?.[1] ? `م/${match[1]}` : null;
}

interface MdSection {
  heading: string;
  body: string;
}

function splitSections(markdown: string): MdSection[] {
  const sections: MdSection[] = [];
  for (const chunk of markdown.split(/^## /m).slice(1)) {
    const newline = chunk.indexOf("\n");
    const heading = (newline < 0 ? chunk : chunk.slice(0, newline)).trim();
    sections.push({ heading, body: newline < 0 ? "" : chunk.slice(newline + 1) });
  }
  return sections;
}

interface ArticleBody {
  paragraphs: string[];
  notes: string[];
}

/** Splits a section body into text paragraphs and blockquoted amendment notes. */
function splitBody(body: string): ArticleBody {
  const paragraphs: string[] = [];
  const notes: string[] = [];
  for (const block of body.split(/\n\s*\n/)) {
    const lines = block.split("\n").filter((line) => line.trim() !== "");
    for (const line of lines.filter((l) => l.trimStart().startsWith(">"))) {
      const note = line.replace(/^\s*>\s?/, "").replace(/^-\s*/, "").trim();
      if (note && !/^\*\*.*\*\*$/.test(note)) notes.push(note);
    }
    const text = lines.filter((l) => !l.trimStart().startsWith(">")).join("\n").trim();
    if (text) paragraphs.push(text);
  }
  return { paragraphs: paragraphs.map(stripRegulationMarker), notes };
}

function stripRegulationMarker(paragraph: string): string {
  return paragraph.replace(/\*\*/g, "");
}

/** Drops the interleaved implementing-regulation text ("اللائحة:" and everything after it). */
function dropRegulation(paragraphs: string[]): string[] {
  const start = paragraphs.findIndex((p) => /^اللائحة\s*(?:[:：]|$)/.test(p.trim()));
  return start < 0 ? paragraphs : paragraphs.slice(0, start);
}

const MAX_HEADING_LENGTH = 80;
const MAX_LEADING_HEADINGS = 6;

/** A short line without sentence punctuation: a part/chapter heading ("الباب الأول", "أحكام عامة"). */
function isHeadingLine(paragraph: string): boolean {
  return paragraph.length <= MAX_HEADING_LENGTH && !paragraph.includes("\n") && !/[.،؛]/.test(paragraph);
}

function repeatsArticleHeading(paragraph: string, heading: ArticleHeading): boolean {
  if (paragraph.length > MAX_HEADING_LENGTH || paragraph.includes("\n")) return false;
  const parsed = parseArticleHeading(paragraph);
  return parsed?.number === heading.number && parsed.suffix === heading.suffix;
}

/**
 * Drops chapter headings written at the top of an article body together with the repeated
 * article heading that follows them ("الباب الأول / أحكام عامة / المادة الأولى / <text>").
 */
function dropLeadingHeadings(paragraphs: string[], heading: ArticleHeading): string[] {
  const limit = Math.min(paragraphs.length - 1, MAX_LEADING_HEADINGS);
  for (let i = 0; i < limit; i++) {
    const paragraph = paragraphs[i] ?? "";
    if (repeatsArticleHeading(paragraph, heading)) return paragraphs.slice(i + 1);
    if (!isHeadingLine(paragraph)) break;
  }
  return paragraphs;
}

/** Index of the last run of paragraphs forming one quoted text (“...”), or undefined. */
function lastQuotedBlock(paragraphs: string[]): { start: number; end: number } | undefined {
  for (let end = paragraphs.length - 1; end >= 0; end--) {
    if (!CLOSING_QUOTE_AT_END.test(paragraphs[end] ?? "")) continue;
    for (let start = end; start >= 0; start--) {
      if (OPENING_QUOTES.test(paragraphs[start] ?? "")) return { start, end };
    }
  }
  return undefined;
}

/**
 * Reduces an article section to its current wording:
 * - an amendment note announcing a new text ("... بالنص الآتي:") followed by that quoted text
 *   replaces the superseded original: the result is "<note>\n<new text>", as on the BOE portal;
 * - an inline amendment note ("تم تعديل هذه المادة ... بالنص الآتي: “...”") drops the original
 *   paragraphs written before it;
 * - other notes (word substitutions, additions without new text) are kept after the text under
 *   the label "تعديلات المادة:".
 * Implementing-regulation text ("اللائحة:" onwards) and chapter headings above a repeated article
 * heading are removed.
 */
export function currentWording(body: string, heading: ArticleHeading): string {
  const { paragraphs: raw, notes } = splitBody(body);
  const paragraphs = dropLeadingHeadings(dropRegulation(raw), heading);
  const lastNote = notes[notes.length - 1];
  const quoted = lastQuotedBlock(paragraphs);
  if (lastNote && NEW_TEXT_ANNOUNCED.test(lastNote) && quoted) {
    return tidyLines([lastNote, ...paragraphs.slice(quoted.start, quoted.end + 1)].join("\n"));
  }
  const inlineNote = paragraphs.findIndex((p, i) => i > 0 && AMENDMENT_NOTE_START.test(p) && p.includes("بموجب"));
  const current = inlineNote > 0 ? paragraphs.slice(inlineNote) : paragraphs;
  const labelled = notes.length > 0 ? [AMENDMENTS_LABEL, ...notes.map((note) => `- ${note}`)] : [];
  return tidyLines([...current, ...labelled].join("\n"));
}

function toArticle(section: MdSection): LawArticle | undefined {
  const heading = parseArticleHeading(section.heading);
  if (!heading) return undefined;
  return {
    articleNumber: heading.number,
    articleSuffix: heading.suffix,
    articleTitle: cleanArticleTitle(section.heading),
    articleContent: currentWording(section.body, heading),
  };
}

export function readMdLaw(file: string): MdLaw {
  const markdown = fs.readFileSync(file, "utf8").replace(/\r\n/g, "\n");
  const front = parseFrontMatter(markdown);
  const issuedBy = front.issued_by ?? "";
  return {
    file,
    lawName: (front.title ?? "").replace(REGULATION_SUFFIX, "").trim(),
    lawNumber: readDecreeNumber(issuedBy),
    lawDate: readHijriDate(issuedBy) ?? readHijriDate(front.approval_date_hijri ?? ""),
    articles: splitSections(markdown)
      .map(toArticle)
      .filter((article): article is LawArticle => article !== undefined),
  };
}
