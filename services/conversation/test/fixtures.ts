import { create } from "@bufbuild/protobuf";
import { CitationSchema, Language, LawStatus, OwnerSchema, type Citation, type Owner } from "@qai/contracts";
import { InProcessEventBus, OutboxRelay } from "@qai/event-bus";
import { openSqliteRecordStore, type RecordStore } from "@qai/record-store";
import { createConversationApp } from "../src/index";
import type { ConversationApp } from "../src/grpc/handlers";

export const user = (id: string): Owner => create(OwnerSchema, { kind: { case: "userId", value: id } });
export const guest = (id: string): Owner => create(OwnerSchema, { kind: { case: "guestSessionId", value: id } });

export const laborCitation = create(CitationSchema, {
  articleId: "labor#53",
  lawId: "labor",
  lawName: "نظام العمل",
  lawNameEn: "Labor Law",
  articleNumber: 53,
  status: LawStatus.IN_FORCE,
  sourceUrl: "https://example.test",
});

/** A store, a bus with a relay and the service's application objects, on a controllable clock. */
export interface Harness extends ConversationApp {
  store: RecordStore;
  bus: InProcessEventBus;
  relay: OutboxRelay;
  clock: { now: Date; tick(ms?: number): void };
  /** Asks and answers a question; returns the conversation and both messages. */
  exchange(
    owner: Owner,
    question: string,
    options?: { conversationId?: string; citations?: Citation[]; language?: Language; answer?: string },
  ): Promise<{ conversationId: string; questionId: string; answerId: string }>;
  close(): Promise<void>;
}

export async function harness(): Promise<Harness> {
  const store = await openSqliteRecordStore({ file: ":memory:" });
  const bus = new InProcessEventBus();
  const relay = new OutboxRelay(store, bus, { intervalMs: 10_000 });
  const clock = {
    now: new Date("2025-08-06T09:00:00.000Z"),
    tick(ms = 1000) {
      this.now = new Date(this.now.getTime() + ms);
    },
  };
  const app = createConversationApp(store, () => undefined, () => clock.now);
  return {
    ...app,
    store,
    bus,
    relay,
    clock,
    async exchange(owner, question, options = {}) {
      clock.tick();
      const started = await app.conversations.startExchange({ owner, conversationId: options.conversationId, question, contextMessages: 0 });
      clock.tick();
      const answer = await app.conversations.completeExchange({
        owner,
        conversationId: started.conversation.id,
        questionMessageId: started.question.id,
        answer: options.answer ?? `answer to ${question}`,
        citations: options.citations ?? [],
        provider: "qai-local",
        language: options.language ?? Language.AR,
        sourcesFound: options.citations?.length ?? 0,
        fallbackFrom: "",
        answerMs: 0,
      });
      return { conversationId: started.conversation.id, questionId: started.question.id, answerId: answer.id };
    },
    async close() {
      await relay.stop();
      await bus.close();
      await store.close();
    },
  };
}
