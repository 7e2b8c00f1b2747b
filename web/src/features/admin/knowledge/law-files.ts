/**
 * Law files as the admin chooses them (spec §3 "Knowledge law file"): a JSON object with lawName
 * (or title) and articles, or chapters each holding articles. An export of the whole knowledge base
 * (a JSON array of such objects) is accepted too, so an export can be uploaded again.
 */

export type LawFile = Record<string, unknown>;

/** One law read from a chosen file. */
export interface ParsedLaw {
  /** The file it came from (with `#n` for the n-th law of an export). */
  fileName: string;
  lawName: string;
  articleCount: number;
  data: LawFile;
}

export type ParseOutcome = { ok: true; laws: ParsedLaw[] } | { ok: false; fileName: string; reason: "json" | "articles" };

const isObject = (value: unknown): value is LawFile => value !== null && typeof value === "object" && !Array.isArray(value);

/** Articles at the top level plus those of every chapter (spec §5). */
export function countArticles(law: LawFile): number {
  const top = Array.isArray(law.articles) ? law.articles.length : 0;
  const chapters = Array.isArray(law.chapters) ? law.chapters : [];
  return chapters.reduce<number>((sum, chapter) => sum + (isObject(chapter) && Array.isArray(chapter.articles) ? chapter.articles.length : 0), top);
}

export function lawNameOf(law: LawFile): string {
  const name = typeof law.lawName === "string" && law.lawName.trim() ? law.lawName : typeof law.title === "string" ? law.title : "";
  return name.trim();
}

/** Parses one file's text; every law in it must have at least one article. */
export function parseLawText(text: string, fileName: string): ParseOutcome {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, fileName, reason: "json" };
  }
  const items = Array.isArray(parsed) ? parsed : [parsed];
  if (items.length === 0 || !items.every(isObject)) return { ok: false, fileName, reason: items.length === 0 ? "articles" : "json" };
  const laws = items.map((data, index) => ({
    fileName: items.length > 1 ? `${fileName}#${index + 1}` : fileName,
    lawName: lawNameOf(data),
    articleCount: countArticles(data),
    data,
  }));
  if (laws.some((law) => law.articleCount < 1)) return { ok: false, fileName, reason: "articles" };
  return { ok: true, laws };
}

/** Reads and parses chosen files; `onRead(done, total)` reports each file read. */
export async function readLawFiles(files: readonly File[], onRead?: (done: number, total: number) => void): Promise<{ laws: ParsedLaw[]; invalid: string[] }> {
  const laws: ParsedLaw[] = [];
  const invalid: string[] = [];
  for (const [index, file] of files.entries()) {
    let outcome: ParseOutcome;
    try {
      outcome = parseLawText(await file.text(), file.name);
    } catch {
      outcome = { ok: false, fileName: file.name, reason: "json" };
    }
    if (outcome.ok) laws.push(...outcome.laws);
    else invalid.push(outcome.fileName);
    onRead?.(index + 1, files.length);
  }
  return { laws, invalid };
}

/** Today as year-month-day (spec §9: exported file names are dated). */
export function today(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A law name as part of a file name: no path separators or characters file systems refuse. */
export function fileNamePart(name: string): string {
  // eslint-disable-next-line no-control-regex
  return name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, "-").replace(/\s+/g, " ").trim().slice(0, 150) || "law";
}

/** Saves text as a JSON file through a temporary link (the calls need the bearer token, so no plain link). */
export function saveJson(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Pretty-prints JSON text for reading (the text as is when it does not parse). */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
