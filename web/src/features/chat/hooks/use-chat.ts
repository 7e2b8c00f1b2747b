import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { StreamReadError, useAskStream } from "../../../api/ask-stream";
import { ApiError, serverMessage } from "../../../api/client";
import { messageKeys } from "../../../api/keys";
import { getMessages, messagesQueryOptions, type ChatMessage, type Reaction } from "../../../api/messages";
import type { StreamEvent } from "../../../api/sse";
import { currentLanguage } from "../../../i18n";
import { ANSWER_ALL_DELAY_MS, REFETCH_DELAY_MS } from "../constants";
import { chatReducer, INITIAL_CHAT_STATE, type ChatAction, type ChatState } from "../lib/chat-state";
import { StreamStore } from "../lib/stream-store";
import { TextPacer } from "../lib/text-pacer";

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
 * The chat reducer, plus `read()`: the state with every action dispatched so far applied, for the
 * streams and timers that check it after an await (React's copy only catches up on the next render).
 */
function useChatState() {
  const [state, dispatchToReact] = useReducer(chatReducer, INITIAL_CHAT_STATE);
  const latestRef = useRef(state);
  const dispatch = useCallback((action: ChatAction) => {
    latestRef.current = chatReducer(latestRef.current, action);
    dispatchToReact(action);
  }, []);
  const read = useCallback((): ChatState => latestRef.current, []);
  return { state, dispatch, read };
}

/**
 * The conversation on screen: messages, the streamed answer (in a {@link StreamStore}, so chunks do
 * not re-render the list, revealed frame by frame by a {@link TextPacer}: the server does not pace),
 * the error panel, the draft and the conversation id kept for follow-ups. The final event is applied
 * once the pacer has shown everything; Stop during that reveal shows the rest at once.
 */
export function useChat({ conversationId: openId = null, provider, onConversation, onExchangeDone }: UseChatOptions) {
  const { t } = useTranslation("chat");
  const queryClient = useQueryClient();
  const { ask, stop: abort, isPending } = useAskStream();
  const { state, dispatch, read } = useChatState();
  const [stream] = useState(() => new StreamStore());
  const [pacer] = useState(() => new TextPacer((text) => stream.set(text)));
  const timersRef = useRef(new Set<ReturnType<typeof setTimeout>>());
  const optionsRef = useRef({ provider, onConversation, onExchangeDone });
  optionsRef.current = { provider, onConversation, onExchangeDone };

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
      let stored: ChatMessage[] | null = null;
      try {
        stored = await queryClient.fetchQuery({ ...messagesQueryOptions(id), staleTime: 0 });
      } catch (err) {
        console.error("Loading the conversation failed", err);
      }
      if (generation === read().generation) dispatch({ type: "conversationLoaded", messages: stored });
    },
    [queryClient, read, dispatch],
  );

  // Open a conversation given from outside (history, favorites), unless it is the one on screen.
  useEffect(() => {
    if (!openId || openId === read().conversationId) return;
    dispatch({ type: "conversationOpened", conversationId: openId });
    abort();
    pacer.reset();
    stream.set(null);
    void loadConversation(openId, read().generation);
  }, [openId, abort, loadConversation, stream, pacer, read, dispatch]);

  const send = useCallback(
    async (text: string, replaceIds: string[] = []): Promise<SendOutcome> => {
      const question = text.trim();
      if (!question || read().busy) return "skipped";
      const asked: ChatMessage = { id: localId("user"), role: "user", content: question, citations: [] };
      dispatch({ type: "questionSent", question: asked, replaceIds });
      pacer.reset();
      stream.set("");
      const { generation, conversationId: startedWith } = read();
      const isCurrent = () => generation === read().generation;

      // Filled by the stream callbacks (an object, so reads after `await` see the updates).
      const run = { questionId: asked.id, streamed: "", final: null as Extract<StreamEvent, { type: "complete" }> | null, error: null as string | null };
      const completeAnswer = (event: Extract<StreamEvent, { type: "complete" }>) => {
        const id = event.conversationId ?? read().conversationId;
        // Spec §4: incomplete final data keeps the streamed text as a temporary message and
        // re-fetches the stored messages after 2 s.
        const incomplete = !event.messageId || !event.content || !id;
        const answer: ChatMessage = {
          id: event.messageId ?? localId("answer"),
          role: "assistant",
          content: event.content || run.streamed, // the final content replaces the streamed text
          citations: event.citations,
          reaction: null,
          persisted: Boolean(event.messageId),
          temporary: incomplete,
        };
        dispatch({ type: "answerCompleted", answer, conversationId: id });
        if (id && !incomplete) queryClient.setQueryData(messagesQueryOptions(id).queryKey, read().messages);
        pacer.reset();
        stream.set(null);
        if (incomplete && id) {
          void later(REFETCH_DELAY_MS).then(() => {
            if (!isCurrent()) return;
            return getMessages(id).then(
              (stored) => {
                if (isCurrent()) dispatch({ type: "conversationRefetched", messages: stored });
              },
              (err: unknown) => console.error("Re-fetching the messages failed", err),
            );
          });
        }
      };
      const onEvent = (event: StreamEvent) => {
        if (!isCurrent()) return;
        switch (event.type) {
          case "userMessage":
            dispatch({ type: "questionAcknowledged", questionId: run.questionId, conversationId: event.conversationId, messageId: event.messageId });
            if (event.messageId) run.questionId = event.messageId;
            break;
          case "chunk":
            run.streamed += event.content;
            pacer.append(event.content);
            break;
          case "complete":
            run.final = event;
            break;
          case "error":
            run.error = event.message || t("error.sendFailed");
            break;
        }
      };

      const fail = (message: string, { restoreInput = false, keepPartial = false, limit = false } = {}) => {
        const partial: ChatMessage | null =
          keepPartial && run.streamed.trim() ? { id: localId("partial"), role: "assistant", content: run.streamed, citations: [], incomplete: true } : null;
        dispatch({ type: "exchangeFailed", kind: limit ? "limit" : "error", message, question, questionId: run.questionId, partial, restoreInput });
        pacer.reset();
        stream.set(null);
      };

      let outcome: SendOutcome = "failed";
      try {
        const result = await ask({ question, language: currentLanguage(), conversationId: startedWith, provider: optionsRef.current.provider }, onEvent);
        if (!isCurrent()) return "aborted";
        if (result === "aborted") {
          outcome = "aborted";
          pacer.reset();
          stream.set(null); // a stop by the user is silent and clears the streamed text
          dispatch({ type: "exchangeStopped" });
        } else if (run.error !== null) {
          fail(run.error);
        } else if (!run.final) {
          fail(t("error.interrupted"), { keepPartial: true });
        } else {
          await pacer.caughtUp();
          if (!isCurrent()) return "aborted";
          completeAnswer(run.final);
          outcome = "finished";
        }
      } catch (err) {
        if (!isCurrent()) return "aborted";
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
        dispatch({ type: "exchangeSettled" });
        optionsRef.current.onExchangeDone?.();
      }
      const id = read().conversationId;
      if (outcome === "finished" && id && id !== startedWith) optionsRef.current.onConversation?.(id);
      return outcome;
    },
    [ask, t, stream, pacer, queryClient, later, read, dispatch],
  );

  const { error } = state;
  const retry = useCallback(() => {
    if (error) void send(error.question, error.messageIds);
  }, [error, send]);

  /** Stop: aborts the request, clears the streamed text, and ends an answer-all run. */
  const stop = useCallback(() => {
    dispatch({ type: "stopped" });
    abort();
    // An answer already received in full is being revealed: show the rest now.
    pacer.flush();
  }, [abort, pacer, dispatch]);

  const answerAll = useCallback(
    async (questions: string[]) => {
      if (questions.length === 0 || read().busy) return;
      dispatch({ type: "answerAllStarted" });
      const run = read().answerAllRun;
      try {
        for (let i = 0; i < questions.length; i++) {
          if (i > 0) await later(ANSWER_ALL_DELAY_MS);
          if (run !== read().answerAllRun) return;
          const outcome = await send(questions[i]!);
          if (outcome !== "finished") return;
        }
      } finally {
        dispatch({ type: "answerAllEnded", run });
      }
    },
    [send, later, read, dispatch],
  );

  const setReaction = useCallback((messageId: string, reaction: Reaction) => dispatch({ type: "reactionChanged", messageId, reaction }), [dispatch]);

  /** Starts a new conversation (spec §4): input, error, reactions and streamed text are reset. */
  const reset = useCallback(() => {
    dispatch({ type: "reset" });
    abort();
    timersRef.current.forEach(clearTimeout);
    timersRef.current.clear();
    queryClient.removeQueries({ queryKey: messageKeys.all });
    pacer.reset();
    stream.set(null);
  }, [abort, queryClient, stream, pacer, dispatch]);

  // The address stopped naming the conversation it opened (New Chat from the shell, Back): start
  // afresh. A conversation begun here (no id given yet) is left alone.
  const openedRef = useRef(openId);
  useEffect(() => {
    const opened = openedRef.current;
    openedRef.current = openId;
    if (opened && !openId && read().conversationId === opened) reset();
  }, [openId, reset, read]);

  const setDraft = useCallback((draft: string) => dispatch({ type: "draftChanged", draft }), [dispatch]);
  const dismissError = useCallback(() => dispatch({ type: "errorDismissed" }), [dispatch]);

  return {
    messages: state.messages,
    stream,
    streaming: state.streaming,
    loading: state.loading,
    error,
    draft: state.draft,
    setDraft,
    isPending,
    answeringAll: state.answeringAll,
    send,
    stop,
    retry,
    dismissError,
    reset,
    answerAll,
    setReaction,
  };
}
