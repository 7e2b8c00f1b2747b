import { once } from "node:events";
import { createServer, type Server } from "node:http";
import { AccountsService, AdminAnalyticsService, AuthAdminService, ChatService, ConversationService, KnowledgeService, QuotaService } from "@qai/contracts";
import type { EventBus } from "@qai/event-bus";
import { KeyedThrottle, compactNextFullCollections, createServiceClient, type Logger } from "@qai/platform";
import { createGatewayApp } from "./app";
import { AccessTokenVerifier } from "./http/access-tokens";
import { Callers } from "./http/caller";
import { subscribeRevocations } from "./http/revoked-sessions";
import { BackendHealth } from "./http/backend-health";
import { ActiveStreams } from "./http/streams";
import { shutdownReason } from "./routes/ask-stream";
import { gatewayBackends } from "./routes/health";
import { answerParseErrors } from "./http/parse-errors";
import { inMemoryGatewayState, type GatewayState } from "./state/gateway-state";

export { createGatewayApp } from "./app";
export { inMemoryGatewayState, type GatewayState } from "./state/gateway-state";
export { openRedisGatewayState } from "./state/redis-state";
export type { GatewayDependencies } from "./dependencies";

/** How often one user's activity is reported to accounts (its own interval for lastActiveAt). */
const ACTIVITY_REPORT_INTERVAL_MS = 60_000;

/** Largest knowledge message sent or taken (the knowledge service accepts as much). */
const KNOWLEDGE_MESSAGE_BYTES = 128 * 1024 * 1024;

export interface GatewayOptions {
  port: number;
  host?: string;
  /** A server already listening on the port (the process's early /healthz): the gateway takes its requests over, with no gap in which connections are refused. */
  server?: Server;
  logger: Logger;
  chatAddress: string;
  conversationAddress: string;
  quotaAddress: string;
  knowledgeAddress: string;
  accountsAddress: string;
  analyticsAddress: string;
  /** The auth server's gRPC address (AuthAdminService). */
  authAddress: string;
  /** The auth server's HTTP base URL (proxied at /auth/v1; its JWKS verifies access tokens). */
  authUrl: string;
  /** The `iss` of access tokens: the public origin + "/auth/v1". */
  authIssuer: string;
  cookieSecret: string;
  secureCookies: boolean;
  webDist?: string;
  heartbeatMs?: number;
  /** Answers streaming at once in this process; beyond it an ask gets 503 + Retry-After (default 1000). */
  maxConcurrentAnswers?: number;
  /** New guest sessions per client IP and window (default 60 per 10 minutes). */
  guestSessionRate?: { limit: number; windowMs: number };
  /** Carries auth.session.v1: tokens of ended sessions are refused on /api until they expire. */
  bus?: EventBus;
  /** Revocations and rate limits, shared when several gateways run (default: in this process's memory). */
  state?: GatewayState;
}

export interface RunningGateway {
  port: number;
  /** Stops accepting requests, lets answer streams finish for `graceMs`, then cancels the rest. */
  stop(graceMs: number): Promise<void>;
}

export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const clients = {
    chat: createServiceClient(ChatService, options.chatAddress),
    conversation: createServiceClient(ConversationService, options.conversationAddress),
    quota: createServiceClient(QuotaService, options.quotaAddress),
    // Law-file uploads (a replace carries every file, up to 100 MB) and exports exceed gRPC's 4 MiB default.
    knowledge: createServiceClient(KnowledgeService, options.knowledgeAddress, { maxSendMessageBytes: KNOWLEDGE_MESSAGE_BYTES, maxReceiveMessageBytes: KNOWLEDGE_MESSAGE_BYTES }),
    accounts: createServiceClient(AccountsService, options.accountsAddress),
    analytics: createServiceClient(AdminAnalyticsService, options.analyticsAddress),
    authAdmin: createServiceClient(AuthAdminService, options.authAddress),
  };
  const state = options.state ?? inMemoryGatewayState();
  const { revocations } = state;
  const revocationFeed = options.bus ? await subscribeRevocations(options.bus, revocations) : undefined;
  const tokens = new AccessTokenVerifier({ jwksUrl: `${options.authUrl}/auth/v1/.well-known/jwks.json`, issuer: options.authIssuer, revocations });
  // Accounts moves lastActiveAt at most once a minute, so reporting more often only costs calls.
  const activityReports = new KeyedThrottle(ACTIVITY_REPORT_INTERVAL_MS);
  const callers = new Callers(tokens, (user) => {
    if (!activityReports.due(user.userId, new Date())) return;
    clients.accounts.touchActivity({ userId: user.userId }).catch((error: unknown) => options.logger.warn({ err: error }, "could not record activity"));
  });
  // The memory a burst of streams took goes back once they close.
  const streams = new ActiveStreams(options.maxConcurrentAnswers, compactNextFullCollections);
  const guestSessionRate = options.guestSessionRate ?? { limit: 60, windowMs: 10 * 60_000 };
  const guestSessionLimiter = state.rateLimiter("guest-sessions", guestSessionRate.limit, guestSessionRate.windowMs);
  let shuttingDown = false;
  const backends = [
    { name: "chat", address: options.chatAddress },
    { name: "conversation", address: options.conversationAddress },
    { name: "quota", address: options.quotaAddress },
    { name: "knowledge", address: options.knowledgeAddress },
    { name: "accounts", address: options.accountsAddress },
    { name: "admin-analytics", address: options.analyticsAddress },
  ];
  const backendHealth = new BackendHealth(gatewayBackends({ backends, authUrl: options.authUrl }), { logger: options.logger }).start();
  const app = createGatewayApp(
    {
      ...clients,
      callers,
      authUrl: options.authUrl,
      logger: options.logger,
      streams,
      cookieSecret: options.cookieSecret,
      secureCookies: options.secureCookies,
      heartbeatMs: options.heartbeatMs ?? 15_000,
      webDist: options.webDist,
      backends,
      backendHealth,
      guestSessionLimiter,
    },
    () => shuttingDown,
  );
  const server: Server = options.server ?? createServer(app).listen(options.port, options.host ?? "0.0.0.0");
  answerParseErrors(server);
  if (options.server) {
    server.removeAllListeners("request");
    server.on("request", app);
  } else await once(server, "listening");
  const address = server.address();
  return {
    port: typeof address === "object" && address ? address.port : options.port,
    async stop(graceMs) {
      shuttingDown = true;
      backendHealth.stop();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      if (!(await streams.drain(graceMs))) {
        options.logger.warn({ streams: streams.size }, "ending answer streams that did not finish in time");
        streams.cancelAll(shutdownReason);
        await streams.drain(1000);
      }
      server.closeAllConnections();
      await closed;
      await revocationFeed?.unsubscribe();
      await state.close();
      for (const client of Object.values(clients)) client.close();
    },
  };
}
