import type { Transaction } from "@qai/record-store";
import type { LoggedEvent } from "../domain/records";
import { allOf, eventLog } from "./collections";
import type { EventKind } from "./event-kind";

const SEQUENCE_WIDTH = 12;

/** Appends an event after the last one handled. */
export async function appendToLog(tx: Transaction, event: Omit<LoggedEvent, "id">): Promise<void> {
  const log = eventLog(tx);
  const [last] = (await log.find({ orderBy: { field: "id", direction: "desc" }, limit: 1 })).items;
  const next = (last ? Number(last.id) : 0) + 1;
  await log.insert({ id: String(next).padStart(SEQUENCE_WIDTH, "0"), ...event });
}

/** Every logged event, in handling order. */
export function loggedEvents(tx: Transaction): AsyncGenerator<LoggedEvent> {
  return allOf(eventLog(tx));
}

/**
 * Rewrites the logged events of a deleted user without their id, e-mail or names (the payload is
 * re-encoded); only the deletion itself keeps the id, so a rebuild still knows it was deleted.
 */
export async function eraseUserFromLog(tx: Transaction, userId: string, kindOf: (topic: string) => EventKind): Promise<void> {
  const log = eventLog(tx);
  for await (const logged of allOf(log, { where: { userId } })) {
    const event = kindOf(logged.topic).decode(decodePayload(logged));
    event.redact(true);
    const { userId: _erased, ...rest } = logged;
    const remaining = event.userId();
    await log.replace({ ...rest, payload: Buffer.from(event.encode()).toString("base64"), ...(remaining ? { userId: remaining } : {}) });
  }
}

export function decodePayload(logged: LoggedEvent): Uint8Array {
  return Buffer.from(logged.payload, "base64");
}
