/** Reads the ansvar-boe seed files (one JSON per BOE law) into article lists. */
import * as fs from "node:fs";
import * as path from "node:path";
import { cleanArticleTitle, parseArticleHeading } from "./article-heading";
import { officialEnglishTitle } from "./english-titles";
import type { LawArticle, LawStatus } from "./law-file";

interface SeedProvision {
  title?: unknown;
  content?: unknown;
}

interface SeedLaw {
  title?: unknown;
  title_en?: unknown;
  status?: unknown;
  issued_date?: unknown;
  url?: unknown;
  description?: unknown;
  provisions?: unknown;
}

export interface SourceLaw {
  seedFile: string;
  /** The seed file's numeric prefix (001-536); the stable order of laws. */
  order: number;
  guid: string;
  lawName: string;
  /** The official English title (ansvar `title_en`); null when the source has none or says "N/A". */
  lawNameEn: string | null;
  status: LawStatus;
  issuedDate: string | null;
  /** The BOE brief ("يتضمن النظام : ..."). */
  description: string;
  articles: LawArticle[];
  /** Provision titles whose article number could not be read (dropped, reported). */
  unparsedTitles: string[];
}

const GUID_IN_URL = /LawDetails\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/i;

function text(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

function readStatus(value: unknown, file: string): LawStatus {
  if (value === "in_force" || value === "repealed") return value;
  throw new Error(`${file}: unexpected status ${JSON.stringify(value)}`);
}

function readGuid(url: string, file: string): string {
  const match = GUID_IN_URL.exec(url);
  if (!match?.[1]) throw new Error(`${file}: no BOE GUID in url ${JSON.stringify(url)}`);
  return match[1].toLowerCase();
}

function readIssuedDate(value: unknown): string | null {
  const date = text(value);
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null;
}

function readProvisions(value: unknown): SeedProvision[] {
  return Array.isArray(value) ? (value as SeedProvision[]) : [];
}

/** Converts one provision; the number comes from the ordinal in the title only. */
function toArticle(provision: SeedProvision): LawArticle | string {
  const title = text(provision.title);
  const heading = parseArticleHeading(title);
  if (!heading) return title;
  return {
    articleNumber: heading.number,
    articleSuffix: heading.suffix,
    articleTitle: cleanArticleTitle(title),
    articleContent: text(provision.content),
  };
}

export function readSeedLaw(file: string): SourceLaw {
  const seed = JSON.parse(fs.readFileSync(file, "utf8")) as SeedLaw;
  const seedFile = path.basename(file);
  const articles: LawArticle[] = [];
  const unparsedTitles: string[] = [];
  for (const provision of readProvisions(seed.provisions)) {
    const article = toArticle(provision);
    if (typeof article === "string") unparsedTitles.push(article);
    else articles.push(article);
  }
  return {
    seedFile,
    order: Number.parseInt(seedFile.slice(0, 3), 10),
    guid: readGuid(text(seed.url), seedFile),
    lawName: text(seed.title),
    lawNameEn: officialEnglishTitle(text(seed.title_en)),
    status: readStatus(seed.status, seedFile),
    issuedDate: readIssuedDate(seed.issued_date),
    description: text(seed.description),
    articles,
    unparsedTitles,
  };
}

/** All seed laws, in file-name order. */
export function readSeedLaws(seedDir: string): SourceLaw[] {
  return fs
    .readdirSync(seedDir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => readSeedLaw(path.join(seedDir, name)));
}
