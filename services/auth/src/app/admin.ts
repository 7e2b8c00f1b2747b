import type { RecordStore } from "@qai/record-store";
import { challenges, endSessions, factors, flowStates, identities, oneTimeTokens, users } from "./records";
import { SessionRevocationReason, type SessionRevocations } from "./revocations";

/** Administration over gRPC (never exposed to browsers). */
export class AuthAdmin {
  constructor(
    private readonly store: RecordStore,
    private readonly revocations: SessionRevocations,
  ) {}

  /**
   * Deletes the user with identities, sessions (and so their refresh tokens), factors, challenges
   * and pending tokens; then every access token of the user is revoked (auth.session.v1).
   */
  async deleteUser(userId: string): Promise<boolean> {
    const ended = await this.store.transaction(async (tx) => {
      if (!(await users(tx).delete(userId))) return undefined;
      await identities(tx).deleteMany({ userId });
      const sessionIds = await endSessions(tx, userId);
      await factors(tx).deleteMany({ userId });
      await challenges(tx).deleteMany({ userId });
      await oneTimeTokens(tx).deleteMany({ userId });
      await flowStates(tx).deleteMany({ userId });
      return sessionIds;
    });
    if (!ended) return false;
    await this.revocations.publish({ userId, sessionIds: ended, allSessions: true, reason: SessionRevocationReason.USER_DELETED });
    return true;
  }

  countUsers(): Promise<number> {
    return users(this.store).count();
  }
}
