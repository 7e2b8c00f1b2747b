import type { AuthConfig } from "../config";
import { emailRateLimited, mailTooSoon, requestRateLimited } from "../domain/errors";
import { KeyedLimiter, TokenBucket } from "../domain/token-bucket";
import type { Clock } from "./clock";

export type IpLimit = "token" | "verify" | "otp" | "mfaChallenge" | "mfaVerify";

const FIVE_MINUTES = 300;

/**
 * GoTrue's limits: token buckets per client IP (burst AUTH_RATE_LIMIT_BURST), a project-wide
 * budget of mails per hour, and a minimum interval between two mails to one user. Kept in memory:
 * they reset on restart and are per process.
 */
export class RateLimits {
  private readonly perIp: Record<IpLimit, KeyedLimiter>;
  private readonly mailBudget: TokenBucket;

  constructor(
    config: AuthConfig,
    private readonly clock: Clock,
  ) {
    const burst = config.AUTH_RATE_LIMIT_BURST;
    this.perIp = {
      token: new KeyedLimiter(config.AUTH_RATE_LIMIT_TOKEN_REFRESH / FIVE_MINUTES, burst),
      verify: new KeyedLimiter(config.AUTH_RATE_LIMIT_VERIFY / FIVE_MINUTES, burst),
      otp: new KeyedLimiter(config.AUTH_RATE_LIMIT_OTP / FIVE_MINUTES, burst),
      mfaChallenge: new KeyedLimiter(config.AUTH_RATE_LIMIT_MFA / 60, burst),
      mfaVerify: new KeyedLimiter(config.AUTH_RATE_LIMIT_MFA / 60, burst),
    };
    this.mailBudget = new TokenBucket(config.AUTH_RATE_LIMIT_EMAIL_SENT / 3600, config.AUTH_RATE_LIMIT_EMAIL_SENT, clock());
  }

  /** Throws 429 over_request_rate_limit when `ip` has no request left for `limit`. */
  checkIp(limit: IpLimit, ip: string): void {
    if (!this.perIp[limit].take(ip, this.clock())) throw requestRateLimited();
  }

  /** Throws 429 over_email_send_rate_limit when the server's hourly mail budget is spent. */
  spendMail(): void {
    if (!this.mailBudget.take(this.clock())) throw emailRateLimited();
  }
}

/** Throws the "only request this after N seconds" 429 when the user's last mail is too recent. */
export function assertMailInterval(lastSentAt: string | undefined, nowMs: number, minIntervalSeconds: number): void {
  if (!lastSentAt) return;
  const waitMs = Date.parse(lastSentAt) + minIntervalSeconds * 1000 - nowMs;
  if (waitMs > 0) throw mailTooSoon(Math.ceil(waitMs / 1000));
}
