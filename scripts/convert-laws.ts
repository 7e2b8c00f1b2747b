/**
 * Builds the sample knowledge base (data/laws/<NNN>-<guid>.json, one file per law with articles)
 * from the shared raw Saudi law data. See data/README.md for the format and the sources.
 *
 *   npx tsx scripts/convert-laws.ts [--data <shared data dir>] [--out <dir>] [--corpus <corpus.jsonl>] [--titles <tsv>]
 *
 * Defaults: data = $QAI_LAWS_DATA or ../shared/data, out = data/laws, corpus =
 * <data>/../eval/corpus.jsonl when it exists (cross-check only; never used as a source), titles =
 * scripts/data/unofficial-english-titles.tsv (our English titles for laws the source has none for).
 * The output directory is wiped first, so two runs give identical files.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { readSeedLaws, type SourceLaw } from "./lib/ansvar-source";
import { foldArabic } from "./lib/arabic-text";
import { crossCheck, describeCrossCheck } from "./lib/corpus-check";
import { readTitleTable, resolveEnglishTitles, type UnofficialTitle } from "./lib/english-titles";
import { fillMissingArticles } from "./lib/gap-fill";
import { boeLawUrl, type LawFile, serializeLawFile } from "./lib/law-file";
import { type IdentityOrigin, resolveIdentity } from "./lib/law-metadata";
import { type MdLaw, readMdLaw } from "./lib/laws-md-source";

const REPO_ROOT = path.resolve(__dirname, "..");
const PRETTY_SIZE_LIMIT = 25 * 1024 * 1024;

/** saudi-laws-md files read for law number/date, matched to BOE laws by name. */
const MD_FILES = [
  "labor_law.md",
  "criminal_procedure_law.md",
  "sharia_procedure_law.md",
  "personal_status_law.md",
  "anti_harassment_law.md",
  "law_practice_law.md",
];
/**
 * Of those, the ones whose missing articles are filled. law_practice_law.md is left out: its
 * articles interleave regulation text inline and chapter 5 (م/66, 1443) is merged into one
 * section, so it is not clean enough to fill from.
 */
const FILL_FROM_MD = new Set(["labor_law.md", "criminal_procedure_law.md", "sharia_procedure_law.md"]);

interface Options {
  dataDir: string;
  outDir: string;
  corpusPath: string | null;
  titlesPath: string;
}

interface FillNote {
  lawName: string;
  source: string;
  filled: string[];
  relabelled: string[];
}

interface Conversion {
  laws: LawFile[];
  fileNames: string[];
  skippedEmpty: SourceLaw[];
  fills: FillNote[];
  identityOrigins: Map<IdentityOrigin, number>;
  unparsedTitles: string[];
  /** Table rows not used because the source has an official English title for the law. */
  supersededTitles: UnofficialTitle[];
}

/** A law before its English title is settled. */
type DraftLaw = Omit<LawFile, "lawNameEn" | "lawNameEnOfficial">;

