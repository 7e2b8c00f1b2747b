import { audienceMismatch, badJwt, insufficientAal, noAuthorization, notAdmin, samePassword, sessionNotFound, userNotFound, validationFailed, AuthError } from "../domain/errors";
import { verifyJwt } from "../domain/jwt";
import { hashPassword, passwordProblem, verifyPassword } from "../domain/password";
import type { Aal, SessionRecord } from "../domain/session";
import { AUDIENCE, AUTHENTICATED_ROLE, mergeMetadata, type Metadata, type UserJson, type UserRecord } from "../domain/user";
import { isoAt } from "./clock";
import { SessionRevocationReason } from "./revocations";
import type { AuthContext } from "./context";
import { endSessions, factors, findAll, flowStates, oneTimeTokens, sessions, users, userView } from "./records";

/** The verified caller of a user-scoped endpoint. */
export interface Caller {
  user: UserRecord;
  session: SessionRecord;
  /** aal2 only when both the token and the session say so (an unenroll lowers the session at once). */
  aal: Aal;
}

export interface UserUpdate {
  password?: string;
  email?: string;
  phone?: string;
  data?: Metadata;
  appMetadata?: unknown;
}

export type LogoutScope = "global" | "local" | "others";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Access-token authentication, GET/PUT /user and logout. */
export class Users {
  constructor(private readonly context: AuthContext) {}

  /** The caller behind `Authorization: Bearer <access token>`, with GoTrue's errors. */
  async authenticate(authorization: string | undefined): Promise<Caller> {
    const match = /^bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
    if (!match) throw noAuthorization();
    const { keys, clock, store, settings } = this.context;
    const check = await verifyJwt(match[1]!, (kid) => keys.publicKey(kid), new Date(clock()));
    if (!check.ok) throw badJwt(check.reason);
    const { claims } = check;
    if (!(claims.aud === AUDIENCE || (Array.isArray(claims.aud) && claims.aud.includes(AUDIENCE)))) throw audienceMismatch();
    // A token of another issuer (e.g. signed before AUTH_SITE_URL changed) or role (a service key) is not a user's.
    if (claims.iss !== settings.issuer) throw badJwt("token has invalid claims: token has invalid issuer");
    if (claims.role !== AUTHENTICATED_ROLE) throw badJwt("token has invalid claims: token has invalid role");
    if (typeof claims.sub !== "string" || claims.sub === "") throw new AuthError(403, "bad_jwt", "invalid claim: missing sub claim");
    if (!UUID.test(claims.sub)) throw new AuthError(400, "bad_jwt", "invalid claim: sub claim must be a UUID");
    const user = await users(store).get(claims.sub);
    if (!user) throw userNotFound();
    const session = typeof claims.session_id === "string" && UUID.test(claims.session_id) ? await sessions(store).get(claims.session_id) : undefined;
    if (!session || session.userId !== user.id) throw sessionNotFound();
    return { user, session, aal: claims.aal === "aal2" && session.aal === "aal2" ? "aal2" : "aal1" };
  }

  async view(caller: Caller): Promise<UserJson> {
    return userView(this.context.store, caller.user);
  }

  /**
   * Updates the password and/or user metadata. A new password signs out every other session of
   * the user and voids pending confirmation links; the caller's session stays.
   */
  async update(caller: Caller, update: UserUpdate): Promise<UserJson> {
    const { store, clock, settings } = this.context;
    if (update.appMetadata !== undefined) throw notAdmin();
    if (update.email !== undefined && update.email.trim().toLowerCase() !== caller.user.email) throw validationFailed("Changing the email address is not supported by this server");
    if (update.phone) throw validationFailed("Changing the phone number is not supported by this server");
    const newHash = update.password === undefined ? undefined : await this.newPasswordHash(caller, update.password, settings.passwordMinLength);
    const { view, ended } = await store.transaction(async (tx) => {
      const user = await users(tx).get(caller.user.id);
      if (!user) throw userNotFound();
      const now = isoAt(clock());
      let ended: string[] = [];
      if (newHash) {
        user.passwordHash = newHash;
        ended = await endSessions(tx, user.id, (session) => session.id !== caller.session.id);
        await oneTimeTokens(tx).deleteMany({ userId: user.id });
        await flowStates(tx).deleteMany({ userId: user.id });
      }
      if (update.data) user.userMetadata = mergeMetadata(user.userMetadata, update.data);
      user.updatedAt = now;
      await users(tx).put(user);
      return { view: await userView(tx, user), ended };
    });
    await this.context.revocations.publish({ userId: caller.user.id, sessionIds: ended, reason: SessionRevocationReason.PASSWORD_CHANGED });
    return view;
  }

  async logout(caller: Caller, scope: LogoutScope): Promise<void> {
    const ended = await this.context.store.transaction(async (tx) => {
      if (scope === "local") {
        await sessions(tx).delete(caller.session.id);
        return [caller.session.id];
      }
      return endSessions(tx, caller.user.id, (session) => scope === "global" || session.id !== caller.session.id);
    });
    await this.context.revocations.publish({ userId: caller.user.id, sessionIds: ended, reason: SessionRevocationReason.LOGOUT });
  }

  /** Checks in GoTrue's order: policy, then MFA (aal2 needed once a factor is verified), then sameness. */
  private async newPasswordHash(caller: Caller, password: string, minLength: number): Promise<string> {
    const problem = passwordProblem(password, minLength);
    if (problem) throw problem;
    const userFactors = await findAll(factors(this.context.store), { userId: caller.user.id });
    if (caller.aal === "aal1" && userFactors.some((factor) => factor.status === "verified")) {
      throw insufficientAal(401, "AAL2 session is required to update email or password when MFA is enabled.");
    }
    if (await verifyPassword(password, caller.user.passwordHash)) throw samePassword();
    return hashPassword(password);
  }
}
