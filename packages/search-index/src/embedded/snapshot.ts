import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { extname, join } from "node:path";
import { TOPICS_DIR } from "./article-topics";
import { FIELDS } from "./ranking";
import { Generation, type SnapshotTerms } from "./generation";

/**
 * A generation on disk: the analysed terms of every article (per field, as indexed) and what the law
 * directory needs, so a restart loads the index without analysing the texts again. Loading replays the
 * articles in slot order through `Generation.restore` (`upsert` over term ids), so the result is the
 * generation a fresh build in that order gives.
 *
 * Layout: "QAIIDX1\n", the header's byte length (uint32 LE), the header (JSON), zero padding to 4 bytes,
 * then the body — int32 LE, per article its FIELDS.length field lengths followed by the term ids of each field.
 */
const MAGIC = Buffer.from("QAIIDX1\n");
const FIELD_COUNT = FIELDS.length;

interface Header {
  /** The index code the snapshot was written by (see `snapshotFormat`). */
  format: string;
  /** The caller's version of the content (e.g. the knowledge generation and its revision). */
  key: string;
  /** SHA-256 of the body. */
  checksum: string;
  terms: string[];
  /** [lawId, lawName, lawNameEn | null] */
  laws: [string, string, string | null][];
  /** [id, law index, article number, repealed 0/1], in slot order */
  articles: [string, number, number, 0 | 1][];
}

let format: string | undefined;

/**
 * A hash of the code and data that turn articles into index terms and structures (the analysis and this
 * directory's sources, .ts or .js as this module runs from, and the subject index): a snapshot written by other
 * code is not loaded.
 */
export function snapshotFormat(): string {
  if (format) return format;
  const hash = createHash("sha256");
  const extension = extname(__filename);
  for (const [dir, ending] of [[join(__dirname, "../analysis"), extension], [__dirname, extension], [TOPICS_DIR, ".tsv"]] as const) {
    if (!existsSync(dir)) continue; // no subject index: `readTopics` reads none either
    for (const name of readdirSync(dir).filter((file) => file.endsWith(ending)).sort()) {
      hash.update(name).update(readFileSync(join(dir, name)));
    }
  }
  return (format = hash.digest("hex"));
}

export function encodeSnapshot(generation: Generation, key: string): Buffer {
  // A code's id in the snapshot's term table (-1: not met yet), ids in first-met order.
  const termIds = new Int32Array(generation.codeCount).fill(-1);
  const lawIds = new Map<string, number>();
  const header: Header = { format: snapshotFormat(), key, checksum: "", terms: [], laws: [], articles: [] };
  const body: number[] = [];
  for (const article of generation.articles) {
    if (!article) continue;
    let law = lawIds.get(article.lawId);
    if (law === undefined) {
      lawIds.set(article.lawId, (law = header.laws.length));
      header.laws.push([article.lawId, article.lawName, article.lawNameEn ?? null]);
    }
    header.articles.push([article.id, law, article.articleNumber, article.status === "repealed" ? 1 : 0]);
    for (const codes of article.fields) body.push(codes.length);
    for (const codes of article.fields) {
      for (const code of codes) {
        if (termIds[code]! < 0) {
          termIds[code] = header.terms.length;
          header.terms.push(generation.termOf(code));
        }
        body.push(termIds[code]!);
      }
    }
  }
  const bodyBytes = Buffer.from(Int32Array.from(body).buffer);
  header.checksum = createHash("sha256").update(bodyBytes).digest("hex");
  const headerBytes = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(headerBytes.length);
  const padding = Buffer.alloc((4 - ((MAGIC.length + 4 + headerBytes.length) % 4)) % 4);
  return Buffer.concat([MAGIC, length, headerBytes, padding, bodyBytes]);
}

/**
 * The generation a snapshot holds and the key it was saved under; undefined when it is for another key
 * (when `key` is given) or format, damaged or not a snapshot.
 */
export function decodeSnapshot(data: Buffer, key?: string): { key: string; generation: Generation } | undefined {
  try {
    if (data.length < MAGIC.length + 4 || !data.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
    const headerLength = data.readUInt32LE(MAGIC.length);
    const headerEnd = MAGIC.length + 4 + headerLength;
    const header = JSON.parse(data.subarray(MAGIC.length + 4, headerEnd).toString()) as Header;
    if (header.format !== snapshotFormat() || (key !== undefined && header.key !== key)) return undefined;
    const bodyStart = headerEnd + ((4 - (headerEnd % 4)) % 4);
    const bodyBytes = data.subarray(bodyStart);
    if (createHash("sha256").update(bodyBytes).digest("hex") !== header.checksum || bodyBytes.length % 4 !== 0) return undefined;
    const body = new Int32Array(bodyBytes.buffer.slice(bodyBytes.byteOffset, bodyBytes.byteOffset + bodyBytes.length));
    const generation = new Generation();
    const table: SnapshotTerms = { terms: header.terms, postings: new Array<undefined>(header.terms.length), rows: new Int32Array(header.terms.length).fill(-1) };
    let at = 0;
    for (const [id, law, articleNumber, repealed] of header.articles) {
      const [lawId, lawName, lawNameEn] = header.laws[law]!;
      const lengths = Array.from(body.subarray(at, (at += FIELD_COUNT)));
      const fields = lengths.map((length) => body.subarray(at, (at += length)));
      if (at > body.length) return undefined;
      const status = repealed ? "repealed" : "in_force";
      generation.restore({ id, lawId, lawName, ...(lawNameEn !== null && { lawNameEn }), articleNumber, articleTitle: "", content: "", status }, fields, table);
    }
    return at === body.length ? { key: header.key, generation } : undefined;
  } catch {
    return undefined;
  }
}
