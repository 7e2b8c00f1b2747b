import { create, fromBinary } from "@bufbuild/protobuf";
import { ChatExchangeSchema, CitationSchema, Language, LawStatus, OwnerSchema } from "@qai/contracts";
import { InProcessEventBus, Outbox, OutboxRelay, type EventEnvelope } from "@qai/event-bus";
import { openSqliteRecordStore, type RecordStore } from "@qai/record-store";
import { Conversations } from "../src/app/conversations";
import { citationsFromJson } from "../src/app/citations";

const alice = create(OwnerSchema, { kind: { case: "guestSessionId", value: "alice" } });
const bob = create(OwnerSchema, { kind: { case: "guestSessionId", value: "bob" } });
const citation = create(CitationSchema, { articleId: "labor#53", lawName: "نظام العمل", articleNumber: 53, status: LawStatus.IN_FORCE, sourceUrl: "https://example.test" });

describe("Conversations", () => {
  let store: RecordStore;
  let bus: InProcessEventBus;
  let relay: OutboxRelay;
  let conversations: Conversations;

  beforeEach(async () => {
    store = await openSqliteRecordStore({ file: ":memory:" });
    bus = new InProcessEventBus();
    relay = new OutboxRelay(store, bus, { intervalMs: 10_000 });
    conversations = new Conversations(store, new Outbox());
  });
  afterEach(async () => {
    await relay.stop();
    await bus.close();
    await store.close();
  });

  async function exchange(question: string, conversationId?: string) {
    const started = await conversations.startExchange({ owner: alice, conversationId, question, contextMessages: 6 });
    const answer = await conversations.completeExchange({
      owner: alice,
      conversationId: started.conversation.id,
      questionMessageId: started.question.id,
      answer: `answer to ${question}`,
      citations: [citation],
      provider: "qai-local",
      language: Language.AR,
      sourcesFound: 3,
      fallbackFrom: "openai",
      answerMs: 1234,
    });
    return { started, answer };
  }

  it("stores a question and its answer in order, with the citations", async () => {
    const { started } = await exchange("ما مدة فترة التجربة؟");
    const messages = await conversations.listMessages(alice, started.conversation.id);
    expect(messages.map((m) => [m.isUser, m.content])).toEqual([
      [true, "ما مدة فترة التجربة؟"],
      [false, "answer to ما مدة فترة التجربة؟"],
    ]);
    expect(citationsFromJson(messages[1]!.citations)[0]).toMatchObject({ articleId: "labor#53", articleNumber: 53, status: LawStatus.IN_FORCE });
  });

  it("returns earlier turns as context for a follow-up", async () => {
    const first = await exchange("ما مدة فترة التجربة؟");
    const followUp = await conversations.startExchange({ owner: alice, conversationId: first.started.conversation.id, question: "وماذا عن الإشعار؟", contextMessages: 6 });
    expect(followUp.context.map((m) => m.content)).toEqual(["ما مدة فترة التجربة؟", "answer to ما مدة فترة التجربة؟"]);
  });

  it("hides one owner's conversation from another", async () => {
    const { started } = await exchange("سؤال");
    await expect(conversations.listMessages(bob, started.conversation.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(conversations.startExchange({ owner: bob, conversationId: started.conversation.id, question: "x", contextMessages: 0 })).rejects.toMatchObject({ code: "not_found" });
  });

  it("publishes chat.exchange.v1 through the outbox once the answer is stored", async () => {
    const received: EventEnvelope[] = [];
    await bus.subscribe({ topic: "chat.exchange.v1", group: "test", handler: async (event) => void received.push(event) });
    const { started, answer } = await exchange("سؤال");
    await relay.flush();
    expect(received).toHaveLength(1);
    const event = fromBinary(ChatExchangeSchema, received[0]!.payload);
    expect(event).toMatchObject({ conversationId: started.conversation.id, answerMessageId: answer.id, question: "سؤال", provider: "qai-local", sourcesFound: 3, fallbackFrom: "openai", answerMs: 1234 });
    expect(event.citations[0]?.articleId).toBe("labor#53");
  });

  it("publishes nothing when storing the answer fails", async () => {
    const received: EventEnvelope[] = [];
    await bus.subscribe({ topic: "chat.exchange.v1", group: "test", handler: async (event) => void received.push(event) });
    const started = await conversations.startExchange({ owner: alice, question: "سؤال", contextMessages: 0 });
    await expect(
      conversations.completeExchange({ owner: alice, conversationId: started.conversation.id, questionMessageId: "missing", answer: "x", citations: [], provider: "qai-local", language: Language.AR, sourcesFound: 0, fallbackFrom: "", answerMs: 0 }),
    ).rejects.toMatchObject({ code: "failed_precondition" });
    await relay.flush();
    expect(received).toHaveLength(0);
    expect(await conversations.listMessages(alice, started.conversation.id)).toHaveLength(1);
  });
});
