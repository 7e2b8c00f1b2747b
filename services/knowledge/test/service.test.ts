import { setTimeout as sleep } from "node:timers/promises";
import { fromBinary } from "@bufbuild/protobuf";
import {
  DocumentChangeKind,
  DocumentChangedSchema,
  KnowledgeBaseChangedSchema,
  KnowledgeOperation,
  KnowledgeService,
  LawChangeKind,
  LawChangedSchema,
  TOPICS,
  type DocumentChanged,
  type KnowledgeBaseChanged,
  type LawChanged,
} from "@qai/contracts";
import { InProcessEventBus } from "@qai/event-bus";
import { startKnowledgeService } from "@qai/knowledge";
import { createLogger, createServiceClient, type ClientOf, type RunningService } from "@qai/platform";
import { openSqliteRecordStore } from "@qai/record-store";
import { EmbeddedSearchIndex } from "@qai/search-index";

const ADMIN = "u-admin";

const lawJson = (guid: string, lawName: string, articles: number) =>
  JSON.stringify({ lawName, guid, articles: Array.from({ length: articles }, (_, i) => ({ articleNumber: i + 1, articleContent: `نص المادة ${i + 1} من ${lawName}` })) });

async function eventually(check: () => boolean): Promise<void> {
  for (let waited = 0; !check(); waited += 10) {
    if (waited > 5000) throw new Error("timed out waiting");
    await sleep(10);
  }
}

describe("knowledge service over gRPC", () => {
  let bus: InProcessEventBus;
  let service: RunningService;
  let client: ClientOf<typeof KnowledgeService>;
  const published = { base: [] as KnowledgeBaseChanged[], laws: [] as LawChanged[], documents: [] as DocumentChanged[] };

  beforeEach(async () => {
    bus = new InProcessEventBus();
    published.base = [];
    published.laws = [];
    published.documents = [];
    await bus.subscribe({ topic: TOPICS.knowledgeBase, group: "test", handler: async (event) => void published.base.push(fromBinary(KnowledgeBaseChangedSchema, event.payload)) });
    await bus.subscribe({ topic: TOPICS.knowledgeLaw, group: "test", handler: async (event) => void published.laws.push(fromBinary(LawChangedSchema, event.payload)) });
    await bus.subscribe({ topic: TOPICS.knowledgeDocument, group: "test", handler: async (event) => void published.documents.push(fromBinary(DocumentChangedSchema, event.payload)) });
    service = await startKnowledgeService({
      store: await openSqliteRecordStore({ file: ":memory:" }),
      index: new EmbeddedSearchIndex(),
      bus,
      logger: createLogger({ level: "silent" }),
      bindAddress: "127.0.0.1:0",
    });
    client = createServiceClient(KnowledgeService, service.address);
  });
  afterEach(async () => {
    client.close();
    await service.stop(100);
    await bus.close();
  });

  it("publishes every admin change of the knowledge base with the admin who asked for it", async () => {
    await client.uploadLaw({ file: { fileName: "lease.json", json: lawJson("lease", "نظام الإيجار", 3) }, actorUserId: ADMIN });
    await client.updateLaw({ lawNameToUpdate: "نظام الإيجار", file: { fileName: "lease.json", json: lawJson("lease", "نظام الإيجار", 5) }, actorUserId: ADMIN });
    await client.updateUrls({ actorUserId: ADMIN });
    await client.replaceAll({ files: [{ fileName: "marks.json", json: lawJson("marks", "نظام العلامات التجارية", 4) }], actorUserId: ADMIN });
    await client.deleteAll({ actorUserId: ADMIN });
    await eventually(() => published.base.length === 5);
    expect(published.base.map(({ operation, actorUserId, totalLaws, totalArticles }) => [operation, actorUserId, totalLaws, totalArticles])).toEqual([
      [KnowledgeOperation.UPLOAD, ADMIN, 1, 3],
      [KnowledgeOperation.UPDATE_LAW, ADMIN, 1, 5],
      [KnowledgeOperation.UPDATE_URLS, ADMIN, 1, 5],
      [KnowledgeOperation.REPLACE_ALL, ADMIN, 1, 4],
      [KnowledgeOperation.DELETE_ALL, ADMIN, 0, 0],
    ]);
    expect(published.laws.map(({ kind, lawId, actorUserId }) => [kind, lawId, actorUserId])).toEqual([
      [LawChangeKind.IMPORTED, "lease", ADMIN],
      [LawChangeKind.UPDATED, "lease", ADMIN],
      [LawChangeKind.DELETED, "lease", ADMIN],
      [LawChangeKind.IMPORTED, "marks", ADMIN],
      [LawChangeKind.DELETED, "marks", ADMIN],
    ]);
  });

  it("publishes added and deleted documents with the admin who asked, and reports the active generation", async () => {
    const { document } = await client.addDocument({ title: "عقد عمل نموذجي", category: "Labor Law", content: "نص العقد", citation: "نظام العمل", actorUserId: ADMIN });
    await client.deleteDocument({ id: document!.id, actorUserId: ADMIN });
    await eventually(() => published.documents.length === 2);
    expect(published.documents.map(({ documentId, title, category, kind, actorUserId }) => ({ documentId, title, category, kind, actorUserId }))).toEqual([
      { documentId: document!.id, title: "عقد عمل نموذجي", category: "Labor Law", kind: DocumentChangeKind.ADDED, actorUserId: ADMIN },
      { documentId: document!.id, title: "عقد عمل نموذجي", category: "Labor Law", kind: DocumentChangeKind.DELETED, actorUserId: ADMIN },
    ]);
    expect((await client.getStats({})).generation).toMatch(/^g[0-9a-f]{32}$/);
  });
});
