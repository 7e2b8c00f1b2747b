import { ConversationService } from "@qai/contracts";
import { GrpcServer, serveGrpc, type Logger, type RunningService } from "@qai/platform";
import { Outbox, OutboxRelay, type EventBus } from "@qai/event-bus";
import type { RecordStore } from "@qai/record-store";
import { Conversations } from "./app/conversations";
import { Favorites } from "./app/favorites";
import { Feedback } from "./app/feedback";
import { QuestionHistory } from "./app/questions";
import { subscribeUserDeletions } from "./app/user-deletions";
import { conversationHandlers, type ConversationApp } from "./grpc/handlers";

export interface ConversationServiceOptions {
  store: RecordStore;
  bus: EventBus;
  logger: Logger;
  bindAddress: string;
}

/**
 * Conversations, messages, question history, favorites and feedback; publishes chat.exchange.v1 and
 * conversation.feedback.v1 through its outbox; forgets deleted users.
 */
export async function startConversationService({ store, bus, logger, bindAddress }: ConversationServiceOptions): Promise<RunningService> {
  const relay = new OutboxRelay(store, bus, { logger });
  const server = new GrpcServer(logger).add(ConversationService, conversationHandlers(createConversationApp(store, () => relay.notify())));
  relay.start();
  const userDeletions = await subscribeUserDeletions(store, bus);
  return serveGrpc("conversation", server, bindAddress, async () => {
    await userDeletions.unsubscribe();
    await relay.stop();
    await store.close();
  });
}

/** The application objects over one store and outbox; `onCommit` wakes the outbox relay. */
export function createConversationApp(store: RecordStore, onCommit: () => void = () => undefined, now: () => Date = () => new Date()): ConversationApp {
  const outbox = new Outbox();
  return {
    conversations: new Conversations(store, outbox, onCommit, now),
    questions: new QuestionHistory(store),
    favorites: new Favorites(store, now),
    feedback: new Feedback(store, outbox, onCommit, now),
  };
}
