import { KnowledgeService } from "@qai/contracts";
import { GrpcServer, serveGrpc, type Logger, type RunningService } from "@qai/platform";
import { Outbox, OutboxRelay, type EventBus } from "@qai/event-bus";
import type { RecordStore } from "@qai/record-store";
import type { SearchIndex } from "@qai/search-index";
import { KnowledgeBase } from "./app/knowledge-base";
import { readLawFiles } from "./app/seed";
import { knowledgeHandlers } from "./grpc/handlers";

export { KnowledgeBase } from "./app/knowledge-base";
export { lawFileSchema, type LawFile } from "./domain/law-file";
export { readLawFiles } from "./app/seed";

export interface KnowledgeServiceOptions {
  store: RecordStore;
  index: SearchIndex;
  bus: EventBus;
  logger: Logger;
  bindAddress: string;
  /** Law files imported on first start when the knowledge base is empty. */
  seedDir?: string;
}

/**
 * Laws, articles and search. The server answers at once, but reports SERVING in grpc.health.v1
 * only after the knowledge base is loaded (seeded on first start, index built), so /readyz waits.
 */
export async function startKnowledgeService(options: KnowledgeServiceOptions): Promise<RunningService> {
  const { store, index, bus, logger } = options;
  const relay = new OutboxRelay(store, bus, { logger });
  const knowledge = new KnowledgeBase(store, index, new Outbox(), () => relay.notify());
  const server = new GrpcServer(logger).add(KnowledgeService, knowledgeHandlers(knowledge));
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
  if (seedDir && (await knowledge.lawCount()) === 0) {
    const result = await knowledge.importLaws(await readLawFiles(seedDir));
    logger.info({ laws: result.imported, articles: result.articles, ms: Date.now() - started }, "knowledge base seeded");
    return;
  }
  const articles = await knowledge.rebuildIndex();
  logger.info({ articles, ms: Date.now() - started }, "search index built");
}
