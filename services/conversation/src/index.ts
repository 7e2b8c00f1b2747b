import { ConversationService } from "@qai/contracts";
import { GrpcServer, serveGrpc, type Logger, type RunningService } from "@qai/platform";
import { Outbox, OutboxRelay, type EventBus } from "@qai/event-bus";
import type { RecordStore } from "@qai/record-store";
import { Conversations } from "./app/conversations";
import { subscribeUserDeletions } from "./app/user-deletions";
import { conversationHandlers } from "./grpc/handlers";


export interface ConversationServiceOptions {
  store: RecordStore;
  bus: EventBus;
  logger: Logger;
  bindAddress: string;
}

/** Conversations and messages; publishes chat.exchange.v1 through its outbox; forgets deleted users. */
export async function startConversationService({ store, bus, logger, bindAddress }: ConversationServiceOptions): Promise<RunningService> {
  const relay = new OutboxRelay(store, bus, { logger });
  const conversations = new Conversations(store, new Outbox(), () => relay.notify());
  const server = new GrpcServer(logger).add(ConversationService, conversationHandlers(conversations));
  relay.start();
  const userDeletions = await subscribeUserDeletions(store, bus);
  return serveGrpc("conversation", server, bindAddress, async () => {
    await userDeletions.unsubscribe();
    await relay.stop();
    await store.close();
  });
}
