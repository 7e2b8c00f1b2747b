import type { Logger } from "@qai/platform";
import type { RecordStore } from "@qai/record-store";
import type { AuthSettings } from "../config";
import type { TokenSecret } from "../domain/secrets";
import type { Mailer } from "../mail/mailer";
import type { Clock } from "./clock";
import type { RateLimits } from "./rate-limits";
import type { SessionRevocations } from "./revocations";
import type { SignInThrottle } from "./sign-in-throttle";
import type { SigningKeys } from "./signing-keys";

/** What the use cases share. */
export interface AuthContext {
  store: RecordStore;
  keys: SigningKeys;
  secret: TokenSecret;
  mailer: Mailer;
  settings: AuthSettings;
  limits: RateLimits;
  /** Per-account password sign-in throttling. */
  signIns: SignInThrottle;
  /** Tells token verifiers (auth.session.v1) which sessions ended. */
  revocations: SessionRevocations;
  clock: Clock;
  logger: Logger;
}

/** Who is calling, as far as the server can tell. */
export interface ClientInfo {
  ip: string;
  userAgent?: string;
}
