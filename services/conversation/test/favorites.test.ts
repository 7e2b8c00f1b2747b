import { guest, harness, laborCitation, user, type Harness } from "./fixtures";

const alice = user("alice");
const bob = user("bob");
const noExtras = { title: "", content: "", category: "" };

describe("favorites", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness();
  });
  afterEach(() => h.close());

  it("saves a message with the first 100 characters of its content as the title", async () => {
    const long = `${"ا".repeat(60)}   ${"b".repeat(80)}`;
    const { answerId, conversationId } = await h.exchange(alice, "سؤال", { answer: long, citations: [laborCitation] });
    const { favorite, created } = await h.favorites.add({ owner: alice, type: "message", referenceId: answerId, ...noExtras });
    expect(created).toBe(true);
    expect(favorite).toMatchObject({ type: "message", referenceId: answerId, conversationId, content: long, category: "نظام العمل" });
    expect(favorite.title).toBe(`${"ا".repeat(60)} ${"b".repeat(39)}`);
    expect(Array.from(favorite.title)).toHaveLength(100);
  });

  it("prefers the client's content and keeps the title to 100 characters of it", async () => {
    const { answerId } = await h.exchange(alice, "سؤال");
    const content = "x".repeat(150);
    const { favorite } = await h.favorites.add({ owner: alice, type: "message", referenceId: answerId, title: "ignored", content, category: "Labor Law" });
    expect(favorite).toMatchObject({ content, title: "x".repeat(100), category: "Labor Law" });
  });

  it("returns the existing favorite for the same type and reference", async () => {
    const { answerId, conversationId } = await h.exchange(alice, "سؤال");
    const first = await h.favorites.add({ owner: alice, type: "message", referenceId: answerId, ...noExtras });
    const again = await h.favorites.add({ owner: alice, type: "message", referenceId: answerId, ...noExtras, content: "different" });
    expect(again).toEqual({ favorite: first.favorite, created: false });
    const conversation = await h.favorites.add({ owner: alice, type: "conversation", referenceId: conversationId, ...noExtras });
    expect(conversation).toMatchObject({ created: true, favorite: { type: "conversation", title: "سؤال", conversationId } });
    expect(await h.favorites.list(alice)).toHaveLength(2);
  });

  it("saves other things with or without a reference, but never empty", async () => {
    const doc = await h.favorites.add({ owner: alice, type: "other", referenceId: "doc-7", title: "", content: "نص الوثيقة", category: "Labor Law" });
    expect(doc.favorite).toMatchObject({ type: "other", referenceId: "doc-7", title: "نص الوثيقة", conversationId: "" });
    const note = await h.favorites.add({ owner: alice, type: "other", referenceId: "", title: "A title only", content: "", category: "" });
    expect(note.favorite.title).toBe("A title only");
    await expect(h.favorites.add({ owner: alice, type: "other", referenceId: "doc-8", title: "  ", content: "", category: "" })).rejects.toMatchObject({ code: "invalid_argument" });
    await expect(h.favorites.add({ owner: alice, type: "message", referenceId: " ", ...noExtras })).rejects.toMatchObject({ code: "invalid_argument" });
  });

  it("refuses references to someone else's messages and conversations", async () => {
    const bobs = await h.exchange(bob, "bob's question");
    await expect(h.favorites.add({ owner: alice, type: "message", referenceId: bobs.answerId, ...noExtras })).rejects.toMatchObject({ code: "not_found" });
    await expect(h.favorites.add({ owner: alice, type: "conversation", referenceId: bobs.conversationId, ...noExtras })).rejects.toMatchObject({ code: "not_found" });
    await expect(h.favorites.add({ owner: guest("bob"), type: "message", referenceId: bobs.answerId, ...noExtras })).rejects.toMatchObject({ code: "not_found" });
    expect(await h.favorites.list(alice)).toEqual([]);
  });

  it("lists newest first and deletes for the owner only", async () => {
    const older = await h.favorites.add({ owner: alice, type: "other", referenceId: "a", title: "", content: "older", category: "" });
    h.clock.tick();
    const newer = await h.favorites.add({ owner: alice, type: "other", referenceId: "b", title: "", content: "newer", category: "" });
    expect((await h.favorites.list(alice)).map((f) => f.id)).toEqual([newer.favorite.id, older.favorite.id]);
    expect(await h.favorites.list(bob)).toEqual([]);
    await expect(h.favorites.delete(bob, older.favorite.id)).rejects.toMatchObject({ code: "not_found" });
    await h.favorites.delete(alice, older.favorite.id);
    expect((await h.favorites.list(alice)).map((f) => f.id)).toEqual([newer.favorite.id]);
    await expect(h.favorites.delete(alice, older.favorite.id)).rejects.toMatchObject({ code: "not_found" });
  });
});
