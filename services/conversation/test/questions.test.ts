import { Language } from "@qai/contracts";
import { guest, harness, laborCitation, user, type Harness } from "./fixtures";

const alice = user("alice");
const bob = user("bob");

describe("question history", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness();
  });
  afterEach(() => h.close());

  it("records each answered question with its answer, newest first", async () => {
    const first = await h.exchange(alice, "ما مدة فترة التجربة؟", { answer: "تسعون يومًا", citations: [laborCitation] });
    await h.exchange(alice, "What is the notice period?", { answer: "Sixty days", citations: [laborCitation], language: Language.EN });
    await h.exchange(alice, "Hello", { answer: "No law applies." });
    const history = await h.questions.list(alice, 0);
    expect(history.map((q) => [q.question, q.answer, q.category])).toEqual([
      ["Hello", "No law applies.", ""],
      ["What is the notice period?", "Sixty days", "Labor Law"],
      ["ما مدة فترة التجربة؟", "تسعون يومًا", "نظام العمل"],
    ]);
    expect(history[2]).toMatchObject({ conversationId: first.conversationId, questionMessageId: first.questionId, answerMessageId: first.answerId });
    expect(await h.questions.list(bob, 0)).toEqual([]);
  });

  it("records nothing for a question that was never answered", async () => {
    await h.conversations.startExchange({ owner: alice, question: "unanswered", contextMessages: 0 });
    expect(await h.questions.list(alice, 0)).toEqual([]);
  });

  it("searches question and answer text ignoring case", async () => {
    await h.exchange(alice, "Probation period?", { answer: "Ninety DAYS" });
    await h.exchange(alice, "Notice?", { answer: "sixty days" });
    await h.exchange(alice, "Wages?", { answer: "monthly" });
    expect((await h.questions.list(alice, 0, "days")).map((q) => q.question)).toEqual(["Notice?", "Probation period?"]);
    expect((await h.questions.list(alice, 0, "WAGES")).map((q) => q.question)).toEqual(["Wages?"]);
    expect((await h.questions.list(alice, 1, "days")).map((q) => q.question)).toEqual(["Notice?"]);
  });

  it("deletes an entry for its owner only and keeps the conversation", async () => {
    const { conversationId } = await h.exchange(alice, "سؤال");
    const [entry] = await h.questions.list(alice, 0);
    await expect(h.questions.delete(bob, entry!.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(h.questions.delete(guest("alice"), entry!.id)).rejects.toMatchObject({ code: "not_found" });
    await h.questions.delete(alice, entry!.id);
    expect(await h.questions.list(alice, 0)).toEqual([]);
    expect(await h.conversations.listMessages(alice, conversationId)).toHaveLength(2);
    await expect(h.questions.delete(alice, entry!.id)).rejects.toMatchObject({ code: "not_found" });
  });
});
