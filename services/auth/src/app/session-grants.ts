import type { Collections } from "@qai/record-store";
import { signJwt } from "../domain/jwt";
import { encodeRefreshToken } from "../domain/refresh-token";
import { accessTokenClaims, newSession, type AuthMethod, type SessionJson, type SessionRecord } from "../domain/session";
import { rememberIp, type UserRecord } from "../domain/user";
import { isoAt } from "./clock";
import type { AuthContext, ClientInfo } from "./context";
import { findAll, identities, sessions, users, userView } from "./records";

/** Starts sessions and turns them into the session response (access token, refresh token, user). */
export class SessionGrants {
  constructor(private readonly context: AuthContext) {}

  /** A new aal1 session signed in with `method`; stamps the user's last sign-in. Runs inside `tx`. */
  async start(tx: Collections, user: UserRecord, method: AuthMethod, client: ClientInfo): Promise<SessionRecord> {
    const now = this.context.clock();
    const session = newSession(user.id, method, now, { ip: client.ip, userAgent: client.userAgent });
    await sessions(tx).insert(session);
    user.lastSignInAt = isoAt(now);
    rememberIp(user, client.ip);
    user.updatedAt = isoAt(now);
    await users(tx).put(user);
    for (const identity of await findAll(identities(tx), { userId: user.id })) {
      await identities(tx).put({ ...identity, lastSignInAt: isoAt(now), updatedAt: isoAt(now) });
    }
    return session;
  }

  /** The session response for the session's current refresh-token counter. */
  async respond(c: Collections, user: UserRecord, session: SessionRecord): Promise<SessionJson> {
    const { settings, keys, secret, clock } = this.context;
    const now = clock();
    const claims = accessTokenClaims(user, session, now, settings);
    const signer = keys.signer();
    return {
      access_token: await signJwt(claims, signer.privateKey, signer.kid),
      token_type: "bearer",
      expires_in: settings.jwtExpSeconds,
      expires_at: claims.exp,
      refresh_token: encodeRefreshToken(secret, session.id, session.refreshCounter),
      user: await userView(c, user),
    };
  }
}
