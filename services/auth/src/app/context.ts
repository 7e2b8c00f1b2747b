import type { Logger } from "@qai/platform";
import type { RecordStore } from "@qai/record-store";
import type { AuthSettings } from "../config";
import type { TokenSecret } from "../domain/secrets";
import type { Mailer } from "../mail/mailer";
import type { Clock } from "./clock";
import type { RateLimits } from "./rate-limits";
import type { SigningKeys } from "./signing-keys";

/** What the use cases share. */
export interface AuthContext {
  store: RecordStore;
  keys: SigningKeys;
  secret: TokenSecret;
  mailer: Mailer;
  settings: AuthSettings;
  limits: RateLimits;
  clock: Clock;
  logger: Logger;
}

/** Who is calling, as far as the server can tell. */
export interface ClientInfo {
  ip: string;
  userAgent?: string;
}
