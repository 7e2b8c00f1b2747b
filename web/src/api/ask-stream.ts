import { useCallback, useEffect, useRef, useState } from "react";
import { apiFetch, isAbortError } from "./client";
import { endSse, feedSse, INITIAL_SSE_STATE, type StreamEvent } from "./sse";

export interface AskInput {
  question: string;
  language: "ar" | "en";
  /** null starts a new conversation. */
  conversationId: string | null;
  /** The answer provider picked by the user; the server falls back to qai-local when it cannot answer. */
  provider?: string | null;
}

/** The body arrived but could not be read (no stream reader, or a read failed mid-answer). */
export class StreamReadError extends Error {
  constructor(cause?: unknown) {
    super("Failed to read response stream", { cause });
    this.name = "StreamReadError";
  }
}

/**
 * POST /api/chat/ask-stream and yield its events as they arrive. Throws ApiError for a non-OK
 * status, StreamReadError when the body cannot be read, and the fetch AbortError when `signal`
 * aborts. Leaving the loop early cancels the body.
 */
export async function* askStream(input: AskInput, signal: AbortSignal): AsyncGenerator<StreamEvent, void> {
  const response = await apiFetch("/api/chat/ask-stream", {
    method: "POST",
    json: {
      question: input.question,
      userId: null, // the gateway identifies the caller from the cookie / bearer token
      language: input.language,
      conversationId: input.conversationId,
      ...(input.provider ? { provider: input.provider } : {}),
    },
    headers: { Accept: "text/event-stream" },
    signal,
  });
  const reader = response.body?.getReader();
  if (!reader) throw new StreamReadError();
  const decoder = new TextDecoder(); // stream mode keeps multi-byte Arabic letters split across reads intact
  let state = INITIAL_SSE_STATE;
  let finished = false;
  try {
    for (;;) {
      let read: ReadableStreamReadResult<Uint8Array>;
      try {
        read = await reader.read();
      } catch (error) {
        if (isAbortError(error) || signal.aborted) throw error;
        throw new StreamReadError(error);
      }
      if (read.done) break;
      const step = feedSse(state, decoder.decode(read.value, { stream: true }));
      state = step.state;
      for (const event of step.events) {
        yield event;
        // The final answer and an error end the exchange, even if the server keeps the body open.
        if (event.type === "complete" || event.type === "error") return;
      }
    }
    finished = true;
    const step = feedSse(state, decoder.decode());
    yield* step.events;
    yield* endSse(step.state);
  } finally {
    if (!finished) reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

export type AskOutcome = "finished" | "aborted";

/**
 * Runs one streamed question at a time. `ask` resolves "finished" when the stream ended, "aborted"
 * when `stop` (or unmount) cancelled it, and rejects on failures (ApiError, StreamReadError,
 * network TypeError).
 */
export function useAskStream() {
  const controllerRef = useRef<AbortController | null>(null);
  const [isPending, setPending] = useState(false);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const ask = useCallback(async (input: AskInput, onEvent: (event: StreamEvent) => void): Promise<AskOutcome> => {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    setPending(true);
    try {
      for await (const event of askStream(input, controller.signal)) {
        if (controller.signal.aborted) return "aborted";
        onEvent(event);
      }
      return controller.signal.aborted ? "aborted" : "finished";
    } catch (error) {
      if (controller.signal.aborted || isAbortError(error)) return "aborted";
      throw error;
    } finally {
      if (controllerRef.current === controller) {
        controllerRef.current = null;
        setPending(false);
      }
    }
  }, []);

  const stop = useCallback(() => {
    controllerRef.current?.abort();
  }, []);

  return { ask, stop, isPending };
}
