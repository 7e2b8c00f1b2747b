import { tokenize } from "@qai/search-index";
import type { Transaction } from "@qai/record-store";
import { latest } from "../domain/time";
import type { UserRecord } from "../domain/records";
import { allOf, exchanges, users, userTerms } from "./collections";
import { forgetAuditTarget } from "./projections/audit";

export function newUser(id: string): UserRecord {
  return { id, firstName: "", lastName: "", email: "", provider: "", isAdmin: false, questionCount: 0 };
}

/** The normalised words a user is found by: of the first and last names and the e-mail address (local part and domain). */
function searchTermsOf({ firstName, lastName, email }: UserRecord): string[] {
  return [...new Set(tokenize(`${firstName} ${lastName} ${email}`))];
}

/** The user with its listing keys: only users with a profile who are not deleted are listed. */
function withListing(user: UserRecord): UserRecord {
  const { sortKey: _sortKey, providerKey: _providerKey, activeAt: _activeAt, ...rest } = user;
  if (!user.profileAt || !user.createdAt || user.deleted) return rest;
  const sortKey = `${user.createdAt}|${user.id}`;
  return { ...rest, sortKey, providerKey: `${user.provider}|${sortKey}`, ...(user.lastActiveAt ? { activeAt: user.lastActiveAt } : {}) };
}

/** Stores the user, and its search terms again when what they are made of changed. */
export async function saveUser(tx: Transaction, before: UserRecord | undefined, user: UserRecord): Promise<void> {
  const listed = withListing(user);
  await users(tx).put(listed);
  const same = before && before.providerKey === listed.providerKey && before.firstName === listed.firstName && before.lastName === listed.lastName && before.email === listed.email;
  if (same) return;
  await userTerms(tx).deleteMany({ userId: user.id });
  const { sortKey, providerKey } = listed;
  if (sortKey === undefined || providerKey === undefined) return;
  await userTerms(tx).insertMany(searchTermsOf(listed).map((term) => ({ id: `${term}|${user.id}`, term, userId: user.id, sortKey, provider: listed.provider })));
}

/** A registered user asked a question at `at` (the user may not be known yet: events of different topics race). */
export async function countUserQuestion(tx: Transaction, userId: string, at: string): Promise<void> {
  const before = await users(tx).get(userId);
  const user = before ?? newUser(userId);
  await saveUser(tx, before, { ...user, questionCount: user.questionCount + 1, lastActiveAt: latest(user.lastActiveAt, at) });
}

export async function isDeletedUser(tx: Transaction, userId: string): Promise<boolean> {
  return (await users(tx).get(userId))?.deleted === true;
}

/**
 * Account deletion: the user becomes an anonymous "deleted user" (counts kept, never listed), their
 * exchanges lose the user id, their search terms go, and the audit names them no more.
 */
export async function forgetUser(tx: Transaction, userId: string, at: string): Promise<void> {
  const before = await users(tx).get(userId);
  await saveUser(tx, before, { ...newUser(userId), questionCount: before?.questionCount ?? 0, profileAt: at, deleted: true });
  for await (const exchange of allOf(exchanges(tx), { where: { userId } })) {
    const { userId: _forgotten, ...rest } = exchange;
    await exchanges(tx).replace(rest);
  }
  await forgetAuditTarget(tx, userId);
}
