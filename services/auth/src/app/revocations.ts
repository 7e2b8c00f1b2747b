import { randomUUID } from "node:crypto";
import { create, toBinary } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { SessionRevocationReason, SessionsRevokedSchema, TOPICS } from "@qai/contracts";
import type { EventBus } from "@qai/event-bus";
import { currentRequestContext, type Logger } from "@qai/platform";
import type { Clock } from "./clock";

export { SessionRevocationReason };

export interface Revocation {
  userId: string;
  sessionIds: string[];
  /** Every token of the user, whatever its session (account deletion). */
  allSessions?: boolean;
  reason: SessionRevocationReason;
}

/**
 * Publishes auth.session.v1 when sessions end, so that verifiers which only check signatures (the
 * gateway on /api) refuse the sessions' access tokens until they expire. Published after the
 * change committed and awaited before the response: with the in-process bus the gateway knows
 * before the client does. A failed publish is logged, not retried (the session is gone either way;
 * only the window until the tokens expire stays open), which is why no outbox is used here.
 */
export class SessionRevocations {
  constructor(
    private readonly bus: EventBus | undefined,
    private readonly clock: Clock,
    /** Access-token lifetime: no token of a revoked session outlives now + this. */
    private readonly jwtExpSeconds: number,
    private readonly logger: Logger,
  ) {}

  async publish(revocation: Revocation): Promise<void> {
    if (!this.bus || (revocation.sessionIds.length === 0 && !revocation.allSessions)) return;
    const now = this.clock();
    const message = create(SessionsRevokedSchema, {
      userId: revocation.userId,
      sessionIds: revocation.sessionIds,
      allSessions: revocation.allSessions ?? false,
      reason: revocation.reason,
      holdUntil: timestampFromDate(new Date(now + this.jwtExpSeconds * 1000)),
      occurredAt: timestampFromDate(new Date(now)),
    });
    const requestId = currentRequestContext()?.requestId;
    try {
      await this.bus.publish([
        {
          id: randomUUID(),
          topic: TOPICS.authSession,
          key: revocation.userId,
          type: SessionsRevokedSchema.typeName,
          payload: toBinary(SessionsRevokedSchema, message),
          occurredAt: new Date(now).toISOString(),
          headers: requestId ? { requestId } : {},
        },
      ]);
    } catch (error) {
      this.logger.warn({ err: error, userId: revocation.userId, sessions: revocation.sessionIds.length }, "could not publish the session revocation");
    }
  }
}
