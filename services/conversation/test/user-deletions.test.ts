import { create, toBinary } from "@bufbuild/protobuf";
import { ConversationService, FavoriteType, Language, Reaction, OwnerSchema, UserChangeKind, UserChangedSchema, type Owner } from "@qai/contracts";
import { InProcessEventBus, Outbox, type EventEnvelope } from "@qai/event-bus";
import { createLogger, createServiceClient } from "@qai/platform";
import { openSqliteRecordStore, type RecordStore } from "@qai/record-store";
import { createConversationApp, startConversationService } from "@qai/conversation";
import { Conversations } from "../src/app/conversations";
import { subscribeUserDeletions } from "../src/app/user-deletions";
import { reactions } from "../src/app/collections";
import { TRANSPORTS } from "../../../packages/platform/test/transports";

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
    await conversations.completeExchange({ owner, conversationId: conversation.id, questionMessageId: stored.id, answer: "a", citations: [], provider: "qai-local", language: Language.EN, sourcesFound: 0, fallbackFrom: "", answerMs: 0 });
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

  it("also removes that user's question history, favorites and reactions", async () => {
    const app = createConversationApp(store);
    const exchangeWithAnswer = async (owner: Owner) => {
      const started = await app.conversations.startExchange({ owner, question: "q", contextMessages: 0 });
      const answer = await app.conversations.completeExchange({ owner, conversationId: started.conversation.id, questionMessageId: started.question.id, answer: "a", citations: [], provider: "qai-local", language: Language.EN, sourcesFound: 0, fallbackFrom: "", answerMs: 0 });
      await app.feedback.give(owner, answer.id, "like");
      await app.favorites.add({ owner, type: "message", referenceId: answer.id, title: "", content: "", category: "" });
      await app.favorites.add({ owner, type: "other", referenceId: "doc", title: "", content: "doc", category: "" });
    };
    await exchangeWithAnswer(user("alice"));
    await exchangeWithAnswer(user("bob"));

    await bus.publish([userChanged("alice", UserChangeKind.DELETED)]);

    expect(await app.questions.list(user("alice"), 0)).toEqual([]);
    expect(await app.favorites.list(user("alice"))).toEqual([]);
    expect(await reactions(store).count({ ownerKey: "user:alice" })).toBe(0);
    expect(await app.questions.list(user("bob"), 0)).toHaveLength(1);
    expect(await app.favorites.list(user("bob"))).toHaveLength(2);
    expect(await reactions(store).count({ ownerKey: "user:bob" })).toBe(1);
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

describe.each(TRANSPORTS)("startConversationService, called over %s", (_transport, bindAddress) => {
  it("validates requests", async () => {
    const bus = new InProcessEventBus();
    const service = await startConversationService({ store: await openSqliteRecordStore({ file: ":memory:" }), bus, logger: createLogger({ level: "silent" }), bindAddress });
    const client = createServiceClient(ConversationService, service.address);
    try {
      const alice = user("alice");
      await expect(client.getMessage({ owner: alice, messageId: "" })).rejects.toMatchObject({ code: "invalid_argument" });
      await expect(client.getMessage({ messageId: "m" })).rejects.toMatchObject({ code: "invalid_argument" });
      await expect(client.deleteConversation({ owner: alice, conversationId: "x".repeat(201) })).rejects.toMatchObject({ code: "invalid_argument" });
      await expect(client.giveFeedback({ owner: alice, messageId: "m", reaction: Reaction.UNSPECIFIED })).rejects.toMatchObject({ code: "invalid_argument" });
      await expect(client.addFavorite({ owner: alice, type: FavoriteType.UNSPECIFIED, referenceId: "r", content: "c" })).rejects.toMatchObject({ code: "invalid_argument" });
      const added = await client.addFavorite({ owner: alice, type: FavoriteType.OTHER, referenceId: "doc", content: "content" });
      expect(added).toMatchObject({ created: true, favorite: { type: FavoriteType.OTHER, title: "content" } });
      expect((await client.listFavorites({ owner: alice })).favorites).toHaveLength(1);
      await expect(client.deleteFavorite({ owner: user("bob"), favoriteId: added.favorite!.id })).rejects.toMatchObject({ code: "not_found" });
    } finally {
      client.close();
      await service.stop(100);
      await bus.close();
    }
  });

  it("subscribes to accounts.user.v1 while it runs", async () => {
    const bus = new InProcessEventBus();
    const service = await startConversationService({ store: await openSqliteRecordStore({ file: ":memory:" }), bus, logger: createLogger({ level: "silent" }), bindAddress });
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
