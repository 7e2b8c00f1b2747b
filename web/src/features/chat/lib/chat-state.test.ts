/// <reference types="jest" />
import type { ChatMessage } from "../../../api/messages";
import { chatReducer, INITIAL_CHAT_STATE, type ChatAction, type ChatState } from "./chat-state";

const question = (id: string, content = "ما مدة فترة التجربة؟"): ChatMessage => ({ id, role: "user", content, citations: [] });
const answer = (id: string, content = "تسعون يومًا."): ChatMessage => ({ id, role: "assistant", content, citations: [], reaction: null, persisted: true });

const play = (...actions: ChatAction[]): ChatState => actions.reduce(chatReducer, INITIAL_CHAT_STATE);

describe("chatReducer", () => {
  it("sends a question: the draft empties, the question joins the list and the answer starts streaming", () => {
    const state = play({ type: "draftChanged", draft: "سؤال" }, { type: "questionSent", question: question("user-1"), replaceIds: [] });
    expect(state).toMatchObject({ draft: "", busy: true, streaming: true, error: null });
    expect(state.messages.map((m) => m.id)).toEqual(["user-1"]);
  });

  it("renames the question once the server stored it, and keeps the conversation it names", () => {
    const state = play(
      { type: "questionSent", question: question("user-1"), replaceIds: [] },
      { type: "questionAcknowledged", questionId: "user-1", conversationId: "c1", messageId: "m1" },
    );
    expect(state.conversationId).toBe("c1");
    expect(state.messages).toEqual([{ ...question("m1"), persisted: true }]);
  });

  it("keeps the known conversation when an event names none", () => {
    const state = play(
      { type: "conversationOpened", conversationId: "c1" },
      { type: "questionSent", question: question("user-1"), replaceIds: [] },
      { type: "questionAcknowledged", questionId: "user-1", conversationId: null, messageId: null },
      { type: "answerCompleted", answer: answer("m2"), conversationId: null },
    );
    expect(state.conversationId).toBe("c1");
    expect(state.messages.map((m) => m.id)).toEqual(["user-1", "m2"]);
    expect(state.streaming).toBe(false);
  });

  it("a retried question replaces the messages of the failed exchange", () => {
    const state = play(
      { type: "questionSent", question: question("user-1"), replaceIds: [] },
      { type: "exchangeFailed", kind: "error", message: "انقطع", question: "q", questionId: "user-1", partial: answer("partial-1", "تسع"), restoreInput: false },
      { type: "exchangeSettled" },
      { type: "questionSent", question: question("user-2"), replaceIds: ["user-1", "partial-1"] },
    );
    expect(state.messages.map((m) => m.id)).toEqual(["user-2"]);
    expect(state.error).toBeNull();
  });

  it("a failure keeps the partial answer and names the exchange's messages for Try Again", () => {
    const state = play(
      { type: "questionSent", question: question("user-1"), replaceIds: [] },
      { type: "exchangeFailed", kind: "error", message: "انقطع", question: "q", questionId: "user-1", partial: answer("partial-1", "تسع"), restoreInput: false },
    );
    expect(state.messages.map((m) => m.id)).toEqual(["user-1", "partial-1"]);
    expect(state.error).toEqual({ kind: "error", message: "انقطع", question: "q", messageIds: ["user-1", "partial-1"] });
    expect(state).toMatchObject({ streaming: false, busy: true });
  });

  it("a question that never reached the server goes back into the box", () => {
    const state = play(
      { type: "questionSent", question: question("user-1", "q"), replaceIds: [] },
      { type: "exchangeFailed", kind: "limit", message: "نفد الرصيد", question: "q", questionId: "user-1", partial: null, restoreInput: true },
      { type: "exchangeSettled" },
    );
    expect(state.messages).toEqual([]);
    expect(state.draft).toBe("q");
    expect(state.error).toEqual({ kind: "limit", message: "نفد الرصيد", question: "q", messageIds: [] });
    expect(state.busy).toBe(false);
  });

  it("opening a conversation starts a new generation and loads its messages", () => {
    const opened = play({ type: "questionSent", question: question("user-1"), replaceIds: [] }, { type: "conversationOpened", conversationId: "c9" });
    expect(opened).toMatchObject({ conversationId: "c9", generation: 1, loading: true, messages: [] });
    expect(chatReducer(opened, { type: "conversationLoaded", messages: [answer("m1")] })).toMatchObject({ loading: false, messages: [answer("m1")] });
    expect(chatReducer(opened, { type: "conversationLoaded", messages: null })).toMatchObject({ loading: false, messages: [] });
  });

  it("an empty re-fetch keeps the temporary answer", () => {
    const state = play({ type: "answerCompleted", answer: { ...answer("answer-1"), temporary: true }, conversationId: "c1" });
    expect(chatReducer(state, { type: "conversationRefetched", messages: [] })).toBe(state);
    expect(chatReducer(state, { type: "conversationRefetched", messages: [answer("m1")] }).messages).toEqual([answer("m1")]);
  });

  it("only the current answer-all run ends the answering-all mode", () => {
    const first = play({ type: "answerAllStarted" });
    const stopped = chatReducer(first, { type: "stopped" });
    const second = chatReducer(stopped, { type: "answerAllStarted" });
    expect(second).toMatchObject({ answeringAll: true, answerAllRun: 3 });
    expect(chatReducer(second, { type: "answerAllEnded", run: first.answerAllRun })).toBe(second);
    expect(chatReducer(second, { type: "answerAllEnded", run: second.answerAllRun }).answeringAll).toBe(false);
  });

  it("sets and withdraws a reaction on one message", () => {
    const state = play({ type: "answerCompleted", answer: answer("m1"), conversationId: "c1" }, { type: "answerCompleted", answer: answer("m2"), conversationId: "c1" });
    const liked = chatReducer(state, { type: "reactionChanged", messageId: "m2", reaction: "like" });
    expect(liked.messages.map((m) => m.reaction)).toEqual([null, "like"]);
    expect(chatReducer(liked, { type: "reactionChanged", messageId: "m2", reaction: null }).messages[1]!.reaction).toBeNull();
  });

  it("reset starts afresh, invalidating earlier work but leaving an in-flight send to settle", () => {
    const state = play(
      { type: "conversationOpened", conversationId: "c1" },
      { type: "answerAllStarted" },
      { type: "questionSent", question: question("user-1"), replaceIds: [] },
      { type: "draftChanged", draft: "مسودة" },
      { type: "reset" },
    );
    expect(state).toEqual({ ...INITIAL_CHAT_STATE, generation: 2, answerAllRun: 2, busy: true });
  });

  it("dismisses the error", () => {
    const failed = play({ type: "exchangeFailed", kind: "error", message: "x", question: "q", questionId: "u", partial: null, restoreInput: false });
    expect(chatReducer(failed, { type: "errorDismissed" }).error).toBeNull();
  });
});
