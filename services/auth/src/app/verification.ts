import { randomUUID } from "node:crypto";
import type { Collections } from "@qai/record-store";
import { EMAIL_LINK_INVALID, otpExpired, validationFailed } from "../domain/errors";
import { normalizeEmail } from "../domain/email";
import { resolveRedirect } from "../domain/redirect";
import { emailTokenHash } from "../domain/secrets";
import type { SessionJson } from "../domain/session";
import { Confirmations, PKCE_TOKEN_PREFIX } from "./confirmations";
import type { AuthContext, ClientInfo } from "./context";
import { flowStates } from "./records";
import type { SessionGrants } from "./session-grants";

export interface VerifyInput {
  type?: string;
  tokenHash?: string;
  email?: string;
  token?: string;
}

const VERIFY_TYPES = ["signup", "invite", "recovery", "magiclink", "email_change", "email", "sms", "phone_change"];
/** The verification types this server issues tokens for. */
const CONFIRMATION_TYPES = ["signup", "email"];

/** E-mail confirmation by link (GET /verify) or by token hash / code (POST /verify). */
export class EmailVerification {
  private readonly confirmations: Confirmations;

  constructor(
    private readonly context: AuthContext,
    private readonly grants: SessionGrants,
  ) {
    this.confirmations = new Confirmations(context);
  }

  /**
   * Follows an e-mail link (GET /verify): where to send the browser. Implicit flow: the session in
   * the hash; PKCE (`pkce_` token): `?code=`; an unknown, used or expired link: the error hash.
   */
  async followLink(token: string, type: string, requestedRedirect: string | undefined, client: ClientInfo): Promise<string> {
    const { settings, store } = this.context;
    const redirect = new URL(resolveRedirect(requestedRedirect, settings.siteUrl, settings.allowList));
    const isPkce = token.startsWith(PKCE_TOKEN_PREFIX);
    const outcome = await store.transaction(async (tx): Promise<LinkOutcome> => {
      const confirmed = CONFIRMATION_TYPES.includes(type) ? await this.confirmations.consume(tx, token) : undefined;
      if (!confirmed) return { kind: "invalid" };
      if (isPkce && confirmed.flowStateId) {
        const flow = await flowStates(tx).get(confirmed.flowStateId);
        if (!flow) return { kind: "invalid" };
        const authCode = randomUUID();
        await flowStates(tx).put({ ...flow, authCode });
        return { kind: "code", code: authCode };
      }
      const session = await this.grants.start(tx, confirmed.user, "otp", client);
      return { kind: "session", session: await this.grants.respond(tx, confirmed.user, session) };
    });
    if (outcome.kind === "invalid") return linkErrorRedirect(redirect, isPkce);
    if (outcome.kind === "code") redirect.searchParams.set("code", outcome.code);
    else redirect.hash = sessionHash(outcome.session, type);
    return redirect.href;
  }

  /** Confirms with a token hash or an e-mail + code (POST /verify, supabase-js verifyOtp) and signs in. */
  async verify(input: VerifyInput, client: ClientInfo): Promise<SessionJson> {
    if (!input.type) throw validationFailed("Verify requires a verification type");
    if (!VERIFY_TYPES.includes(input.type)) throw validationFailed(`Unsupported verification type ${JSON.stringify(input.type)}`);
    const tokens = this.candidateTokens(input);
    const type = input.type;
    const session = await this.context.store.transaction(async (tx) => {
      const confirmed = CONFIRMATION_TYPES.includes(type) ? await this.consumeAny(tx, tokens) : undefined;
      if (!confirmed) return undefined;
      if (confirmed.flowStateId) await flowStates(tx).delete(confirmed.flowStateId);
      const started = await this.grants.start(tx, confirmed.user, "otp", client);
      return this.grants.respond(tx, confirmed.user, started);
    });
    if (!session) throw otpExpired();
    return session;
  }

  /** The link tokens a verifyOtp call may stand for: its token hash, or the hash of e-mail + code in either flow. */
  private candidateTokens(input: VerifyInput): string[] {
    if (input.tokenHash) return [input.tokenHash];
    if (!input.token) throw validationFailed("Verify requires a token or a token hash");
    const tokenHash = emailTokenHash(normalizeEmail(input.email), input.token);
    return [tokenHash, `${PKCE_TOKEN_PREFIX}${tokenHash}`];
  }

  private async consumeAny(tx: Collections, tokens: string[]): Promise<Awaited<ReturnType<Confirmations["consume"]>>> {
    for (const token of tokens) {
      const confirmed = await this.confirmations.consume(tx, token);
      if (confirmed) return confirmed;
    }
    return undefined;
  }
}

type LinkOutcome = { kind: "invalid" } | { kind: "code"; code: string } | { kind: "session"; session: SessionJson };

/** The implicit-flow callback: the session as form-encoded, alphabetical hash parameters (`sb` is an empty marker). */
function sessionHash(session: SessionJson, type: string): string {
  return new URLSearchParams([
    ["access_token", session.access_token],
    ["expires_at", String(session.expires_at)],
    ["expires_in", String(session.expires_in)],
    ["refresh_token", session.refresh_token],
    ["sb", ""],
    ["token_type", session.token_type],
    ["type", type],
  ]).toString();
}

/** GoTrue's error callback: in the hash, and for PKCE also in the query. */
function linkErrorRedirect(redirect: URL, isPkce: boolean): string {
  const error = new URLSearchParams([
    ["error", "access_denied"],
    ["error_code", "otp_expired"],
    ["error_description", EMAIL_LINK_INVALID],
    ["sb", ""],
  ]);
  if (isPkce) for (const [key, value] of error) if (key !== "sb") redirect.searchParams.set(key, value);
  redirect.hash = error.toString();
  return redirect.href;
}
