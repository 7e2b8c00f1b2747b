import { badCodeVerifier, emailNotConfirmed, flowStateExpired, flowStateNotFound, invalidCredentials, refreshTokenAlreadyUsed, refreshTokenNotFound, refreshTokenNotValid, validationFailed } from "../domain/errors";
import { burnPasswordCheck, passwordProblem, verifyPassword } from "../domain/password";
import { FLOW_STATE_TTL_SECONDS, verifierMatches } from "../domain/pkce";
import { REFRESH_TOKEN_MIN_LENGTH, decideRefresh, decodeRefreshToken } from "../domain/refresh-token";
import type { SessionJson } from "../domain/session";
import { isoAt } from "./clock";
import { SessionRevocationReason } from "./revocations";
import type { AuthContext, ClientInfo } from "./context";
import { findUserByEmail, flowStates, sessions, users } from "./records";
import type { SessionGrants } from "./session-grants";

/** POST /token: password sign-in, refresh-token rotation and the PKCE code exchange. */
export class TokenGrants {
  constructor(
    private readonly context: AuthContext,
    private readonly grants: SessionGrants,
  ) {}

  async password(input: { email?: string; phone?: string; password?: string }, client: ClientInfo): Promise<SessionJson> {
    if (input.email && input.phone) throw validationFailed("Only an email address or phone number should be provided on login.");
    if (!input.email && !input.phone) throw validationFailed("missing email or phone");
    const password = input.password ?? "";
    const email = (input.email ?? "").trim().toLowerCase();
    const user = email ? await findUserByEmail(this.context.store, email) : undefined;
    const throttleKey = this.context.signIns.keyOf(email, user, client.ip);
    this.context.signIns.check(throttleKey);
    const matches = user ? await verifyPassword(password, user.passwordHash) : await burnPasswordCheck(password);
    if (!user || !matches) {
      this.context.signIns.failed(throttleKey);
      throw invalidCredentials();
    }
    this.context.signIns.succeeded(throttleKey);
    if (!user.emailConfirmedAt) throw emailNotConfirmed();
    const session = await this.context.store.transaction(async (tx) => {
      const current = (await users(tx).get(user.id)) ?? user;
      const started = await this.grants.start(tx, current, "password", client);
      return this.grants.respond(tx, current, started);
    });
    const weak = passwordProblem(password, this.context.settings.passwordMinLength);
    return weak ? { ...session, weak_password: { message: weak.message, reasons: ["length"] } } : session;
  }

  /**
   * Rotates the refresh token. The parent of the current token, or any older token presented
   * within the reuse interval of the last refresh, gets the current token again; an older token
   * outside it ends the session (the whole token family).
   */
  async refresh(token: string | undefined): Promise<SessionJson> {
    if (!token || token.length < REFRESH_TOKEN_MIN_LENGTH) throw refreshTokenNotValid();
    const { store, secret, clock, settings } = this.context;
    const decoded = decodeRefreshToken(secret, token);
    if (!decoded) throw refreshTokenNotFound();
    const outcome = await store.transaction(async (tx) => {
      const session = await sessions(tx).get(decoded.sessionId);
      const user = session && (await users(tx).get(session.userId));
      if (!session || !user) return "not_found" as const;
      const now = clock();
      const lastRefreshedAt = session.lastRefreshedAt ? Date.parse(session.lastRefreshedAt) : undefined;
      const decision = decideRefresh(session.refreshCounter, decoded.counter, lastRefreshedAt, now, settings.reuseIntervalSeconds * 1000);
      if (decision === "foreign") return "foreign" as const;
      if (decision === "reused") {
        await sessions(tx).delete(session.id);
        return { reused: session } as const;
      }
      if (decision === "rotate") {
        session.refreshCounter += 1;
        session.lastRefreshedAt = isoAt(now);
        session.updatedAt = isoAt(now);
        await sessions(tx).put(session);
      }
      return this.grants.respond(tx, user, session);
    });
    if (outcome === "not_found") throw refreshTokenNotFound();
    if (outcome === "foreign") throw validationFailed("Invalid Refresh Token: Not Issued By This Server");
    if ("reused" in outcome) {
      await this.context.revocations.publish({ userId: outcome.reused.userId, sessionIds: [outcome.reused.id], reason: SessionRevocationReason.REFRESH_TOKEN_REUSED });
      throw refreshTokenAlreadyUsed();
    }
    return outcome;
  }

  /** Exchanges the `?code=` of a PKCE confirmation link, proving possession of the code verifier. */
  async pkce(input: { authCode?: string; codeVerifier?: string }, client: ClientInfo): Promise<SessionJson> {
    const { authCode, codeVerifier } = input;
    if (!authCode || !codeVerifier) throw validationFailed("invalid request: both auth code and code verifier should be non-empty");
    const { store, clock } = this.context;
    const outcome = await store.transaction(async (tx) => {
      const flow = (await flowStates(tx).find({ where: { authCode }, limit: 1 })).items[0];
      if (!flow) return "not_found" as const;
      if (Date.parse(flow.createdAt) + FLOW_STATE_TTL_SECONDS * 1000 <= clock()) {
        await flowStates(tx).delete(flow.id);
        return "expired" as const;
      }
      if (!verifierMatches(flow, codeVerifier)) return "bad_verifier" as const;
      await flowStates(tx).delete(flow.id);
      const user = await users(tx).get(flow.userId);
      if (!user) return "not_found" as const;
      const session = await this.grants.start(tx, user, flow.authMethod, client);
      return this.grants.respond(tx, user, session);
    });
    if (outcome === "not_found") throw flowStateNotFound();
    if (outcome === "expired") throw flowStateExpired();
    if (outcome === "bad_verifier") throw badCodeVerifier();
    return outcome;
  }
}
