import { fromBinary, toBinary, type DescMessage, type MessageShape } from "@bufbuild/protobuf";
import { timestampDate, type Timestamp } from "@bufbuild/protobuf/wkt";
import type { Owner } from "@qai/contracts";
import type { Transaction } from "@qai/record-store";

/** What a projection knows of the event besides its message. */
export interface EventContext {
  eventId: string;
  /** When it happened, ISO-8601. */
  occurredAt: string;
}

/** One decoded event of some kind, its message typed behind these functions. */
export interface DecodedEvent {
  /** The registered user the event belongs to (its owner or subject), after any redaction. */
  userId(): string | undefined;
  /** A UserChanged DELETED: every other stored trace of that user is to be erased. */
  readonly deletesUser: boolean;
  /** The message's occurred_at, else `fallback`. */
  occurredAt(fallback: string): string;
  /** Blanks guest ids and, with `forgetUser`, the user's profile; returns whether anything changed. */
  redact(forgetUser: boolean): boolean;
  encode(): Uint8Array;
  /** Updates the read models: the one projection of this kind, live and in `rebuild` alike. */
  project(tx: Transaction, context: EventContext): Promise<void>;
}

export interface EventKind {
  topic: string;
  type: string;
  decode(payload: Uint8Array): DecodedEvent;
}

export interface KindSpec<S extends DescMessage> {
  topic: string;
  schema: S;
  occurredAt(message: MessageShape<S>): Timestamp | undefined;
  userOf?(message: MessageShape<S>): string | undefined;
  redact?(message: MessageShape<S>, forgetUser: boolean): boolean;
  deletesUser?(message: MessageShape<S>): boolean;
  project(tx: Transaction, message: MessageShape<S>, context: EventContext): Promise<void>;
}

/** An event kind from its message schema and functions; the one place its message type is known. */
export function defineKind<S extends DescMessage>(spec: KindSpec<S>): EventKind {
  return {
    topic: spec.topic,
    type: spec.schema.typeName,
    decode(payload) {
      const message = fromBinary(spec.schema, payload);
      return {
        userId: () => spec.userOf?.(message),
        deletesUser: spec.deletesUser?.(message) ?? false,
        occurredAt: (fallback) => isoOf(spec.occurredAt(message)) ?? fallback,
        redact: (forgetUser) => spec.redact?.(message, forgetUser) ?? false,
        encode: () => toBinary(spec.schema, message),
        project: (tx, context) => spec.project(tx, message, context),
      };
    },
  };
}

export function isoOf(timestamp: Timestamp | undefined): string | undefined {
  return timestamp ? timestampDate(timestamp).toISOString() : undefined;
}

/** The registered owner's id, if the owner is a user. */
export function ownerUserId(owner: Owner | undefined): string | undefined {
  return owner?.kind.case === "userId" && owner.kind.value ? owner.kind.value : undefined;
}

/** Blanks a guest's session id always, and a user's id with `forgetUser`; the kind of owner stays. */
export function redactOwner(owner: Owner | undefined, forgetUser: boolean): boolean {
  const kind = owner?.kind;
  if (!kind?.case || !kind.value || (kind.case === "userId" && !forgetUser)) return false;
  kind.value = "";
  return true;
}
