import { z } from "zod";
import { adapterEnv, openServiceBus } from "@qai/event-bus";
import { ConfigError, Shutdown, createLogger, env, isRedisUrl, loadConfig, openAdapter } from "@qai/platform";
import { inMemoryGatewayState, openRedisGatewayState, startGateway } from "./index";

const schema = z.object({
  PORT: env.port(8080),
  LOG_LEVEL: env.logLevel(),
  CHAT_ADDR: env.address(),
  CONVERSATION_ADDR: env.address(),
  QUOTA_ADDR: env.address(),
  KNOWLEDGE_ADDR: env.address(),
  ACCOUNTS_ADDR: env.address(),
  ADMIN_ANALYTICS_ADDR: env.address(),
  AUTH_ADDR: env.address(),
  AUTH_URL: z.url(),
  AUTH_ISSUER: z.url(),
  COOKIE_SECRET: z.string().min(32, "must be at least 32 characters"),
  SECURE_COOKIES: env.boolean(true),
  WEB_DIST: z.string().optional(),
  /** Carries auth.session.v1 (sessions ended elsewhere); see packages/event-bus/README.md. */
  EVENT_BUS_URL: adapterEnv.EVENT_BUS_URL,
  /** Where revocations and rate limits live: "memory" (one gateway) or a redis:// URL shared by several. */
  GATEWAY_STATE_URL: env.adapterUrl("memory", (url) => url === "memory" || isRedisUrl(url), '"memory" or a redis:// URL'),
});

/** The bus and the shared state the configuration names; one that cannot be used is a configuration error. */
async function openAdapters(config: z.infer<typeof schema>) {
  const bus = await openServiceBus("gateway", config);
  const state =
    config.GATEWAY_STATE_URL === "memory"
      ? inMemoryGatewayState()
      : await openAdapter("GATEWAY_STATE_URL", config.GATEWAY_STATE_URL, () => openRedisGatewayState(config.GATEWAY_STATE_URL));
  return { bus, state };
}

async function main(): Promise<void> {
  let config: z.infer<typeof schema>;
  let adapters: Awaited<ReturnType<typeof openAdapters>>;
  try {
    config = loadConfig(schema);
    adapters = await openAdapters(config);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`gateway: ${error.message}\n`);
    process.exit(78);
  }
  const logger = createLogger({ service: "gateway", level: config.LOG_LEVEL });
  const gateway = await startGateway({
    port: config.PORT,
    logger,
    chatAddress: config.CHAT_ADDR,
    conversationAddress: config.CONVERSATION_ADDR,
    quotaAddress: config.QUOTA_ADDR,
    knowledgeAddress: config.KNOWLEDGE_ADDR,
    accountsAddress: config.ACCOUNTS_ADDR,
    analyticsAddress: config.ADMIN_ANALYTICS_ADDR,
    authAddress: config.AUTH_ADDR,
    authUrl: config.AUTH_URL,
    authIssuer: config.AUTH_ISSUER,
    cookieSecret: config.COOKIE_SECRET,
    secureCookies: config.SECURE_COOKIES,
    webDist: config.WEB_DIST,
    ...adapters,
  });
  const shutdown = new Shutdown(logger);
  shutdown.add("gateway", () => gateway.stop(6000));
  shutdown.listen();
  logger.info({ port: gateway.port }, "gateway listening");
}

void main();
