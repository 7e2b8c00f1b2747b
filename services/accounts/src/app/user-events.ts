import { create, toBinary, type MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { TOPICS, UserChangeKind, UserChangedSchema } from "@qai/contracts";
import type { NewEvent } from "@qai/event-bus";
import { currentRequestContext } from "@qai/platform";
import { providerOf, type ProfileRecord } from "../domain/profile";

/**
 * accounts.user.v1 with the profile as it is after the change. `profile` is the effective one
 * (an ADMIN_EMAILS address is an admin); `actorUserId` is the admin who made the change, if any.
 */
export function userChanged(profile: ProfileRecord, kind: Exclude<UserChangeKind, UserChangeKind.DELETED>, now: Date, actorUserId = ""): NewEvent {
  return userEvent(
    {
      userId: profile.id,
      email: profile.email,
      kind,
      occurredAt: timestampFromDate(now),
      firstName: profile.firstName,
      lastName: profile.lastName,
      isAdmin: profile.isAdmin,
      createdAt: timestampFromDate(new Date(profile.createdAt)),
      lastActiveAt: timestampFromDate(new Date(profile.lastActiveAt)),
      provider: providerOf(profile),
      actorUserId,
    },
    now,
  );
}

/** accounts.user.v1 DELETED: only who it was, since the profile is gone. */
export function userDeleted(userId: string, email: string, now: Date): NewEvent {
  return userEvent({ userId, email, kind: UserChangeKind.DELETED, occurredAt: timestampFromDate(now) }, now);
}

/** Keyed by user id so that one user's changes arrive in order. */
function userEvent(fields: MessageInitShape<typeof UserChangedSchema> & { userId: string }, now: Date): NewEvent {
  const requestId = currentRequestContext()?.requestId;
  return {
    topic: TOPICS.accountsUser,
    key: fields.userId,
    type: UserChangedSchema.typeName,
    payload: toBinary(UserChangedSchema, create(UserChangedSchema, fields)),
    occurredAt: now.toISOString(),
    headers: requestId ? { requestId } : {},
  };
}
