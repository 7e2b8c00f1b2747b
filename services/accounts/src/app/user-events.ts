import { create, toBinary } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { TOPICS, UserChangedSchema, type UserChangeKind } from "@qai/contracts";
import type { NewEvent } from "@qai/event-bus";
import { currentRequestContext } from "@qai/platform";
import type { ProfileRecord } from "../domain/profile";


/** accounts.user.v1, keyed by user id so that one user's changes arrive in order. */
export function userChanged(profile: Pick<ProfileRecord, "id" | "email">, kind: UserChangeKind, now: Date): NewEvent {
  const requestId = currentRequestContext()?.requestId;
  return {
    topic: TOPICS.accountsUser,
    key: profile.id,
    type: UserChangedSchema.typeName,
    payload: toBinary(UserChangedSchema, create(UserChangedSchema, { userId: profile.id, email: profile.email, kind, occurredAt: timestampFromDate(now) })),
    occurredAt: now.toISOString(),
    headers: requestId ? { requestId } : {},
  };
}
