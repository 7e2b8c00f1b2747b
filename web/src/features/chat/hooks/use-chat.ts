import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../i18n";
import { ApiError, serverMessage } from "../../../lib/api";
import { StreamReadError, useAskStream } from "../api/ask-stream";
import { getMessages, messagesQueryOptions } from "../api/get-messages";
import { ANSWER_ALL_DELAY_MS, REFETCH_DELAY_MS } from "../constants";
import { StreamStore } from "../lib/stream-store";
import type { ChatMessage, Reaction, StreamEvent } from "../types";

export interface ChatError {
  /** "limit": the question budget is spent (HTTP 429), not a failure Try Again could fix. */
  kind: "error" | "limit";
  message: string;
  /** The question to send again on Try Again. */
  question: string;
  /** Messages of the failed exchange, removed before it is sent again. */
  messageIds: string[];
}

export type SendOutcome = "finished" | "aborted" | "failed" | "skipped";

/** The gateway answers a spent question budget (daily, guest, per-network) with 429. */
const QUESTION_LIMIT_STATUS = 429;

let localIdCounter = 0;
const localId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(localIdCounter++).toString(36)}`;

interface UseChatOptions {
  /** Open this stored conversation (its messages are fetched). */
  conversationId?: string | null;
  /** The provider picked in the provider panel (null: the server's default). */
  provider: string | null;
  /** Called once a new conversation has its id (spec §4: the view moves to it). */
  onConversation?: (conversationId: string) => void;
  /** Called after each exchange (the quota changed). */
  onExchangeDone?: () => void;
}

/**
 * The conversation on screen: messages, the streamed answer (in a {@link StreamStore}, so chunks do
 * not re-render the list), the error panel, the draft and the conversation id kept for follow-ups.
 */
export function useChat({ conversationId: openId = null, provider, onConversation, onExchangeDone }: UseChatOptions) {
  const { t } = useTranslation("chat");
  const queryClient = useQueryClient();
  const { ask, stop: abort, isPending } = useAskStream();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [streaming, setStreaming] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<ChatError | null>(null);
  const [draft, setDraft] = useState("");
  const [answeringAll, setAnsweringAll] = useState(false);
  const [stream] = useState(() => new StreamStore());
  const conversationIdRef = useRef<string | null>(null);
  // Bumped by reset() and stop(): work started before (streams, re-fetches, answer-all) is ignored.
  const generationRef = useRef(0);
  // Set synchronously, so a double Enter cannot start two requests before `isPending` re-renders.
  const busyRef = useRef(false);
  // Each answer-all run has a token; stop/reset/a new run invalidate it.
  const answerAllRef = useRef(0);
  const timersRef = useRef(new Set<ReturnType<typeof setTimeout>>());
  const providerRef = useRef(provider);
  providerRef.current = provider;
  const callbacksRef = useRef({ onConversation, onExchangeDone });
  callbacksRef.current = { onConversation, onExchangeDone };

  const later = useCallback((ms: number) => {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timersRef.current.delete(timer);
        resolve();
      }, ms);
      timersRef.current.add(timer);
    });
  }, []);

  useEffect(() => {
    const timers = timersRef.current;
    return () => timers.forEach(clearTimeout);
  }, []);

  /** Replaces the list with the stored conversation. */
  const loadConversation = useCallback(
    async (id: string, generation: number) => {
      try {
        const stored = await queryClient.fetchQuery({ ...messagesQueryOptions(id), staleTime: 0 });
        if (generation === generationRef.current) setMessages(stored);
      } catch (err) {
        console.error("Loading the conversation failed", err);
      }
    },
    [queryClient],
  );

  // Open a conversation given from outside (history, favorites), unless it is the one on screen.
  useEffect(() => {
    if (!openId || openId === conversationIdRef.current) return;
    generationRef.current += 1;
    const generation = generationRef.current;
    abort();
    conversationIdRef.current = openId;
    stream.set(null);
    setError(null);
    setMessages([]);
    setLoading(true);
    void loadConversation(openId, generation).finally(() => {
      if (generation === generationRef.current) setLoading(false);
    });
  }, [openId, abort, loadConversation, stream]);

  const send = useCallback(
    async (text: string, replaceIds: string[] = []): Promise<SendOutcome> => {
      const question = text.trim();
      if (!question || busyRef.current) return "skipped";
      busyRef.current = true;
      const generation = generationRef.current;
      const userMessage: ChatMessage = { id: localId("user"), role: "user", content: question, citations: [] };
      setError(null);
      setDraft("");
      setMessages((list) => [...list.filter((m) => !replaceIds.includes(m.id)), userMessage]);
      stream.set("");
      setStreaming(true);
      const startedWith = conversationIdRef.current;

      // Filled by the stream callbacks (an object, so reads after `await` see the updates).
      const run = { streamed: "", completed: false, error: null as string | null };
      const onEvent = (event: StreamEvent) => {
        if (generation !== generationRef.current) return;
        switch (event.type) {
          case "userMessage":
            if (event.conversationId) conversationIdRef.current = event.conversationId;
            if (event.messageId) {
              const id = event.messageId;
              setMessages((list) => list.map((m) => (m.id === userMessage.id ? { ...m, id, persisted: true } : m)));
              userMessage.id = id;
            }
            break;
          case "chunk":
            run.streamed += event.content;
            stream.set(run.streamed);
            break;
          case "complete": {
            run.completed = true;
            if (event.conversationId) conversationIdRef.current = event.conversationId;
            const content = event.content || run.streamed; // the final content replaces the streamed text
            // Spec §4: incomplete final data keeps the streamed text as a temporary message and
            // re-fetches the stored messages after 2 s.
            const incomplete = !event.messageId || !event.content || !conversationIdRef.current;
            const answer: ChatMessage = {
              id: event.messageId ?? localId("answer"),
              role: "assistant",
              content,
              citations: event.citations,
              reaction: null,
              persisted: Boolean(event.messageId),
              temporary: incomplete,
            };
            setMessages((list) => {
              const next = [...list, answer];
              const id = conversationIdRef.current;
              if (id && !incomplete) queryClient.setQueryData(messagesQueryOptions(id).queryKey, next);
              return next;
            });
            stream.set(null);
            setStreaming(false);
            const id = conversationIdRef.current;
            if (incomplete && id) {
              void later(REFETCH_DELAY_MS).then(() => {
                if (generation !== generationRef.current) return;
                return getMessages(id).then(
                  (stored) => {
                    if (generation === generationRef.current && stored.length > 0) setMessages(stored);
                  },
                  (err: unknown) => console.error("Re-fetching the messages failed", err),
                );
              });
            }
            break;
          }
          case "error":
            run.error = event.message || t("error.sendFailed");
            break;
        }
      };

      const fail = (message: string, opts: { restoreInput?: boolean; keepPartial?: boolean; limit?: boolean } = {}) => {
        const ids = [userMessage.id];
        if (opts.keepPartial && run.streamed.trim()) {
          const partial: ChatMessage = { id: localId("partial"), role: "assistant", content: run.streamed, citations: [], incomplete: true };
          ids.push(partial.id);
          setMessages((list) => [...list, partial]);
        }
        if (opts.restoreInput) {
          // The question never reached the server: take it back out of the list, into the box.
          setMessages((list) => list.filter((m) => m.id !== userMessage.id));
          setDraft(question);
        }
        stream.set(null);
        setStreaming(false);
        setError({ kind: opts.limit ? "limit" : "error", message, question, messageIds: opts.restoreInput ? [] : ids });
      };

      let outcome: SendOutcome = "failed";
      try {
        const result = await ask(
          { question, language: currentLanguage(), conversationId: conversationIdRef.current, provider: providerRef.current },
          onEvent,
        );
        if (generation !== generationRef.current) return "aborted";
        if (result === "aborted") {
          outcome = "aborted";
          stream.set(null); // a stop by the user is silent and clears the streamed text
          setStreaming(false);
        } else if (run.error !== null) {
          fail(run.error);
        } else if (!run.completed) {
          fail(t("error.interrupted"), { keepPartial: true });
        } else {
          outcome = "finished";
        }
      } catch (err) {
        if (generation !== generationRef.current) return "aborted";
        if (err instanceof StreamReadError) {
          fail(t("error.readFailed"), { keepPartial: true });
        } else if (err instanceof ApiError && err.status === QUESTION_LIMIT_STATUS) {
          fail(serverMessage(err, currentLanguage()) ?? t("limit.body"), { restoreInput: true, limit: true });
        } else if (err instanceof ApiError) {
          fail(serverMessage(err, currentLanguage()) ?? t("error.sendFailed"), { restoreInput: true });
        } else {
          console.error("Sending the question failed", err);
          fail(t("error.sendFailed"), { restoreInput: true });
        }
      } finally {
        busyRef.current = false;
        callbacksRef.current.onExchangeDone?.();
      }
      const id = conversationIdRef.current;
      if (outcome === "finished" && id && id !== startedWith) callbacksRef.current.onConversation?.(id);
      return outcome;
    },
    [ask, t, stream, queryClient, later],
  );

  const retry = useCallback(() => {
    if (error) void send(error.question, error.messageIds);
  }, [error, send]);

  /** Stop: aborts the request, clears the streamed text, and ends an answer-all run. */
  const stop = useCallback(() => {
    setAnsweringAll(false);
    answerAllRef.current += 1;
    abort();
  }, [abort]);

  const answerAll = useCallback(
    async (questions: string[]) => {
      if (questions.length === 0 || busyRef.current) return;
      const token = ++answerAllRef.current;
      setAnsweringAll(true);
      try {
        for (let i = 0; i < questions.length; i++) {
          if (i > 0) await later(ANSWER_ALL_DELAY_MS);
          if (token !== answerAllRef.current) return;
          const outcome = await send(questions[i]!);
          if (outcome !== "finished") return;
        }
      } finally {
        if (token === answerAllRef.current) setAnsweringAll(false);
      }
    },
    [send, later],
  );

  const setReaction = useCallback((messageId: string, reaction: Reaction) => {
    setMessages((list) => list.map((m) => (m.id === messageId ? { ...m, reaction } : m)));
  }, []);

  /** Starts a new conversation (spec §4): input, error, reactions and streamed text are reset. */
  const reset = useCallback(() => {
    generationRef.current += 1;
    answerAllRef.current += 1;
    abort();
    timersRef.current.forEach(clearTimeout);
    timersRef.current.clear();
    conversationIdRef.current = null;
    queryClient.removeQueries({ queryKey: ["chat", "messages"] });
    stream.set(null);
    setStreaming(false);
    setAnsweringAll(false);
    setLoading(false);
    setMessages([]);
    setError(null);
    setDraft("");
  }, [abort, queryClient, stream]);

  // The address stopped naming the conversation it opened (New Chat from the shell, Back): start
  // afresh. A conversation begun here (no id given yet) is left alone.
  const openedRef = useRef(openId);
  useEffect(() => {
    const opened = openedRef.current;
    openedRef.current = openId;
    if (opened && !openId && conversationIdRef.current === opened) reset();
  }, [openId, reset]);

  const dismissError = useCallback(() => setError(null), []);

  return {
    messages,
    stream,
    streaming,
    loading,
    error,
    draft,
    setDraft,
    isPending,
    answeringAll,
    send,
    stop,
    retry,
    dismissError,
    reset,
    answerAll,
    setReaction,
  };
}
