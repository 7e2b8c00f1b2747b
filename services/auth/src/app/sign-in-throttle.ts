import { signInThrottled } from "../domain/errors";
import { FailureBackoff, type BackoffPolicy } from "../domain/failure-backoff";
import type { UserRecord } from "../domain/user";
import type { Clock } from "./clock";

/** 5 free failures, then 1 s, 2 s, 4 s … 15 min between attempts; forgotten after 24 h without failures. */
export const SIGN_IN_BACKOFF: BackoffPolicy = { freeFailures: 5, baseDelayMs: 1000, maxDelayMs: 15 * 60_000, forgetAfterMs: 24 * 3_600_000 };

/**
 * Per-account password sign-in throttling, across client addresses (the per-IP bucket alone lets
 * many addresses guess one password). Failures are counted per e-mail address — known or not, so
 * the answers reveal nothing about which accounts exist — and slow down every further attempt on
 * that account, before the password is checked.
 *
 * So that strangers cannot lock the owner out, an address the user signed in from lately
 * (`knownIps`) has its own count instead of the account's: the owner at home is not affected by
 * attempts from elsewhere, and an attacker elsewhere gains nothing from the owner's sign-ins. A
 * successful sign-in clears the count it was made under. The longest wait is 15 minutes after the
 * latest failure.
 */
export class SignInThrottle {
  private readonly backoff = new FailureBackoff(SIGN_IN_BACKOFF);

  constructor(private readonly clock: Clock) {}

  /** The throttling key of an attempt on `email` from `ip`. */
  keyOf(email: string, user: UserRecord | undefined, ip: string): string {
    return user?.knownIps?.includes(ip) ? `${email}\n${ip}` : email;
  }

  /** Throws 429 over_request_rate_limit (with the wait, in both languages) while `key` must wait. */
  check(key: string): void {
    const waitMs = this.backoff.waitMs(key, this.clock());
    if (waitMs > 0) throw signInThrottled(Math.ceil(waitMs / 1000));
  }

  failed(key: string): void {
    this.backoff.fail(key, this.clock());
  }

  succeeded(key: string): void {
    this.backoff.clear(key);
  }
}
