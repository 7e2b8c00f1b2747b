import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { openSqliteRecordStore, type StoredRecord } from "../src";
import { allOf, planFind, whereSql } from "../src/sqlite/query";
import { testRecordStore } from "./contract-suite";

const dirs: string[] = [];

function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), "qai-record-store-"));
  dirs.push(dir);
  return join(dir, "nested", "store.db");
}

afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

testRecordStore("sqlite :memory:", () => openSqliteRecordStore({ file: ":memory:" }));
testRecordStore("sqlite file", () => openSqliteRecordStore({ file: tempFile() }));

interface Note extends StoredRecord {
  status: string;
  text: string;
}

describe("SqliteRecordStore", () => {
  it("keeps records across a reopen of the file", async () => {
    const file = tempFile();
    const first = await openSqliteRecordStore({ file });
    await first.collection<Note>("notes").insert({ id: "n1", status: "open", text: "المادة ١" });
    await first.close();
    const second = await openSqliteRecordStore({ file });
    expect(await second.collection<Note>("notes").get("n1")).toEqual({ id: "n1", status: "open", text: "المادة ١" });
    await second.close();
  });

  it("lets one store's transaction use another store, and still refuses its own store inside the other's work", async () => {
    const outer = await openSqliteRecordStore({ file: ":memory:" });
    const other = await openSqliteRecordStore({ file: ":memory:" });
    const outcome = await outer.transaction(async (tx) => {
      const inner = await other.transaction(async (otherTx) => {
        await otherTx.collection<Note>("notes").insert({ id: "o1", status: "open", text: "" });
        return outer.collection<Note>("notes").get("n1").then(
          () => "served",
          (error: Error) => error.message,
        );
      });
      await tx.collection<Note>("notes").insert({ id: "n1", status: "open", text: "" });
      return inner;
    });
    expect(outcome).toMatch(/inside its own transaction/);
    expect(await other.collection<Note>("notes").get("o1")).toMatchObject({ id: "o1" });
    expect(await outer.collection<Note>("notes").get("n1")).toMatchObject({ id: "n1" });
    await Promise.all([outer.close(), other.close()]);
  });

  it("runs in WAL mode", async () => {
    const file = tempFile();
    const store = await openSqliteRecordStore({ file });
    await store.collection<Note>("notes").count();
    const raw = new Database(file, { readonly: true });
    expect(raw.pragma("journal_mode", { simple: true })).toBe("wal");
    raw.close();
    await store.close();
  });

  it("creates an expression index per declared field, used by filtered finds", async () => {
    const file = tempFile();
    const store = await openSqliteRecordStore({ file });
    await store.collection<Note>("notes", { indexes: ["status"] }).insert({ id: "n1", status: "open", text: "" });
    const raw = new Database(file, { readonly: true });
    const plan = raw
      .prepare(`EXPLAIN QUERY PLAN SELECT data FROM "notes" WHERE json_extract(data, '$.status') = ? ORDER BY json_extract(data, '$.status'), id`)
      .all("open") as Array<{ detail: string }>;
    expect(plan.map((step) => step.detail).join(" ")).toMatch(/USING INDEX notes__status/);
    raw.close();
    await store.close();
  });

  it("serves range and prefix conditions from the field's index, counts from the index alone", async () => {
    const file = tempFile();
    const store = await openSqliteRecordStore({ file });
    await store.collection<Note>("notes", { indexes: ["status"] }).insert({ id: "n1", status: "open", text: "" });
    const raw = new Database(file, { readonly: true });
    for (const where of [{ status: { startsWith: "op" } }, { status: { gte: "a", lt: "p" } }]) {
      const plan = planFind(`"notes"`, { where, orderBy: { field: "status", direction: "desc" } });
      const steps = raw.prepare(`EXPLAIN QUERY PLAN ${plan.sql}`).all(...plan.params, plan.limit) as Array<{ detail: string }>;
      expect(steps.map((step) => step.detail).join(" ")).toMatch(/USING INDEX notes__status \(<expr>>\? AND <expr><\?\)/);
      const filter = allOf(whereSql(where));
      const counting = raw.prepare(`EXPLAIN QUERY PLAN SELECT count(*) FROM "notes" WHERE ${filter.sql}`).all(...filter.params) as Array<{ detail: string }>;
      expect(counting.map((step) => step.detail).join(" ")).toMatch(/USING COVERING INDEX notes__status/);
    }
    raw.close();
    await store.close();
  });

  it("rejects collection and field names that are not plain identifiers", async () => {
    const store = await openSqliteRecordStore({ file: ":memory:" });
    expect(() => store.collection('notes"; DROP TABLE x; --')).toThrow(/invalid collection name/);
    expect(() => store.collection("sqlite_master")).toThrow(/invalid collection name/);
    expect(() => store.collection<Note>("notes", { indexes: ["status') --" as "status"] })).toThrow(/invalid field name/);
    await expect(store.collection<Note>("notes").find({ orderBy: { field: "a.b" as "status", direction: "asc" } })).rejects.toThrow(/invalid field name/);
    await store.close();
  });

  it("rejects use of a transaction's tx after the transaction ended", async () => {
    const store = await openSqliteRecordStore({ file: ":memory:" });
    const leaked = await store.transaction(async (tx) => tx.collection<Note>("notes"));
    await expect(leaked.insert({ id: "n1", status: "open", text: "" })).rejects.toThrow(/transaction already finished/);
    expect(await store.collection<Note>("notes").count()).toBe(0);
    await store.close();
  });
});
