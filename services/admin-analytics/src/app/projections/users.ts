import { TOPICS, UserChangeKind, UserChangedSchema, type UserChanged } from "@qai/contracts";
import type { Transaction } from "@qai/record-store";
import { latest } from "../../domain/time";
import { users } from "../collections";
import { defineKind, isoOf, type EventContext } from "../event-kind";
import { forgetUser, newUser, saveUser } from "../user-directory";
import { DELETED_USER, recordAudit } from "./audit";

/**
 * accounts.user.v1: the users' profiles (the newest snapshot by occurredAt wins, so out-of-order
 * delivery is safe), activity, deletions, and the audit of admin flag changes.
 */
export const userEvents = defineKind({
  topic: TOPICS.accountsUser,
  schema: UserChangedSchema,
  occurredAt: (change) => change.occurredAt,
  userOf: (change) => change.userId || undefined,
  deletesUser: (change) => change.kind === UserChangeKind.DELETED,
  redact: (change, forgetUser) => {
    if (!forgetUser) return false;
    Object.assign(change, { email: "", firstName: "", lastName: "" });
    if (change.kind !== UserChangeKind.DELETED) change.userId = "";
    return true;
  },
  project: async (tx, change, context) => {
    if (change.kind === UserChangeKind.DELETED) {
      if (change.userId) await forgetUser(tx, change.userId, context.occurredAt);
      return;
    }
    if (change.userId) await applyProfile(tx, change, context.occurredAt);
    if (change.kind === UserChangeKind.ADMIN_GRANTED || change.kind === UserChangeKind.ADMIN_REVOKED) await auditAdminChange(tx, change, context);
  },
});

async function applyProfile(tx: Transaction, change: UserChanged, at: string): Promise<void> {
  const before = await users(tx).get(change.userId);
  if (before?.deleted) return;
  const user = { ...(before ?? newUser(change.userId)) };
  if (!user.profileAt || at >= user.profileAt) {
    const { firstName, lastName, email, provider, isAdmin } = change;
    Object.assign(user, { firstName, lastName, email, provider, isAdmin, createdAt: isoOf(change.createdAt) ?? user.createdAt ?? at, profileAt: at });
  }
  // Activity: the profile's last_active_at (accounts moves it on sign-in and requests), an ACTIVE event's time.
  user.lastActiveAt = latest(latest(user.lastActiveAt, isoOf(change.lastActiveAt)), change.kind === UserChangeKind.ACTIVE ? at : undefined);
  await saveUser(tx, before, user);
}

async function auditAdminChange(tx: Transaction, change: UserChanged, { eventId, occurredAt }: EventContext): Promise<void> {
  const granted = change.kind === UserChangeKind.ADMIN_GRANTED;
  await recordAudit(tx, {
    id: eventId,
    occurredAt,
    actorUserId: change.actorUserId,
    action: granted ? "admin.granted" : "admin.revoked",
    target: change.email || DELETED_USER,
    detail: granted ? "Granted admin privileges." : "Removed admin privileges.",
    ...(change.userId ? { targetUserId: change.userId } : {}),
  });
}
