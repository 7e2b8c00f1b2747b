import { z } from "zod";
import { ConfigError, env } from "@qai/platform";
import { PASSWORD_MIN_LENGTH_FLOOR } from "./domain/password";

const seconds = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);
const perWindow = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

/** The auth server's environment variables (AUTH_*, MAIL_*, SMTP_*). */
export const authEnvSchema = z.object({
  /** The public origin of the product; links, the default redirect and `iss` derive from it. Default: the server's own URL. */
  AUTH_SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Comma-separated globs of extra redirect targets (e.g. `https://*.example.com/**`). */
  AUTH_URI_ALLOW_LIST: z.string().default(""),
  AUTH_AUTOCONFIRM: env.boolean(false),
  AUTH_DISABLE_SIGNUP: env.boolean(false),
  /** Access-token lifetime. supabase-js refreshes 90 s before expiry, so keep it well above that. */
  AUTH_JWT_EXP: seconds(3600, 120),
  AUTH_REFRESH_TOKEN_REUSE_INTERVAL: seconds(10),
  /**
   * Seals the signing keys and the token secret in the record store; the same value on every replica.
   * Default: a random secret kept in DATA_DIR/auth-keys.secret (enough for one replica, or processes sharing DATA_DIR).
   */
  AUTH_KEYS_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  AUTH_PASSWORD_MIN_LENGTH: z.coerce.number().int().min(1).max(72).default(PASSWORD_MIN_LENGTH_FLOOR).transform((n) => Math.max(n, PASSWORD_MIN_LENGTH_FLOOR)),
  /** Lifetime of e-mail links and codes. */
  AUTH_MAILER_OTP_EXP: seconds(86_400, 60),
  /** Minimum time between two confirmation mails to one user. */
  AUTH_SMTP_MAX_FREQUENCY: seconds(60),
  /** Mails the whole server may send per hour. */
  AUTH_RATE_LIMIT_EMAIL_SENT: perWindow(1000),
  /** Per IP and 5 minutes: POST /token. */
  AUTH_RATE_LIMIT_TOKEN_REFRESH: perWindow(150),
  /** Per IP and 5 minutes: GET/POST /verify. */
  AUTH_RATE_LIMIT_VERIFY: perWindow(30),
  /** Per IP and 5 minutes: POST /signup, /resend, PUT /user. */
  AUTH_RATE_LIMIT_OTP: perWindow(30),
  /** Per IP and minute: MFA challenge and verify (separate buckets). */
  AUTH_RATE_LIMIT_MFA: perWindow(15),
  AUTH_RATE_LIMIT_BURST: perWindow(30),
  /** Which peers may set X-Forwarded-For (Express "trust proxy" values: loopback, CIDRs, comma-separated). */
  AUTH_TRUSTED_PROXIES: z.string().default("loopback"),
  /** TOTP issuer shown in authenticator apps. Default: the site URL's host. */
  AUTH_MFA_ISSUER: z.string().min(1).optional(),
  /** `dev` stores mail in the dev mailbox (/dev/mailbox); `smtp` sends it through SMTP_URL. Default: smtp when SMTP_URL is set. */
  MAIL_MODE: z.enum(["dev", "smtp"]).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default("QAI <no-reply@localhost>"),
  /** `production` never serves the dev mailbox. */
  NODE_ENV: z.string().optional(),
});

export type AuthConfig = z.infer<typeof authEnvSchema>;

/** Configuration resolved once the server knows its own URL. */
export interface AuthSettings {
  siteUrl: URL;
  issuer: string;
  allowList: string[];
  autoconfirm: boolean;
  disableSignup: boolean;
  jwtExpSeconds: number;
  reuseIntervalSeconds: number;
  passwordMinLength: number;
  otpExpSeconds: number;
  mailMinIntervalSeconds: number;
  mfaIssuer: string;
  mailMode: "dev" | "smtp";
  /** NODE_ENV=production. */
  production: boolean;
}

export function resolveSettings(config: AuthConfig, ownUrl: string): AuthSettings {
  const mailMode = config.MAIL_MODE ?? (config.SMTP_URL ? "smtp" : "dev");
  if (mailMode === "smtp" && !config.SMTP_URL) throw new ConfigError(["SMTP_URL is required: MAIL_MODE=smtp sends mail through it"]);
  const siteUrl = new URL(config.AUTH_SITE_URL ?? ownUrl);
  const site = siteUrl.href.replace(/\/+$/, "");
  return {
    siteUrl,
    issuer: `${site}/auth/v1`,
    allowList: config.AUTH_URI_ALLOW_LIST.split(",").map((glob) => glob.trim()).filter(Boolean),
    autoconfirm: config.AUTH_AUTOCONFIRM,
    disableSignup: config.AUTH_DISABLE_SIGNUP,
    jwtExpSeconds: config.AUTH_JWT_EXP,
    reuseIntervalSeconds: config.AUTH_REFRESH_TOKEN_REUSE_INTERVAL,
    passwordMinLength: config.AUTH_PASSWORD_MIN_LENGTH,
    otpExpSeconds: config.AUTH_MAILER_OTP_EXP,
    mailMinIntervalSeconds: config.AUTH_SMTP_MAX_FREQUENCY,
    mfaIssuer: config.AUTH_MFA_ISSUER ?? siteUrl.host,
    mailMode,
    production: config.NODE_ENV === "production",
  };
}
