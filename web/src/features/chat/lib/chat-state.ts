import type { ChatMessage, Reaction } from "../../../api/messages";

export interface ChatError {
  /** "limit": the question budget is spent (HTTP 429), not a failure Try Again could fix. */
  kind: "error" | "limit";
  message: string;
  /** The question to send again on Try Again. */
  question: string;
  /** Messages of the failed exchange, removed before it is sent again. */
  messageIds: string[];
}

/** The conversation on screen. The streamed answer's text is not here: it lives in a StreamStore. */
export interface ChatState {
  messages: ChatMessage[];
  /** An answer is streaming. */
  streaming: boolean;
  /** The stored messages of an opened conversation are loading. */
  loading: boolean;
  error: ChatError | null;
  draft: string;
  answeringAll: boolean;
  /** Where follow-up questions go; null until the first answer names a conversation. */
  conversationId: string | null;
  /** Bumped when another conversation opens and on reset: work started before is ignored. */
  generation: number;
  /** From sending a question until its exchange settles: a double Enter cannot send twice. */
  busy: boolean;
  /** Bumped by each answer-all run, stop and reset: a run goes on only while it is the current one. */
  answerAllRun: number;
}

export type ChatAction =
  | { type: "draftChanged"; draft: string }
  | { type: "conversationOpened"; conversationId: string }
  | {
      type: "conversationLoaded";
      /** null when loading failed: the list stays as it is. */
      messages: ChatMessage[] | null;
    }
  | { type: "questionSent"; question: ChatMessage; replaceIds: readonly string[] }
  | { type: "questionAcknowledged"; questionId: string; conversationId: string | null; messageId: string | null }
  | { type: "answerCompleted"; answer: ChatMessage; conversationId: string | null }
  | { type: "conversationRefetched"; messages: ChatMessage[] }
  | { type: "exchangeStopped" }
  | {
      type: "exchangeFailed";
      kind: ChatError["kind"];
      message: string;
      question: string;
      questionId: string;
      /** What had streamed of the answer, kept as an incomplete message. */
      partial: ChatMessage | null;
      /** The question never reached the server: it leaves the list and goes back into the box. */
      restoreInput: boolean;
    }
  | { type: "exchangeSettled" }
  | { type: "answerAllStarted" }
  | { type: "answerAllEnded"; run: number }
  | { type: "stopped" }
  | { type: "reactionChanged"; messageId: string; reaction: Reaction }
  | { type: "errorDismissed" }
  | { type: "reset" };

export const INITIAL_CHAT_STATE: ChatState = {
  messages: [],
  streaming: false,
  loading: false,
  error: null,
  draft: "",
  answeringAll: false,
  conversationId: null,
  generation: 0,
  busy: false,
  answerAllRun: 0,
};

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case "draftChanged":
      return { ...state, draft: action.draft };
    case "conversationOpened":
      return { ...state, generation: state.generation + 1, conversationId: action.conversationId, error: null, messages: [], loading: true };
    case "conversationLoaded":
      return { ...state, messages: action.messages ?? state.messages, loading: false };
    case "questionSent":
      return {
        ...state,
        busy: true,
        error: null,
        draft: "",
        messages: [...state.messages.filter((m) => !action.replaceIds.includes(m.id)), action.question],
        streaming: true,
      };
    case "questionAcknowledged": {
      const { messageId } = action;
      return {
        ...state,
        conversationId: action.conversationId ?? state.conversationId,
        messages: messageId ? state.messages.map((m) => (m.id === action.questionId ? { ...m, id: messageId, persisted: true } : m)) : state.messages,
      };
    }
    case "answerCompleted":
      return { ...state, conversationId: action.conversationId ?? state.conversationId, messages: [...state.messages, action.answer], streaming: false };
    case "conversationRefetched":
      return action.messages.length > 0 ? { ...state, messages: action.messages } : state;
    case "exchangeStopped":
      return { ...state, streaming: false };
    case "exchangeFailed": {
      const { partial, restoreInput, questionId } = action;
      const messages = partial ? [...state.messages, partial] : state.messages;
      return {
        ...state,
        messages: restoreInput ? messages.filter((m) => m.id !== questionId) : messages,
        draft: restoreInput ? action.question : state.draft,
        streaming: false,
        error: {
          kind: action.kind,
          message: action.message,
          question: action.question,
          messageIds: restoreInput ? [] : partial ? [questionId, partial.id] : [questionId],
        },
      };
    }
    case "exchangeSettled":
      return { ...state, busy: false };
    case "answerAllStarted":
      return { ...state, answerAllRun: state.answerAllRun + 1, answeringAll: true };
    case "answerAllEnded":
      return action.run === state.answerAllRun ? { ...state, answeringAll: false } : state;
    case "stopped":
      return { ...state, answerAllRun: state.answerAllRun + 1, answeringAll: false };
    case "reactionChanged":
      return { ...state, messages: state.messages.map((m) => (m.id === action.messageId ? { ...m, reaction: action.reaction } : m)) };
    case "errorDismissed":
      return { ...state, error: null };
    case "reset":
      // A send still in flight settles `busy` itself once its aborted request returns.
      return { ...INITIAL_CHAT_STATE, generation: state.generation + 1, answerAllRun: state.answerAllRun + 1, busy: state.busy };
  }
}
