import { KnowledgeService } from "@qai/contracts";
import { GrpcServer, serveGrpc, type Logger, type RunningService } from "@qai/platform";
import { Outbox, OutboxRelay, type EventBus } from "@qai/event-bus";
import type { RecordStore } from "@qai/record-store";
import type { SearchIndex } from "@qai/search-index";
import { LegalDocuments } from "./app/documents";
import { KnowledgeBase } from "./app/knowledge-base";
import { readLawFiles } from "./app/seed";
import { knowledgeHandlers } from "./grpc/handlers";

export { KnowledgeBase, type KnowledgeBaseOptions, type ReplaceResult, type UploadResult } from "./app/knowledge-base";
export { LegalDocuments, DOCUMENT_CATEGORIES, type LegalDocument } from "./app/documents";
export { lawFileSchema, parseLawFile, LAW_FILE_LIMITS, type LawFile } from "./domain/law-file";
export { readLawFiles } from "./app/seed";

/**
 * Largest gRPC message the knowledge service takes or sends: a replace carries every law file
 * (the sample knowledge base is 15 MB of JSON; the gateway allows 100 MB), one law file may be 20 MB.
 */
export const KNOWLEDGE_MAX_MESSAGE_BYTES = 128 * 1024 * 1024;

export interface KnowledgeServiceOptions {
  store: RecordStore;
  index: SearchIndex;
  bus: EventBus;
  logger: Logger;
  bindAddress: string;
  /** Law files imported on first start (when no knowledge base was ever stored). */
  seedDir?: string;
}

/**
 * Laws, articles, legal documents and search. The server answers at once, but reports SERVING in
 * grpc.health.v1 only after the knowledge base is loaded (unfinished generations removed, seeded
 * on first start, index built), so /readyz waits.
 */
export async function startKnowledgeService(options: KnowledgeServiceOptions): Promise<RunningService> {
  const { store, index, bus, logger } = options;
  const relay = new OutboxRelay(store, bus, { logger });
  const onCommit = () => relay.notify();
  const knowledge = new KnowledgeBase(store, index, new Outbox(), { onCommit, logger });
  const server = new GrpcServer(logger, { maxReceiveMessageBytes: KNOWLEDGE_MAX_MESSAGE_BYTES, maxSendMessageBytes: KNOWLEDGE_MAX_MESSAGE_BYTES }).add(
    KnowledgeService,
    knowledgeHandlers(knowledge, new LegalDocuments(store, new Outbox(), { onCommit })),
  );
  relay.start();
  const loaded = load(knowledge, logger, options.seedDir);
  return serveGrpc(
    "knowledge",
    server,
    options.bindAddress,
    async () => {
      await loaded.catch(() => undefined);
      await relay.stop();
      await index.close();
      await store.close();
    },
    loaded,
  );
}

async function load(knowledge: KnowledgeBase, logger: Logger, seedDir: string | undefined): Promise<void> {
  const started = Date.now();
  const result = await knowledge.open(seedDir ? () => readLawFiles(seedDir) : undefined);
  if (result.discarded > 0) logger.warn({ generations: result.discarded }, "removed unfinished or replaced knowledge generations");
  if (result.migrated) logger.info("moved the stored laws into the first knowledge generation");
  const done = result.seeded ? "knowledge base seeded" : result.restored ? "search index loaded from its snapshot" : "search index built";
  logger.info({ articles: result.articles, seeded: result.seeded, restored: result.restored, ms: Date.now() - started }, done);
}