function readOption(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

function parseOptions(args: string[]): Options {
  const dataDir = path.resolve(REPO_ROOT, readOption(args, "--data") ?? process.env.QAI_LAWS_DATA ?? "../shared/data");
  const outDir = path.resolve(REPO_ROOT, readOption(args, "--out") ?? "data/laws");
  const corpusOption = readOption(args, "--corpus");
  const defaultCorpus = path.resolve(dataDir, "../eval/corpus.jsonl");
  const corpusPath = corpusOption ? path.resolve(REPO_ROOT, corpusOption) : fs.existsSync(defaultCorpus) ? defaultCorpus : null;
  const titlesPath = path.resolve(REPO_ROOT, readOption(args, "--titles") ?? "scripts/data/unofficial-english-titles.tsv");
  return { dataDir, outDir, corpusPath, titlesPath };
}

/** Pairs each Markdown law with the single BOE law of the same name. */
function matchMarkdownLaws(seeds: SourceLaw[], mdLaws: MdLaw[]): Map<string, MdLaw> {
  const byGuid = new Map<string, MdLaw>();
  for (const md of mdLaws) {
    const matches = seeds.filter((seed) => foldArabic(seed.lawName) === foldArabic(md.lawName));
    if (matches.length !== 1 || !matches[0]) {
      throw new Error(`${path.basename(md.file)}: expected one BOE law named ${md.lawName}, found ${matches.length}`);
    }
    byGuid.set(matches[0].guid, md);
  }
  return byGuid;
}

function buildLaw(seed: SourceLaw, md: MdLaw | undefined, conversion: Conversion): DraftLaw {
  let articles = seed.articles;
  const mdFile = md ? path.basename(md.file) : "";
  if (md && FILL_FROM_MD.has(mdFile)) {
    const fill = fillMissingArticles(seed.articles, md.articles);
    articles = fill.articles;
    conversion.fills.push({ lawName: seed.lawName, source: mdFile, filled: fill.filled, relabelled: fill.relabelled });
  }
  const identity = resolveIdentity(md, seed.description, seed.issuedDate);
  if (articles.length > 0) {
    conversion.identityOrigins.set(identity.origin, (conversion.identityOrigins.get(identity.origin) ?? 0) + 1);
  }
  return {
    lawName: seed.lawName,
    lawNumber: identity.lawNumber,
    lawDate: identity.lawDate,
    guid: seed.guid,
    status: seed.status,
    sourceUrl: boeLawUrl(seed.guid),
    issuedDate: seed.issuedDate,
    articles,
  };
}

function convert(options: Options): Conversion {
  const seeds = readSeedLaws(path.join(options.dataDir, "ansvar-boe", "seed"));
  const mdLaws = MD_FILES.map((file) => readMdLaw(path.join(options.dataDir, "saudi-laws-md", file)));
  const mdByGuid = matchMarkdownLaws(seeds, mdLaws);
  const titleTable = readTitleTable(options.titlesPath);
  const conversion: Conversion = {
    laws: [],
    fileNames: [],
    skippedEmpty: [],
    fills: [],
    identityOrigins: new Map(),
    unparsedTitles: [],
    supersededTitles: [],
  };
  const written: Array<{ seed: SourceLaw; draft: DraftLaw }> = [];
  for (const seed of seeds) {
    conversion.unparsedTitles.push(...seed.unparsedTitles.map((title) => `${seed.seedFile}: ${title}`));
    const draft = buildLaw(seed, mdByGuid.get(seed.guid), conversion);
    if (draft.articles.length === 0) {
      conversion.skippedEmpty.push(seed);
      continue;
    }
    written.push({ seed, draft });
    conversion.fileNames.push(`${String(seed.order).padStart(3, "0")}-${seed.guid}.json`);
  }
  // Only laws that get a file need a title; a table row for a law without articles is an error.
  const { titles, superseded } = resolveEnglishTitles(
    written.map(({ seed }) => ({ guid: seed.guid, lawName: seed.lawName, officialTitle: seed.lawNameEn })),
    titleTable,
  );
  conversion.supersededTitles = superseded;
  conversion.laws = written.map(({ draft }) => {
    const title = titles.get(draft.guid);
    if (!title) throw new Error(`no English title for ${draft.guid}`);
    return { ...draft, lawNameEn: title.lawNameEn, lawNameEnOfficial: title.lawNameEnOfficial };
  });
  return conversion;
}

/** Wipes the output directory and writes every law file; returns the total size in bytes. */
function writeLaws(conversion: Conversion, outDir: string): { bytes: number; pretty: boolean } {
  const prettyTexts = conversion.laws.map((law) => serializeLawFile(law, true));
  const prettyBytes = prettyTexts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
  const pretty = prettyBytes <= PRETTY_SIZE_LIMIT;
  const texts = pretty ? prettyTexts : conversion.laws.map((law) => serializeLawFile(law, false));
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  texts.forEach((text, index) => fs.writeFileSync(path.join(outDir, conversion.fileNames[index] ?? ""), text, "utf8"));
  return { bytes: texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0), pretty };
}

function report(conversion: Conversion, written: { bytes: number; pretty: boolean }, options: Options): void {
  const articles = conversion.laws.reduce((sum, law) => sum + law.articles.length, 0);
  const log = (line: string): void => console.log(line);
  log(`laws written: ${conversion.laws.length} (${articles} articles) to ${path.relative(REPO_ROOT, options.outDir)}`);
  log(`size: ${(written.bytes / 1024 / 1024).toFixed(1)} MiB, ${written.pretty ? "pretty-printed" : "compact"} JSON`);
  log(`skipped (no articles): ${conversion.skippedEmpty.length}`);
  log(`provisions without a readable article number (dropped): ${conversion.unparsedTitles.length}`);
  conversion.unparsedTitles.forEach((title) => log(`  ${title}`));
  for (const fill of conversion.fills) {
    log(`filled from ${fill.source} into ${fill.lawName}: ${fill.filled.length} [${fill.filled.join(", ")}]`);
    if (fill.relabelled.length > 0) log(`  renumbered as bis (content of the added article): ${fill.relabelled.join(", ")}`);
  }
  log(`lawNumber/lawDate origin: ${[...conversion.identityOrigins.entries()].map(([k, v]) => `${k} ${v}`).join(", ")}`);
  const official = conversion.laws.filter((law) => law.lawNameEnOfficial).length;
  log(`English titles: ${official} official, ${conversion.laws.length - official} ours (${path.relative(REPO_ROOT, options.titlesPath)})`);
  if (conversion.supersededTitles.length > 0) {
    log(`  table rows not used, the source now has an official title (remove them): ${conversion.supersededTitles.length}`);
    conversion.supersededTitles.forEach((row) => log(`    line ${row.line}: ${row.guid} ${row.lawName}`));
  }
  if (!options.corpusPath) return;
  log(`cross-check against ${options.corpusPath}:`);
  describeCrossCheck(crossCheck(conversion.laws, options.corpusPath)).forEach((line) => log(`  ${line}`));
}

function main(): void {
  const options = parseOptions(process.argv.slice(2));
  const conversion = convert(options);
  const written = writeLaws(conversion, options.outDir);
  report(conversion, written, options);
}

main();
