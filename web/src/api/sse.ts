/**
 * Parser for the answer stream of POST /api/chat/ask-stream.
 *
 * The body is SSE-like text: lines `data: <json>`, optionally separated by blank lines, with
 * heartbeat/comment lines starting with ':'. Network reads split the text anywhere (inside a line,
 * between "\r" and "\n"), so the parser carries the unfinished line over in its state.
 *
 * Everything here is pure (no DOM, no I/O): feed decoded text in, get events and the next state out.
 *
 *   let state = INITIAL_SSE_STATE;
 *   for each decoded chunk: ({ state, events } = feedSse(state, chunk)); handle(events);
 *   at end of body: handle(endSse(state));
 */
import { toCitations, type Citation } from "./citations";

/** One item of the /api/chat/ask-stream answer stream (spec §7, "Streaming answer format"). */
export type StreamEvent =
  | { type: "userMessage"; conversationId: string | null; messageId: string | null; provider: string | null }
  | { type: "chunk"; content: string }
  | {
      type: "complete";
      content: string;
      conversationId: string | null;
      messageId: string | null;
      citations: Citation[];
      provider: string | null;
      fallbackFrom: string | null;
    }
  | { type: "error"; message: string };

export interface SseState {
  /** Text after the last line break, waiting for the rest of its line. */
  readonly partial: string;
  /** `data:` lines of the current event that did not yet form a complete JSON value. */
  readonly pendingData: readonly string[];
}

export const INITIAL_SSE_STATE: SseState = { partial: "", pendingData: [] };

/** Bounds for data that never becomes valid JSON, so a broken stream cannot grow memory. */
const MAX_PENDING_LINES = 256;
const MAX_PENDING_CHARS = 1_000_000;

export interface SseStep {
  state: SseState;
  events: StreamEvent[];
}

/** Consumes one decoded piece of the body. */
export function feedSse(state: SseState, text: string): SseStep {
  let buffer = state.partial + text;
  // A trailing "\r" may be the first half of "\r\n": keep it until the next piece arrives.
  const heldCarriageReturn = buffer.endsWith("\r");
  if (heldCarriageReturn) buffer = buffer.slice(0, -1);
  const lines = buffer.split(/\r\n|\r|\n/);
  const partial = (lines.pop() ?? "") + (heldCarriageReturn ? "\r" : "");
  const events: StreamEvent[] = [];
  let pending = state.pendingData;
  for (const line of lines) pending = processLine(line, pending, events);
  return { state: { partial, pendingData: pending }, events };
}

/** Flushes what remains when the body ends (a last line without a line break). */
export function endSse(state: SseState): StreamEvent[] {
  const events: StreamEvent[] = [];
  const last = state.partial.replace(/\r$/, "");
  let pending = state.pendingData;
  if (last) pending = processLine(last, pending, events);
  processLine("", pending, events); // end of body ends the event
  return events;
}

function processLine(line: string, pending: readonly string[], out: StreamEvent[]): readonly string[] {
  if (line === "") {
    // Blank line: end of an SSE event. Data that still is not JSON is malformed; drop it.
    if (pending.length > 0) emit(tryParse(pending.join("\n")), out);
    return [];
  }
  if (line.startsWith(":")) return pending; // comment / heartbeat
  const colon = line.indexOf(":");
  const field = colon === -1 ? line : line.slice(0, colon);
  if (field !== "data") return pending; // event:, id:, retry: carry nothing we use
  let value = colon === -1 ? "" : line.slice(colon + 1);
  if (value.startsWith(" ")) value = value.slice(1);
  if (value.trim() === "[DONE]") return [];

  if (pending.length > 0) {
    // A JSON value spread over several data lines (standard SSE multi-line data)…
    const joined = tryParse([...pending, value].join("\n"));
    if (joined !== undefined) {
      emit(joined, out);
      return [];
    }
    // …or earlier garbage followed by a complete line: keep the good line, drop the garbage.
    const alone = tryParse(value);
    if (alone !== undefined) {
      emit(alone, out);
      return [];
    }
    const next = [...pending, value];
    const size = next.reduce((n, s) => n + s.length, 0);
    return next.length > MAX_PENDING_LINES || size > MAX_PENDING_CHARS ? [] : next;
  }
  const parsed = tryParse(value);
  if (parsed !== undefined) {
    emit(parsed, out);
    return [];
  }
  return value.trim() === "" ? [] : [value];
}

function tryParse(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function emit(payload: unknown, out: StreamEvent[]): void {
  if (payload === undefined) return;
  const event = toStreamEvent(payload);
  if (event) out.push(event);
}

/**
 * Interprets one parsed `data:` payload. Unknown shapes yield null (ignored), so the server can add
 * event kinds without breaking older clients.
 */
export function toStreamEvent(payload: unknown): StreamEvent | null {
  if (!isRecord(payload)) return null;
  if (payload.error !== undefined && payload.error !== null && payload.error !== false) {
    const err = payload.error;
    const message =
      typeof err === "string" ? err : isRecord(err) && typeof err.message === "string" ? err.message : "";
    return { type: "error", message };
  }
  if (payload.isComplete === true) {
    return {
      type: "complete",
      content: typeof payload.content === "string" ? payload.content : "",
      conversationId: stringOrNull(payload.conversationId),
      messageId: stringOrNull(payload.messageId),
      citations: toCitations(payload.citations),
      provider: stringOrNull(payload.provider),
      fallbackFrom: stringOrNull(payload.fallbackFrom),
    };
  }
  if (payload.type === "userMessage") {
    return {
      type: "userMessage",
      conversationId: stringOrNull(payload.conversationId),
      messageId: stringOrNull(payload.messageId),
      provider: stringOrNull(payload.provider),
    };
  }
  if (typeof payload.content === "string") return { type: "chunk", content: payload.content };
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stringOrNull(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}
