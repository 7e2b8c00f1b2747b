import { fromBinary } from "@bufbuild/protobuf";
import { FeedbackGivenSchema, Reaction } from "@qai/contracts";
import type { EventEnvelope } from "@qai/event-bus";
import { guest, harness, user, type Harness } from "./fixtures";

const alice = user("alice");
const visitor = guest("visitor");

describe("feedback", () => {
  let h: Harness;
  let received: EventEnvelope[];
  beforeEach(async () => {
    h = await harness();
    received = [];
    await h.bus.subscribe({ topic: "conversation.feedback.v1", group: "test", handler: async (event) => void received.push(event) });
  });
  afterEach(() => h.close());

  const events = async () => {
    await h.relay.flush();
    return received.map((e) => fromBinary(FeedbackGivenSchema, e.payload));
  };

  it("toggles: like, like again withdraws, dislike, like switches", async () => {
    const { answerId } = await h.exchange(alice, "سؤال");
    expect(await h.feedback.give(alice, answerId, "like")).toEqual({ messageId: answerId, reaction: "like", previous: undefined });
    expect((await h.conversations.getMessage(alice, answerId)).reaction).toBe("like");
    expect(await h.feedback.give(alice, answerId, "like")).toEqual({ messageId: answerId, reaction: undefined, previous: "like" });
    expect((await h.conversations.getMessage(alice, answerId)).reaction).toBeUndefined();
    expect(await h.feedback.give(alice, answerId, "dislike")).toMatchObject({ reaction: "dislike", previous: undefined });
    expect(await h.feedback.give(alice, answerId, "like")).toMatchObject({ reaction: "like", previous: "dislike" });
    expect(await h.store.collection("reactions").count()).toBe(1);
  });

  it("publishes conversation.feedback.v1 with the transition, the question and the answer", async () => {
    const { answerId, questionId, conversationId } = await h.exchange(alice, "ما مدة فترة التجربة؟", { answer: "تسعون يومًا" });
    await h.feedback.give(alice, answerId, "like");
    await h.feedback.give(alice, answerId, "dislike");
    await h.feedback.give(alice, answerId, "dislike");
    const published = await events();
    expect(published.map((e) => [e.previous, e.reaction])).toEqual([
      [Reaction.UNSPECIFIED, Reaction.LIKE],
      [Reaction.LIKE, Reaction.DISLIKE],
      [Reaction.DISLIKE, Reaction.UNSPECIFIED],
    ]);
    expect(published[0]).toMatchObject({ messageId: answerId, conversationId, questionMessageId: questionId, question: "ما مدة فترة التجربة؟", answer: "تسعون يومًا" });
    expect(published[0]!.owner?.kind).toEqual({ case: "userId", value: "alice" });
    expect(received[0]).toMatchObject({ topic: "conversation.feedback.v1", key: answerId, type: "qai.events.v1.FeedbackGiven" });
  });

  it("lets guests react to their own answers and shows the reaction in the conversation", async () => {
    const { answerId, conversationId } = await h.exchange(visitor, "سؤال ضيف");
    await h.feedback.give(visitor, answerId, "dislike");
    const messages = await h.conversations.listMessages(visitor, conversationId);
    expect(messages.map((m) => m.reaction)).toEqual([undefined, "dislike"]);
    expect((await events())[0]!.owner?.kind).toEqual({ case: "guestSessionId", value: "visitor" });
  });

  it("refuses other owners' messages and questions, and publishes nothing", async () => {
    const { answerId, questionId } = await h.exchange(alice, "سؤال");
    await expect(h.feedback.give(user("bob"), answerId, "like")).rejects.toMatchObject({ code: "not_found" });
    await expect(h.feedback.give(guest("alice"), answerId, "like")).rejects.toMatchObject({ code: "not_found" });
    await expect(h.feedback.give(alice, "missing", "like")).rejects.toMatchObject({ code: "not_found" });
    await expect(h.feedback.give(alice, questionId, "like")).rejects.toMatchObject({ code: "invalid_argument" });
    expect(await events()).toEqual([]);
    expect(await h.store.collection("reactions").count()).toBe(0);
  });
});
