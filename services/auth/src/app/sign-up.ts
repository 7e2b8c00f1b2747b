import { phoneProviderDisabled, signupDisabled, userAlreadyExists, validationFailed, type AuthError } from "../domain/errors";
import { normalizeEmail } from "../domain/email";
import { hashPassword, passwordProblem } from "../domain/password";
import { pkceChallenge, type ChallengeMethod } from "../domain/pkce";
import { resolveRedirect } from "../domain/redirect";
import type { SessionJson } from "../domain/session";
import { newEmailUser, obfuscatedUser, type Metadata, type UserJson } from "../domain/user";
import { isoAt } from "./clock";
import { Confirmations, type PendingMail } from "./confirmations";
import type { AuthContext, ClientInfo } from "./context";
import { assertMailInterval } from "./rate-limits";
import { findUserByEmail, identities, users, userView } from "./records";
import type { SessionGrants } from "./session-grants";

export interface SignUpInput {
  email?: string;
  phone?: string;
  password?: string;
  data?: Metadata;
  codeChallenge?: string;
  codeChallengeMethod?: string;
  redirectTo?: string;
}

export interface ResendInput {
  type?: string;
  email?: string;
  codeChallenge?: string;
  codeChallengeMethod?: string;
  redirectTo?: string;
}

const RESEND_TYPES = ["signup", "email_change", "sms", "phone_change"];

type Pkce = { codeChallenge: string; method: ChallengeMethod } | undefined;

/** Sign-up and resending the confirmation. */
export class SignUp {
  private readonly confirmations: Confirmations;

  constructor(
    private readonly context: AuthContext,
    private readonly grants: SessionGrants,
  ) {
    this.confirmations = new Confirmations(context);
  }

  /** A session when confirmation is off; otherwise the (bare) user, and a confirmation mail is sent. */
  async signUp(input: SignUpInput, client: ClientInfo): Promise<UserJson | SessionJson> {
    const { settings, store, clock } = this.context;
    if (settings.disableSignup) throw signupDisabled();
    if (!input.password) throw validationFailed("Signup requires a valid password");
    throwIf(passwordProblem(input.password, settings.passwordMinLength));
    if (input.email && input.phone) throw validationFailed("Only an email address or phone number should be provided on signup.");
    if (input.phone) throw phoneProviderDisabled();
    const pkce = pkceOf(input.codeChallenge, input.codeChallengeMethod);
    const email = normalizeEmail(input.email);
    const data = input.data ?? {};
    const passwordHash = await hashPassword(input.password);
    const redirectTo = resolveRedirect(input.redirectTo, settings.siteUrl, settings.allowList);

    const outcome = await store.transaction(async (tx): Promise<{ response: UserJson | SessionJson; pending?: PendingMail }> => {
      const now = isoAt(clock());
      const existing = await findUserByEmail(tx, email);
      if (existing?.emailConfirmedAt) {
        if (settings.autoconfirm) throw userAlreadyExists();
        return { response: obfuscatedUser(email, data, now) };
      }
      if (existing) {
        assertMailInterval(existing.confirmationSentAt, clock(), settings.mailMinIntervalSeconds);
        const pending = await this.confirmations.issue(tx, existing, redirectTo, pkce);
        return { response: await userView(tx, existing), pending };
      }
      const { user, identity } = newEmailUser(email, passwordHash, data, now, settings.autoconfirm ? now : undefined);
      await users(tx).insert(user);
      await identities(tx).insert(identity);
      if (settings.autoconfirm) {
        const session = await this.grants.start(tx, user, "password", client);
        return { response: await this.grants.respond(tx, user, session) };
      }
      const pending = await this.confirmations.issue(tx, user, redirectTo, pkce);
      return { response: await userView(tx, user), pending };
    });
    if (outcome.pending) await this.confirmations.deliver(outcome.pending);
    return outcome.response;
  }

  /** Sends the confirmation again (no answer reveals whether the address is registered). */
  async resend(input: ResendInput): Promise<void> {
    const { settings, store, clock } = this.context;
    if (!input.type || !RESEND_TYPES.includes(input.type)) throw validationFailed("Missing one of these types: signup, email_change, sms, phone_change");
    const email = normalizeEmail(input.email);
    const pkce = pkceOf(input.codeChallenge, input.codeChallengeMethod);
    if (input.type !== "signup") return;
    const redirectTo = resolveRedirect(input.redirectTo, settings.siteUrl, settings.allowList);
    const pending = await store.transaction(async (tx) => {
      const user = await findUserByEmail(tx, email);
      if (!user || user.emailConfirmedAt) return undefined;
      assertMailInterval(user.confirmationSentAt, clock(), settings.mailMinIntervalSeconds);
      return this.confirmations.issue(tx, user, redirectTo, pkce);
    });
    if (pending) await this.confirmations.deliver(pending);
  }
}

function throwIf(error: AuthError | undefined): void {
  if (error) throw error;
}

function pkceOf(challenge: string | undefined, method: string | undefined): Pkce {
  const result = pkceChallenge(challenge, method);
  if ("error" in result) throw result.error;
  return result.challenge;
}
