import { create, toBinary } from "@bufbuild/protobuf";
import { ConversationService, Language, OwnerSchema, UserChangeKind, UserChangedSchema, type Owner } from "@qai/contracts";
import { InProcessEventBus, Outbox, type EventEnvelope } from "@qai/event-bus";
import { createLogger, createServiceClient } from "@qai/platform";
import { openSqliteRecordStore, type RecordStore } from "@qai/record-store";
import { startConversationService } from "@qai/conversation";
import { Conversations } from "../src/app/conversations";
import { subscribeUserDeletions } from "../src/app/user-deletions";

const user = (id: string) => create(OwnerSchema, { kind: { case: "userId", value: id } });
const guest = (id: string) => create(OwnerSchema, { kind: { case: "guestSessionId", value: id } });

function userChanged(userId: string, kind: UserChangeKind, id = `event-${kind}-${userId}`): EventEnvelope {
  return {
    id,
    topic: "accounts.user.v1",
    key: userId,
    type: UserChangedSchema.typeName,
    payload: toBinary(UserChangedSchema, create(UserChangedSchema, { userId, email: `${userId}@example.com`, kind })),
    occurredAt: new Date().toISOString(),
    headers: {},
  };
}

describe("conversation: accounts.user.v1 DELETED", () => {
  let store: RecordStore;
  let bus: InProcessEventBus;
  let conversations: Conversations;

  beforeEach(async () => {
    store = await openSqliteRecordStore({ file: ":memory:" });
    bus = new InProcessEventBus();
    conversations = new Conversations(store, new Outbox());
    await subscribeUserDeletions(store, bus);
  });
  afterEach(async () => {
    await bus.close();
    await store.close();
  });

  async function exchange(owner: Owner, question: string): Promise<string> {
    const { conversation, question: stored } = await conversations.startExchange({ owner, question, contextMessages: 0 });
    await conversations.completeExchange({ owner, conversationId: conversation.id, questionMessageId: stored.id, answer: "a", citations: [], provider: "qai-local", language: Language.EN });
    return conversation.id;
  }

  const titles = async (owner: Owner) => (await conversations.listConversations(owner, 50)).map((c) => c.title).sort();

  it("removes exactly that user's conversations and messages", async () => {
    const aliceFirst = await exchange(user("alice"), "alice 1");
    await exchange(user("alice"), "alice 2");
    const bobs = await exchange(user("bob"), "bob 1");
    await exchange(guest("alice"), "guest alice 1");

    await bus.publish([userChanged("alice", UserChangeKind.DELETED)]);

    expect(await titles(user("alice"))).toEqual([]);
    await expect(conversations.listMessages(user("alice"), aliceFirst)).rejects.toMatchObject({ code: "not_found" });
    expect(await store.collection("messages").count()).toBe(4);
    expect(await titles(user("bob"))).toEqual(["bob 1"]);
    expect(await conversations.listMessages(user("bob"), bobs)).toHaveLength(2);
    expect(await titles(guest("alice"))).toEqual(["guest alice 1"]);
  });

  it("ignores a redelivered event", async () => {
    await exchange(user("alice"), "before");
    const deleted = userChanged("alice", UserChangeKind.DELETED);
    await bus.publish([deleted]);
    await exchange(user("alice"), "after signing up again");
    await bus.publish([deleted]);
    expect(await titles(user("alice"))).toEqual(["after signing up again"]);
  });

  it("keeps the data of created and updated users", async () => {
    await exchange(user("alice"), "kept");
    await bus.publish([userChanged("alice", UserChangeKind.CREATED), userChanged("alice", UserChangeKind.UPDATED)]);
    expect(await titles(user("alice"))).toEqual(["kept"]);
  });
});

describe("startConversationService", () => {
  it("subscribes to accounts.user.v1 while it runs", async () => {
    const bus = new InProcessEventBus();
    const service = await startConversationService({ store: await openSqliteRecordStore({ file: ":memory:" }), bus, logger: createLogger({ level: "silent" }), bindAddress: "127.0.0.1:0" });
    const client = createServiceClient(ConversationService, service.address);
    try {
      await client.startExchange({ owner: user("alice"), question: "q", contextMessages: 0 });
      await bus.publish([userChanged("alice", UserChangeKind.DELETED)]);
      expect((await client.listConversations({ owner: user("alice"), limit: 50 })).conversations).toEqual([]);
    } finally {
      client.close();
      await service.stop(100);
      await bus.close();
    }
  });
});
