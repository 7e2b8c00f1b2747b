import { mkdir } from "node:fs/promises";
import type { Server } from "node:http";
import { join, resolve } from "node:path";
import { startAccountsService } from "@qai/accounts";
import { startAdminAnalyticsService } from "@qai/admin-analytics";
import { startAuthService } from "@qai/auth";
import { InProcessEventBus } from "@qai/event-bus";
import { openAiOptions, startChatService, type AnswerProvider } from "@qai/chat";
import { startConversationService } from "@qai/conversation";
import { startGateway, type RunningGateway } from "@qai/gateway";
import { startKnowledgeService } from "@qai/knowledge";
import { inProcessAddress, type Logger, type RunningService } from "@qai/platform";
import { quotaLimits, startQuotaService } from "@qai/quota";
import { openSqliteRecordStore } from "@qai/record-store";
import type { SearchIndex } from "@qai/search-index";
import type { AllInOneConfig } from "./config";
import { knowledgeSearchIndex } from "./knowledge-index";
import { persistentSecret } from "./secrets";

export interface RunningProduct {
  port: number;
  /** Settles once every service is ready (the knowledge base loaded). */
  ready: Promise<void>;
  /** Gateway first (streams may finish within `graceMs`), then the services, stores last. */
  stop(graceMs: number): Promise<void>;
}

/** For tests and benchmarks: extra answer providers, the quota clock, the SSE heartbeat interval, the transport. */
export interface ProductOverrides {
  providers?: AnswerProvider[];
  now?: () => Date;
  heartbeatMs?: number;
  /** How the services call each other: direct calls in this process (the default) or loopback gRPC, as between processes. */
  transport?: "in-process" | "grpc";
}

/**
 * The embedded default: every service in this process with embedded adapters (SQLite files under
 * DATA_DIR, the in-process event bus, the in-memory search index), calling each other's handlers
 * directly through the same generated clients (`in-process:` addresses) instead of loopback gRPC.
 */
export async function startProduct(
  config: AllInOneConfig,
  logger: Logger,
  overrides: ProductOverrides = {},
  /** From main.ts: the search index, made (and its snapshot read) while the process started; frees the port before the gateway listens. */
  startup: { searchIndex?: SearchIndex; server?: Server } = {},
): Promise<RunningProduct> {
  const dataDir = resolve(config.DATA_DIR);
  await mkdir(dataDir, { recursive: true });
  const store = (name: string) => openSqliteRecordStore({ file: join(dataDir, `${name}.db`) });
  const bus = new InProcessEventBus();
  const log = (service: string) => logger.child({ service });
  const bindAddress = (service: string) => (overrides.transport === "grpc" ? "127.0.0.1:0" : inProcessAddress(service));

  // First: the in-process bus delivers only to groups subscribed when an event is published, and
  // the other services publish from their start (the knowledge seed, outboxes left by a crash).
  const analytics = await startAdminAnalyticsService({ store: await store("admin-analytics"), bus, logger: log("admin-analytics"), bindAddress: bindAddress("admin-analytics") });
  const auth = await startAuthService({
    store: await store("auth"),
    logger: log("auth"),
    config: config.auth,
    dataDir,
    httpHost: "127.0.0.1",
    httpPort: 0,
    grpcBindAddress: bindAddress("auth"),
    bus,
  });
  const accounts = await startAccountsService({
    store: await store("accounts"),
    bus,
    logger: log("accounts"),
    bindAddress: bindAddress("accounts"),
    authAddress: auth.address,
    adminEmails: config.ADMIN_EMAILS,
  });
  const knowledge = await startKnowledgeService({
    store: await store("knowledge"),
    // Built, searched and snapshotted in a worker thread: the gateway's event loop stays free.
    index: startup.searchIndex ?? knowledgeSearchIndex(dataDir),
    bus,
    logger: log("knowledge"),
    bindAddress: bindAddress("knowledge"),
    seedDir: config.KNOWLEDGE_SEED_DIR,
  });
  const conversation = await startConversationService({ store: await store("conversation"), bus, logger: log("conversation"), bindAddress: bindAddress("conversation") });
  const quota = await startQuotaService({
    store: await store("quota"),
    bus,
    logger: log("quota"),
    bindAddress: bindAddress("quota"),
    limits: quotaLimits(config),
    reservationLeaseMs: config.QUOTA_RESERVATION_LEASE_MS,
    now: overrides.now,
    // The only gateway runs in this process: at start-up no reservation can still be answering.
    reconcileAllAtStart: true,
  });
  const chat = await startChatService({
    logger: log("chat"),
    bindAddress: bindAddress("chat"),
    conversationAddress: conversation.address,
    knowledgeAddress: knowledge.address,
    openai: openAiOptions(config),
    providers: overrides.providers,
  });
  const services: RunningService[] = [analytics, auth, accounts, knowledge, conversation, quota, chat];
  const gateway: RunningGateway = await startGateway({
    port: config.PORT,
    host: config.HOST,
    server: startup.server,
    logger: log("gateway"),
    chatAddress: chat.address,
    conversationAddress: conversation.address,
    quotaAddress: quota.address,
    knowledgeAddress: knowledge.address,
    accountsAddress: accounts.address,
    analyticsAddress: analytics.address,
    authAddress: auth.address,
    authUrl: auth.httpUrl,
    authIssuer: auth.issuer,
    cookieSecret: config.COOKIE_SECRET ?? (await persistentSecret(dataDir, "cookie")),
    secureCookies: config.SECURE_COOKIES,
    webDist: config.WEB_DIST,
    heartbeatMs: overrides.heartbeatMs,
    maxConcurrentAnswers: config.MAX_CONCURRENT_ANSWERS,
    guestSessionRate: { limit: config.GUEST_SESSIONS_PER_IP, windowMs: 10 * 60_000 },
    bus,
  });
  return {
    port: gateway.port,
    ready: Promise.all(services.map((service) => service.ready)).then(() => undefined),
    async stop(graceMs) {
      await gateway.stop(graceMs);
      for (const service of [...services].reverse()) await service.stop(500);
      await bus.close();
    },
  };
}
