import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { AuthAdminService } from "@qai/contracts";
import { ConfigError, GrpcServer, serveGrpc, type Logger, type RunningService } from "@qai/platform";
import type { EventBus } from "@qai/event-bus";
import type { RecordStore } from "@qai/record-store";
import { AuthAdmin } from "./app/admin";
import { systemClock, type Clock } from "./app/clock";
import type { AuthContext } from "./app/context";
import { Mfa } from "./app/mfa";
import { RateLimits } from "./app/rate-limits";
import { SessionRevocations } from "./app/revocations";
import { SignInThrottle } from "./app/sign-in-throttle";
import { SessionGrants } from "./app/session-grants";
import { SignUp } from "./app/sign-up";
import { SigningKeys } from "./app/signing-keys";
import { LEGACY_KEY_FILE_NAME } from "./keys/legacy-key-file";
import { recordSigningKeyStore } from "./keys/record-store";
import { KEYS_SECRET_FILE_NAME, KeySealer, KeysSecretMismatchError, resolveKeysSecret } from "./keys/sealing";
import { TokenGrants } from "./app/token-grants";
import { Users } from "./app/users";
import { EmailVerification } from "./app/verification";
import { resolveSettings, type AuthConfig } from "./config";
import { TokenSecret } from "./domain/secrets";
import { authAdminHandlers } from "./grpc/handlers";
import { createAuthApp } from "./http/app";
import type { AuthUseCases } from "./http/use-cases";
import { DevMailbox } from "./mail/dev-mailbox";
import type { Mailer } from "./mail/mailer";
import { SmtpMailer } from "./mail/smtp";

export { authEnvSchema, type AuthConfig } from "./config";
export type { KeySet, SigningKey } from "./domain/key-set";
export type { SigningKeyStore } from "./keys/port";
export { recordSigningKeyStore } from "./keys/record-store";
export { KEYS_SECRET_FILE_NAME, KeySealer, KeysSecretMismatchError } from "./keys/sealing";
export { LEGACY_KEY_FILE_NAME } from "./keys/legacy-key-file";
export type { Mailer, MailMessage } from "./mail/mailer";

export interface AuthServiceOptions {
  store: RecordStore;
  logger: Logger;
  config: AuthConfig;
  /** Holds auth-keys.secret (unless AUTH_KEYS_SECRET is set) and, from earlier versions, auth-keys.json to import. */
  dataDir: string;
  httpHost: string;
  /** 0 picks a free port. */
  httpPort: number;
  /** e.g. "127.0.0.1:0". */
  grpcBindAddress: string;
  /** Where auth.session.v1 (sessions ended) is published; without it tokens are only refused on /auth/v1. */
  bus?: EventBus;
  /** For tests: milliseconds since the epoch. */
  clock?: Clock;
  /** For tests: how often the key set is re-read (default KEY_SET_REFRESH_MS). */
  keyRefreshMs?: number;
}

export interface RunningAuthService extends RunningService {
  /** e.g. http://127.0.0.1:9999; the API is under /auth/v1. */
  httpUrl: string;
  /** The `iss` of access tokens: `<AUTH_SITE_URL or httpUrl>/auth/v1`. */
  issuer: string;
  /** A new signing key signs from now on; the previous one stays in the JWKS until its tokens expire. Returns the new kid. */
  rotateSigningKey(): Promise<string>;
}

/**
 * The embedded Supabase-Auth (GoTrue) compatible server: HTTP API under /auth/v1 (and
 * /dev/mailbox when MAIL_MODE=dev), plus the AuthAdminService over gRPC.
 */
