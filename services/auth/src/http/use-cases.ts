import type { Mfa } from "../app/mfa";
import type { RateLimits } from "../app/rate-limits";
import type { SignUp } from "../app/sign-up";
import type { SigningKeys } from "../app/signing-keys";
import type { TokenGrants } from "../app/token-grants";
import type { Users } from "../app/users";
import type { EmailVerification } from "../app/verification";
import type { AuthSettings } from "../config";

/** What the HTTP routes call. */
export interface AuthUseCases {
  settings: AuthSettings;
  keys: SigningKeys;
  limits: RateLimits;
  signUp: SignUp;
  verification: EmailVerification;
  tokens: TokenGrants;
  users: Users;
  mfa: Mfa;
}
