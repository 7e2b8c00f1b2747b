import { resolve } from "node:path";
import type { AllInOneConfig } from "./config";
import { listenEarly, loadModules } from "./early-health";

/** Answer streams get this long to finish on SIGTERM; the whole shutdown stays under 10 s. */
const STREAM_GRACE_MS = 6000;

/**
 * Listens first (`early-health.ts`: /healthz answers while the modules load and the services start) and
 * has the search-index worker read its snapshot meanwhile, then starts the product; the gateway takes
 * that server's requests over once everything behind it runs.
 */
async function main(): Promise<void> {
  const early = await listenEarly(process.env);
  const { knowledgeSearchIndex } = await import("./knowledge-index.js");
  const dataDir = resolve(process.env.DATA_DIR ?? "./.data");
  const searchIndex = knowledgeSearchIndex(dataDir);
  void searchIndex.prefetchSnapshot().catch(() => undefined);
  await loadModules();
  const { ConfigError, Shutdown, createLogger } = await import("@qai/platform");
  const { loadAllInOneConfig } = await import("./config.js");
  const { startProduct } = await import("./start.js");
  let config: AllInOneConfig;
  try {
    config = loadAllInOneConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`qai: ${error.message}\n`);
    process.exit(78);
  }
  const logger = createLogger({ level: config.LOG_LEVEL });
  const started = Date.now();
  // The config's DATA_DIR is the same variable with the same default; should they ever differ, the product makes its own index.
  const sameDir = resolve(config.DATA_DIR) === dataDir;
  if (!sameDir) await searchIndex.close();
  const product = await startProduct(config, logger, {}, { ...(sameDir && { searchIndex }), ...(early && { server: early }) });
  const shutdown = new Shutdown(logger, 9500);
  shutdown.add("product", () => product.stop(STREAM_GRACE_MS));
  shutdown.listen();
  logger.info({ url: `http://localhost:${product.port}` }, "QAI is listening; loading the knowledge base");
  try {
    await product.ready;
  } catch (error) {
    logger.fatal({ err: error }, "the knowledge base could not be loaded");
    await shutdown.run().catch(() => undefined);
    process.exit(1);
  }
  logger.info({ url: `http://localhost:${product.port}`, ms: Date.now() - started }, "QAI is ready");
}

void main();