export async function startAuthService(options: AuthServiceOptions): Promise<RunningAuthService> {
  const { store, logger, config } = options;
  const clock = options.clock ?? systemClock;
  const keys = await openSigningKeys({ store, dataDir: options.dataDir, config, clock, logger, refreshMs: options.keyRefreshMs });
  const http = createServer();
  http.listen(options.httpPort, options.httpHost);
  await once(http, "listening");
  const httpUrl = urlOf(http, options.httpHost);
  try {
    const settings = resolveSettings(config, httpUrl);
    const mailbox = settings.mailMode === "dev" ? new DevMailbox(store, clock) : undefined;
    const mailer: Mailer = mailbox ?? new SmtpMailer(config.SMTP_URL!, config.MAIL_FROM);
    const revocations = new SessionRevocations(options.bus, clock, settings.jwtExpSeconds, logger);
    const context: AuthContext = { store, keys, secret: new TokenSecret(keys.tokenSecret), mailer, settings, limits: new RateLimits(config, clock), signIns: new SignInThrottle(clock), revocations, clock, logger };
    // The dev mailbox hands out every account: never served in production, and only to loopback clients.
    const servedMailbox = settings.production ? undefined : mailbox;
    if (mailbox && !servedMailbox) logger.warn("MAIL_MODE=dev with NODE_ENV=production: confirmation mails are stored but /dev/mailbox is not served; set SMTP_URL");
    http.on("request", createAuthApp(useCasesOf(context), { logger, trustedProxies: config.AUTH_TRUSTED_PROXIES, mailbox: servedMailbox }));
    const grpc = new GrpcServer(logger).add(AuthAdminService, authAdminHandlers(new AuthAdmin(store, revocations)));
    const service = await serveGrpc("auth", grpc, options.grpcBindAddress, async () => {
      keys.close();
      await mailer.close?.();
      await store.close();
    });
    logger.info({ httpUrl, issuer: settings.issuer, mailMode: settings.mailMode }, "auth listening");
    return {
      ...service,
      httpUrl,
      issuer: settings.issuer,
      rotateSigningKey: () => keys.rotate(),
      async stop(graceMs) {
        await closeHttp(http, graceMs);
        await service.stop(graceMs);
      },
    };
  } catch (error) {
    keys.close();
    await closeHttp(http, 0);
    throw error;
  }
}

/**
 * The key set in `store`, sealed with AUTH_KEYS_SECRET or DATA_DIR/auth-keys.secret; created on
 * first start (from DATA_DIR/auth-keys.json when an earlier version left one). Also used by the
 * rotate-signing-key CLI.
 */
export async function openSigningKeys(options: { store: RecordStore; dataDir: string; config: Pick<AuthConfig, "AUTH_KEYS_SECRET" | "AUTH_JWT_EXP">; clock?: Clock; logger: Logger; refreshMs?: number | undefined }): Promise<SigningKeys> {
  const secret = await resolveKeysSecret(options.config.AUTH_KEYS_SECRET, join(options.dataDir, KEYS_SECRET_FILE_NAME));
  return SigningKeys.open(recordSigningKeyStore(options.store, new KeySealer(secret)), {
    jwtExpSeconds: options.config.AUTH_JWT_EXP,
    clock: options.clock ?? systemClock,
    logger: options.logger,
    legacyFile: join(options.dataDir, LEGACY_KEY_FILE_NAME),
    ...(options.refreshMs !== undefined && { refreshMs: options.refreshMs }),
  }).catch((error: unknown) => {
    // A wrong secret is the operator's to fix: stop start-up as a configuration error (exit 78 standalone).
    throw error instanceof KeysSecretMismatchError ? new ConfigError([error.message]) : error;
  });
}

function useCasesOf(context: AuthContext): AuthUseCases {
  const grants = new SessionGrants(context);
  return {
    settings: context.settings,
    keys: context.keys,
    limits: context.limits,
    signUp: new SignUp(context, grants),
    verification: new EmailVerification(context, grants),
    tokens: new TokenGrants(context, grants),
    users: new Users(context),
    mfa: new Mfa(context, grants),
  };
}

function urlOf(server: Server, host: string): string {
  const { port } = server.address() as AddressInfo;
  const reachable = host === "0.0.0.0" || host === "::" || host === "" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  return `http://${reachable}:${port}`;
}

/** Stops accepting, lets requests in flight finish for up to `graceMs`, then drops the connections. */
async function closeHttp(server: Server, graceMs: number): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const timer = setTimeout(() => server.closeAllConnections(), graceMs);
  await closed;
  clearTimeout(timer);
}
