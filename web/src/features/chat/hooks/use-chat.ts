import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../i18n";
import { ApiError, serverMessage } from "../../../lib/api";
import { StreamReadError, useAskStream } from "../api/ask-stream";
import type { ChatMessage, StreamEvent } from "../types";

export interface ChatError {
  message: string;
  /** The question to send again on Try Again. */
  question: string;
  /** Messages of the failed exchange, removed before it is sent again. */
  messageIds: string[];
}

let localIdCounter = 0;
const localId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(localIdCounter++).toString(36)}`;

/**
 * The conversation on screen: messages, the answer being streamed, the error panel, the draft in
 * the text box and the conversation id kept for follow-up questions.
 */
export function useChat() {
  const { t } = useTranslation("chat");
  const { ask, stop, isPending } = useAskStream();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [streamingText, setStreamingText] = useState<string | null>(null);
  const [error, setError] = useState<ChatError | null>(null);
  const [draft, setDraft] = useState("");
  const conversationIdRef = useRef<string | null>(null);
  // Bumped by reset(): events of a stream started before a reset are ignored.
  const generationRef = useRef(0);
  // Set synchronously, so a double Enter cannot start two requests before `isPending` re-renders.
  const busyRef = useRef(false);

  const send = useCallback(
    async (text: string, replaceIds: string[] = []) => {
      const question = text.trim();
      if (!question || busyRef.current) return;
      busyRef.current = true;
      const generation = generationRef.current;
      const userMessage: ChatMessage = { id: localId("user"), role: "user", content: question, citations: [] };
      setError(null);
      setDraft("");
      setMessages((list) => [...list.filter((m) => !replaceIds.includes(m.id)), userMessage]);
      setStreamingText("");

      // Filled by the stream callbacks (an object, so reads after `await` see the updates).
      const run = { streamed: "", completed: false, error: null as string | null };
      const onEvent = (event: StreamEvent) => {
        if (generation !== generationRef.current) return;
        switch (event.type) {
          case "userMessage":
            if (event.conversationId) conversationIdRef.current = event.conversationId;
            break;
          case "chunk":
            run.streamed += event.content;
            setStreamingText(run.streamed);
            break;
          case "complete": {
            run.completed = true;
            if (event.conversationId) conversationIdRef.current = event.conversationId;
            const answer: ChatMessage = {
              id: event.messageId ?? localId("answer"),
              role: "assistant",
              content: event.content || run.streamed, // the final content replaces the streamed text
              citations: event.citations,
            };
            setMessages((list) => [...list, answer]);
            setStreamingText(null);
            break;
          }
          case "error":
            run.error = event.message || t("error.sendFailed");
            break;
        }
      };

      const fail = (message: string, opts: { restoreInput?: boolean; keepPartial?: boolean } = {}) => {
        const ids = [userMessage.id];
        if (opts.keepPartial && run.streamed.trim()) {
          const partial: ChatMessage = {
            id: localId("partial"),
            role: "assistant",
            content: run.streamed,
            citations: [],
            incomplete: true,
          };
          ids.push(partial.id);
          setMessages((list) => [...list, partial]);
        }
        if (opts.restoreInput) {
          // The question never reached the server: take it back out of the list, into the box.
          setMessages((list) => list.filter((m) => m.id !== userMessage.id));
          setDraft(question);
        }
        setStreamingText(null);
        setError({ message, question, messageIds: opts.restoreInput ? [] : ids });
      };

      try {
        const outcome = await ask(
          { question, language: currentLanguage(), conversationId: conversationIdRef.current },
          onEvent,
        );
        if (generation !== generationRef.current) return;
        if (outcome === "aborted") {
          setStreamingText(null); // a stop by the user is silent
        } else if (run.error !== null) {
          fail(run.error);
        } else if (!run.completed) {
          fail(t("error.interrupted"), { keepPartial: true });
        }
      } catch (err) {
        if (generation !== generationRef.current) return;
        if (err instanceof StreamReadError) {
          fail(t("error.readFailed"), { keepPartial: true });
        } else if (err instanceof ApiError) {
          fail(serverMessage(err, currentLanguage()) ?? t("error.sendFailed"), { restoreInput: true });
        } else {
          console.error("Sending the question failed", err);
          fail(t("error.sendFailed"), { restoreInput: true });
        }
      } finally {
        busyRef.current = false;
      }
    },
    [ask, t],
  );

  const retry = useCallback(() => {
    if (error) void send(error.question, error.messageIds);
  }, [error, send]);

  /** Starts a new conversation. */
  const reset = useCallback(() => {
    generationRef.current += 1;
    stop();
    conversationIdRef.current = null;
    setMessages([]);
    setStreamingText(null);
    setError(null);
    setDraft("");
  }, [stop]);

  return { messages, streamingText, error, draft, setDraft, isPending, send, stop, retry, reset };
}
