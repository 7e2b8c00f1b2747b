import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { openSqliteRecordStore, type StoredRecord } from "../src";
import { PageCache } from "../src/sqlite/page-cache";

interface Note extends StoredRecord {
  owner: string;
  text: string;
}

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), "qai-page-cache-"))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function database(file: string): Database.Database {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.exec("CREATE TABLE IF NOT EXISTS notes (id TEXT PRIMARY KEY, data TEXT NOT NULL)");
  return db;
}

describe("PageCache", () => {
  it("reads once while nothing writes, again after this connection's write or another connection's commit", () => {
    const file = join(dir, "notes.db");
    const db = database(file);
    const other = database(file);
    const cache = new PageCache(db);
    const sql = "SELECT id, data FROM notes ORDER BY id";
    let reads = 0;
    const read = () => {
      reads++;
      return db.prepare(sql).all() as { id: string; data: string }[];
    };
    expect(cache.rows("notes", sql, [], read)).toEqual([]);
    expect(cache.rows("notes", sql, [], read)).toEqual([]);
    expect(reads).toBe(1);

    cache.written("other-table");
    cache.rows("notes", sql, [], read);
    expect(reads).toBe(1);

    cache.written("notes");
    db.prepare("INSERT INTO notes VALUES ('a', '{}')").run();
    expect(cache.rows("notes", sql, [], read)).toHaveLength(1);
    expect(reads).toBe(2);

    other.prepare("INSERT INTO notes VALUES ('b', '{}')").run();
    expect(cache.rows("notes", sql, [], read)).toHaveLength(2);
    expect(cache.rows("notes", sql, [], read)).toHaveLength(2);
    expect(reads).toBe(3);

    expect(cache.rows("notes", sql, ["another parameter"], read)).toHaveLength(2);
    expect(reads).toBe(4);
    other.close();
    db.close();
  });

  it("keeps at most about a million characters of pages, forgetting the least recently used first", () => {
    const db = database(":memory:");
    const cache = new PageCache(db);
    const reads = new Map<string, number>();
    const read = (sql: string) => () => {
      reads.set(sql, (reads.get(sql) ?? 0) + 1);
      return [{ id: sql, data: "x".repeat(60_000) }];
    };
    for (let page = 0; page < 20; page++) cache.rows("notes", `page ${page}`, [], read(`page ${page}`));
    cache.rows("notes", "page 19", [], read("page 19"));
    cache.rows("notes", "page 0", [], read("page 0"));
    expect(reads.get("page 19")).toBe(1);
    expect(reads.get("page 0")).toBe(2);
    db.close();
  });

  it("does not keep pages larger than 64 KB", () => {
    const db = database(":memory:");
    const cache = new PageCache(db);
    let reads = 0;
    const read = () => {
      reads++;
      return [{ id: "big", data: "x".repeat(70_000) }];
    };
    cache.rows("notes", "big page", [], read);
    cache.rows("notes", "big page", [], read);
    expect(reads).toBe(2);
    db.close();
  });
});

describe("SqliteRecordStore reads (get and find) through the page cache", () => {
  const byOwner = { where: { owner: "u1" }, orderBy: { field: "id" as const, direction: "asc" as const } };

  it("sees every kind of write made through the store", async () => {
    const store = await openSqliteRecordStore({ file: join(dir, "store.db") });
    const notes = store.collection<Note>("notes", { indexes: ["owner"] });
    const ids = async () => (await notes.find(byOwner)).items.map((note) => `${note.id}:${note.text}`);
    expect(await ids()).toEqual([]);
    await notes.insert({ id: "n1", owner: "u1", text: "one" });
    expect(await ids()).toEqual(["n1:one"]);
    await notes.insertMany([{ id: "n2", owner: "u1", text: "two" }]);
    expect((await notes.get("n1"))?.text).toBe("one");
    await notes.put({ id: "n1", owner: "u1", text: "uno" });
    expect(await ids()).toEqual(["n1:uno", "n2:two"]);
    expect((await notes.get("n1"))?.text).toBe("uno");
    await notes.replace({ id: "n2", owner: "u1", text: "dos" });
    expect(await ids()).toEqual(["n1:uno", "n2:dos"]);
    await notes.delete("n1");
    expect(await ids()).toEqual(["n2:dos"]);
    expect(await notes.get("n1")).toBeUndefined();
    await notes.deleteMany({ owner: "u1" });
    expect(await ids()).toEqual([]);
    await store.close();
  });

  it("sees a transaction's committed writes and not its rolled-back ones", async () => {
    const store = await openSqliteRecordStore({ file: join(dir, "store.db") });
    const notes = store.collection<Note>("notes", { indexes: ["owner"] });
    await notes.insert({ id: "n1", owner: "u1", text: "one" });
    expect((await notes.find(byOwner)).items).toHaveLength(1);
    await expect(
      store.transaction(async (tx) => {
        await tx.collection<Note>("notes", { indexes: ["owner"] }).insert({ id: "n2", owner: "u1", text: "two" });
        expect((await tx.collection<Note>("notes", { indexes: ["owner"] }).find(byOwner)).items).toHaveLength(2);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect((await notes.find(byOwner)).items.map((note) => note.id)).toEqual(["n1"]);
    await store.transaction((tx) => tx.collection<Note>("notes", { indexes: ["owner"] }).insert({ id: "n3", owner: "u1", text: "three" }));
    expect((await notes.find(byOwner)).items.map((note) => note.id)).toEqual(["n1", "n3"]);
    await store.close();
  });

  it("sees writes committed by another store on the same file, and hands out fresh objects", async () => {
    const file = join(dir, "store.db");
    const reader = await openSqliteRecordStore({ file });
    const writer = await openSqliteRecordStore({ file });
    const notes = reader.collection<Note>("notes", { indexes: ["owner"] });
    await writer.collection<Note>("notes", { indexes: ["owner"] }).insert({ id: "n1", owner: "u1", text: "one" });
    const first = (await notes.find(byOwner)).items;
    first[0]!.text = "changed by the caller";
    expect((await notes.find(byOwner)).items[0]!.text).toBe("one");
    expect((await notes.get("n1"))!.text).toBe("one");
    await writer.collection<Note>("notes", { indexes: ["owner"] }).put({ id: "n1", owner: "u1", text: "uno" });
    expect((await notes.find(byOwner)).items[0]!.text).toBe("uno");
    expect((await notes.get("n1"))!.text).toBe("uno");
    await writer.close();
    await reader.close();
  });
});
