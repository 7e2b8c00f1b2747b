import type { ArticleRecord } from "../src/domain/records";
import { ArticleCache } from "../src/app/article-cache";

const article = (id: string, content = `نص ${id}`) => ({ id, articleContent: content }) as ArticleRecord;

describe("ArticleCache", () => {
  it("reads only the articles it does not hold, answers in the order asked, and leaves out missing ones", async () => {
    const cache = new ArticleCache();
    const asked: string[][] = [];
    const read = async (ids: string[]) => {
      asked.push(ids);
      return ids.filter((id) => id !== "gone").map((id) => article(id));
    };
    expect((await cache.get("g1:0", ["a", "b"], read)).map((a) => a.id)).toEqual(["a", "b"]);
    const first = await cache.get("g1:0", ["b", "gone", "c", "a"], read);
    expect(first.map((a) => a.id)).toEqual(["b", "c", "a"]);
    expect(asked).toEqual([["a", "b"], ["gone", "c"]]);
    // The same objects: answers citing the same article share its text.
    expect((await cache.get("g1:0", ["a"], read))[0]).toBe(first[2]);
  });

  it("forgets everything when the content's version changes", async () => {
    const cache = new ArticleCache();
    await cache.get("g1:0", ["a"], async (ids) => ids.map((id) => article(id, "old")));
    const after = await cache.get("g1:1", ["a"], async (ids) => ids.map((id) => article(id, "new")));
    expect(after[0]?.articleContent).toBe("new");
  });

  it("does not keep what an older version read while a newer one started", async () => {
    const cache = new ArticleCache();
    let finish!: () => void;
    const slow = cache.get("g1:0", ["a"], (ids) => new Promise((done) => (finish = () => done(ids.map((id) => article(id, "old"))))));
    await cache.get("g1:1", ["b"], async (ids) => ids.map((id) => article(id)));
    finish();
    expect((await slow)[0]?.articleContent).toBe("old");
    expect((await cache.get("g1:1", ["a"], async (ids) => ids.map((id) => article(id, "new"))))[0]?.articleContent).toBe("new");
  });

  it("keeps at most its capacity, dropping the least recently used", async () => {
    const cache = new ArticleCache(2);
    const asked: string[] = [];
    const read = async (ids: string[]) => {
      asked.push(...ids);
      return ids.map((id) => article(id));
    };
    await cache.get("v", ["a", "b"], read);
    await cache.get("v", ["a"], read); // a is now the most recent
    await cache.get("v", ["c"], read); // b goes
    await cache.get("v", ["a", "b"], read);
    expect(asked).toEqual(["a", "b", "c", "b"]);
  });
});
