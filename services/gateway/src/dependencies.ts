import type { AccountsService, AdminAnalyticsService, AuthAdminService, ChatService, ConversationService, KnowledgeService, QuotaService } from "@qai/contracts";
import type { ClientOf, Logger } from "@qai/platform";
import type { Callers } from "./http/caller";
import type { BackendHealth } from "./http/backend-health";
import type { RateLimiter } from "./http/rate-limit";
import type { ActiveStreams } from "./http/streams";

export interface GatewayDependencies {
  chat: ClientOf<typeof ChatService>;
  conversation: ClientOf<typeof ConversationService>;
  quota: ClientOf<typeof QuotaService>;
  knowledge: ClientOf<typeof KnowledgeService>;
  accounts: ClientOf<typeof AccountsService>;
  analytics: ClientOf<typeof AdminAnalyticsService>;
  /** The auth server's internal administration (the admin users list's totalSupabaseUsers). */
  authAdmin: ClientOf<typeof AuthAdminService>;
  /** Identifies callers from verified tokens or the guest cookie. */
  callers: Callers;
  logger: Logger;
  streams: ActiveStreams;
  /** Signs the guest cookie. */
  cookieSecret: string;
  /** Marks cookies Secure (behind HTTPS). */
  secureCookies: boolean;
  /** Interval of SSE heartbeat comments (spec: 15 s). */
  heartbeatMs: number;
  /** The services /readyz asks through grpc.health.v1. */
  backends: Array<{ name: string; address: string }>;
  /** Their health, checked in the background (built from `backends` when absent). */
  backendHealth?: BackendHealth;
  /** Guest sessions created per client IP (POST /api/guest-session); unlimited when absent. */
  guestSessionLimiter?: RateLimiter;
  /** The built web app, served at / when present. */
  webDist?: string;
  /** The auth server's HTTP base URL: /auth/v1 (and the dev mailbox) are proxied there. */
  authUrl: string;
}
