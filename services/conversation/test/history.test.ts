import { Language } from "@qai/contracts";
import { guest, harness, laborCitation, user, type Harness } from "./fixtures";

const alice = user("alice");
const bob = user("bob");

describe("conversation history, messages and deletion", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness();
  });
  afterEach(() => h.close());

  it("titles a conversation from its first question and lists newest activity first", async () => {
    const first = await h.exchange(alice, "  ما مدة   فترة التجربة؟ ");
    const second = await h.exchange(alice, "What is the notice period?");
    await h.exchange(alice, "وماذا عن التمديد؟", { conversationId: first.conversationId });
    const history = await h.conversations.listConversations(alice, 0);
    expect(history.map((c) => [c.id, c.title, c.messageCount])).toEqual([
      [first.conversationId, "ما مدة فترة التجربة؟", 4],
      [second.conversationId, "What is the notice period?", 2],
    ]);
    expect(await h.conversations.listConversations(bob, 50)).toEqual([]);
  });

  it("keeps the newest 50 in the history", async () => {
    for (let i = 0; i < 52; i++) {
      h.clock.tick();
      await h.conversations.startExchange({ owner: alice, question: `q${i}`, contextMessages: 0 });
    }
    const history = await h.conversations.listConversations(alice, 500);
    expect(history).toHaveLength(50);
    expect(history[0]!.title).toBe("q51");
    expect(history[49]!.title).toBe("q2");
  });

  it("reads one message for its owner only", async () => {
    const { answerId, conversationId } = await h.exchange(alice, "سؤال");
    expect(await h.conversations.getMessage(alice, answerId)).toMatchObject({ id: answerId, conversationId, isUser: false });
    await expect(h.conversations.getMessage(bob, answerId)).rejects.toMatchObject({ code: "not_found" });
    await expect(h.conversations.getMessage(guest("alice"), answerId)).rejects.toMatchObject({ code: "not_found" });
    await expect(h.conversations.getMessage(alice, "missing")).rejects.toMatchObject({ code: "not_found" });
  });

  it("lists the owner's messages across conversations, newest first", async () => {
    const one = await h.exchange(alice, "first");
    const two = await h.exchange(alice, "second");
    await h.exchange(bob, "bob's");
    const mine = await h.conversations.listOwnerMessages(alice, 0);
    expect(mine.map((m) => m.id)).toEqual([two.answerId, two.questionId, one.answerId, one.questionId]);
    expect((await h.conversations.listOwnerMessages(alice, 1)).map((m) => m.id)).toEqual([two.answerId]);
  });

  it("orders a question before its answer when both share a millisecond", async () => {
    const started = await h.conversations.startExchange({ owner: alice, question: "same time", contextMessages: 0 });
    await h.conversations.completeExchange({ owner: alice, conversationId: started.conversation.id, questionMessageId: started.question.id, answer: "a", citations: [], provider: "qai-local", language: Language.AR, sourcesFound: 0, fallbackFrom: "", answerMs: 0 });
    expect((await h.conversations.listOwnerMessages(alice, 10)).map((m) => m.isUser)).toEqual([false, true]);
  });

  it("deletes a conversation with its messages, reactions, question entries and the favorites pointing at it", async () => {
    const doomed = await h.exchange(alice, "doomed", { citations: [laborCitation] });
    const kept = await h.exchange(alice, "kept");
    await h.feedback.give(alice, doomed.answerId, "like");
    await h.favorites.add({ owner: alice, type: "message", referenceId: doomed.answerId, title: "", content: "", category: "" });
    await h.favorites.add({ owner: alice, type: "conversation", referenceId: doomed.conversationId, title: "", content: "", category: "" });
    await h.favorites.add({ owner: alice, type: "message", referenceId: kept.answerId, title: "", content: "", category: "" });
    await h.favorites.add({ owner: alice, type: "other", referenceId: "doc-1", title: "", content: "a legal document", category: "" });

    await expect(h.conversations.deleteConversation(bob, doomed.conversationId)).rejects.toMatchObject({ code: "not_found" });
    expect(await h.conversations.deleteConversation(alice, doomed.conversationId)).toEqual({ deletedMessages: 2 });

    await expect(h.conversations.listMessages(alice, doomed.conversationId)).rejects.toMatchObject({ code: "not_found" });
    await expect(h.conversations.getMessage(alice, doomed.answerId)).rejects.toMatchObject({ code: "not_found" });
    expect((await h.conversations.listConversations(alice, 50)).map((c) => c.id)).toEqual([kept.conversationId]);
    expect((await h.questions.list(alice, 0)).map((q) => q.question)).toEqual(["kept"]);
    expect((await h.favorites.list(alice)).map((f) => f.referenceId).sort()).toEqual([kept.answerId, "doc-1"].sort());
    expect(await h.store.collection("reactions").count()).toBe(0);
    await expect(h.conversations.deleteConversation(alice, doomed.conversationId)).rejects.toMatchObject({ code: "not_found" });
  });
});
