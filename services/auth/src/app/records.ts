import type { Collection, Collections, StoredRecord, Where } from "@qai/record-store";
import type { ChallengeRecord, FactorRecord } from "../domain/factor";
import type { FlowStateRecord } from "../domain/pkce";
import type { SessionRecord } from "../domain/session";
import { userJson, type IdentityRecord, type UserJson, type UserRecord } from "../domain/user";

/** A pending e-mail confirmation, keyed by the keyed hash of its link token. */
export interface OneTimeTokenRecord {
  id: string;
  userId: string;
  kind: "confirmation";
  flowStateId?: string;
  createdAt: string;
}

/** The auth store's collections (one SQLite file, `auth.db`, in the embedded default). */
export const users = (c: Collections) => c.collection<UserRecord>("users", { indexes: ["email"] });
export const identities = (c: Collections) => c.collection<IdentityRecord>("identities", { indexes: ["userId"] });
export const sessions = (c: Collections) => c.collection<SessionRecord>("sessions", { indexes: ["userId"] });
export const factors = (c: Collections) => c.collection<FactorRecord>("factors", { indexes: ["userId"] });
export const challenges = (c: Collections) => c.collection<ChallengeRecord>("mfa_challenges", { indexes: ["factorId", "userId"] });
export const oneTimeTokens = (c: Collections) => c.collection<OneTimeTokenRecord>("one_time_tokens", { indexes: ["userId"] });
export const flowStates = (c: Collections) => c.collection<FlowStateRecord>("flow_states", { indexes: ["userId", "authCode"] });

/**
 * Deletes the user's sessions that `ends` selects (all by default) and returns their ids, which the
 * caller publishes on auth.session.v1 once the transaction has committed.
 */
export async function endSessions(c: Collections, userId: string, ends: (session: SessionRecord) => boolean = () => true): Promise<string[]> {
  const ended: string[] = [];
  for (const session of await findAll(sessions(c), { userId })) {
    if (!ends(session)) continue;
    await sessions(c).delete(session.id);
    ended.push(session.id);
  }
  return ended;
}

/** Every record matching `where`, across pages. */
export async function findAll<T extends StoredRecord>(collection: Collection<T>, where: Where<T>): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await collection.find({ where, limit: 1000, cursor });
    all.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

export async function findUserByEmail(c: Collections, email: string): Promise<UserRecord | undefined> {
  const page = await users(c).find({ where: { email }, limit: 1 });
  return page.items[0];
}

/** The user with its identities and factors, as the API shows it. */
export async function loadUserParts(c: Collections, user: UserRecord): Promise<{ identities: IdentityRecord[]; factors: FactorRecord[] }> {
  return {
    identities: await findAll(identities(c), { userId: user.id }),
    factors: (await findAll(factors(c), { userId: user.id })).sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
  };
}

export async function userView(c: Collections, user: UserRecord): Promise<UserJson> {
  const parts = await loadUserParts(c, user);
  return userJson(user, parts.identities, parts.factors);
}
