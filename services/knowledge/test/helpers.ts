import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fromBinary, type DescMessage, type MessageShape } from "@bufbuild/protobuf";
import { OUTBOX_COLLECTION, Outbox, type OutboxRecord } from "@qai/event-bus";
import { KnowledgeBase, lawFileSchema, type KnowledgeBaseOptions, type LawFile } from "@qai/knowledge";
import { openSqliteRecordStore, type RecordStore } from "@qai/record-store";
import { EmbeddedSearchIndex, type SearchIndex } from "@qai/search-index";

/** A small law file: `count` articles whose content mentions `topic`. */
export function lawFile(guid: string | undefined, lawName: string, count: number, topic: string): LawFile {
  return lawFileSchema.parse({
    lawName,
    guid,
    lawNumber: "م/1",
    lawDate: "1440/01/01 هـ",
    articles: Array.from({ length: count }, (_, i) => ({
      articleNumber: i + 1,
      articleTitle: `المادة ${i + 1}`,
      articleContent: `نص المادة ${i + 1} من ${lawName} في شأن ${topic} رقم ${i + 1}`,
    })),
  });
}

/** The old knowledge base of the tests: two laws about leases and arbitration. */
export const OLD_LAWS = [lawFile("old-lease", "نظام الإيجار", 30, "الإيجار والمستأجر"), lawFile("old-arbitration", "نظام التحكيم", 20, "التحكيم والمحكم")];
/** The replacement: three laws about cybercrime, trademarks and notaries. */
export const NEW_LAWS = [
  lawFile("new-cyber", "نظام مكافحة الجرائم المعلوماتية", 40, "الجرائم المعلوماتية"),
  lawFile("new-marks", "نظام العلامات التجارية", 40, "العلامات التجارية"),
  lawFile("new-notary", "نظام التوثيق", 40, "التوثيق والموثق"),
];

export interface Opened {
  store: RecordStore;
  index: SearchIndex;
  knowledge: KnowledgeBase;
}

export async function openKnowledge(file: string, index: SearchIndex = new EmbeddedSearchIndex(), options: KnowledgeBaseOptions = {}): Promise<Opened> {
  const store = await openSqliteRecordStore({ file });
  return { store, index, knowledge: new KnowledgeBase(store, index, new Outbox(), options) };
}

export async function tempDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), "qai-knowledge-"));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** What a test checks to say "the knowledge base is exactly as it was". */
export async function snapshot(knowledge: KnowledgeBase) {
  const stats = await knowledge.stats();
  return { totalArticles: stats.totalArticles, totalLaws: stats.totalLaws, laws: stats.laws.map((law) => `${law.lawId}:${law.articleCount}`).sort() };
}

/** Rows in the knowledge collections, whatever their generation. */
export async function rowCounts(store: RecordStore) {
  return {
    generations: await store.collection("kb_generations").count(),
    laws: await store.collection("kb_laws").count(),
    articles: await store.collection("kb_articles").count(),
  };
}

/** The events of `topic` waiting in the store's outbox, oldest first, decoded. */
export async function enqueued<Desc extends DescMessage>(store: RecordStore, topic: string, schema: Desc): Promise<Array<MessageShape<Desc>>> {
  const outbox = store.collection<OutboxRecord>(OUTBOX_COLLECTION, { indexes: ["seq"] });
  const rows = (await outbox.find({ orderBy: { field: "seq", direction: "asc" }, limit: 1000 })).items;
  return rows.filter((row) => row.topic === topic).map((row) => fromBinary(schema, Buffer.from(row.payload, "base64")));
}
