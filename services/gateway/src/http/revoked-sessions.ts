import { fromBinary } from "@bufbuild/protobuf";
import { timestampMs } from "@bufbuild/protobuf/wkt";
import { SessionsRevokedSchema, TOPICS } from "@qai/contracts";
import type { EventBus, Subscription } from "@qai/event-bus";

/** Sessions (or a whole user) whose access tokens are refused until `holdUntilMs`. */
export interface Revocation {
  userId: string;
  sessionIds: string[];
  /** Every token of the user (the account was deleted). */
  allSessions: boolean;
  /** The latest expiry a token of these sessions can have. */
  holdUntilMs: number;
}

/**
 * Where revocations are kept until the tokens they concern have expired. In memory for the
 * embedded default (one gateway); in Redis (`state/redis-state.ts`) when several gateways run.
 */
export interface RevocationList {
  add(revocation: Revocation): Promise<void>;
  isRevoked(token: { userId: string; sessionId: string }): Promise<boolean>;
}

/** The gateway accepts tokens this long after `exp` (clock tolerance), so revocations outlive it as long. */
export const REVOCATION_TOLERANCE_MS = 5_000;

export class InMemoryRevocationList implements RevocationList {
  private readonly sessions = new Map<string, number>();
  private readonly users = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  async add({ userId, sessionIds, allSessions, holdUntilMs }: Revocation): Promise<void> {
    this.prune();
    const until = holdUntilMs + REVOCATION_TOLERANCE_MS;
    for (const sessionId of sessionIds) this.sessions.set(sessionId, Math.max(until, this.sessions.get(sessionId) ?? 0));
    if (allSessions) this.users.set(userId, Math.max(until, this.users.get(userId) ?? 0));
  }

  async isRevoked({ userId, sessionId }: { userId: string; sessionId: string }): Promise<boolean> {
    const now = this.now();
    return (this.sessions.get(sessionId) ?? 0) > now || (this.users.get(userId) ?? 0) > now;
  }

  /** How many revocations are held (for tests). */
  get size(): number {
    return this.sessions.size + this.users.size;
  }

  private prune(): void {
    const now = this.now();
    for (const entries of [this.sessions, this.users]) for (const [key, until] of entries) if (until <= now) entries.delete(key);
  }
}

/**
 * Feeds auth.session.v1 (SessionsRevoked) into `list`. Adding is idempotent, so redeliveries need
 * no bookkeeping; the embedded bus delivers before the auth server answers the logout.
 */
export function subscribeRevocations(bus: EventBus, list: RevocationList): Promise<Subscription> {
  return bus.subscribe({
    topic: TOPICS.authSession,
    group: "gateway-revocations",
    handler: async (event) => {
      const message = fromBinary(SessionsRevokedSchema, event.payload);
      await list.add({
        userId: message.userId,
        sessionIds: message.sessionIds,
        allSessions: message.allSessions,
        holdUntilMs: message.holdUntil ? timestampMs(message.holdUntil) : Date.now() + 24 * 3_600_000,
      });
    },
  });
}
