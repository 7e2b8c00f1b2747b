import { ConfigError, Shutdown, createLogger } from "@qai/platform";
import { loadAllInOneConfig, type AllInOneConfig } from "./config";
import { startProduct } from "./start";

/** Answer streams get this long to finish on SIGTERM; the whole shutdown stays under 10 s. */
const STREAM_GRACE_MS = 6000;

async function main(): Promise<void> {
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
  const product = await startProduct(config, logger);
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
