import { randomUUID } from "node:crypto";
import { MongoClient } from "mongodb";
import { NO_TRANSACTIONS, openMongoRecordStore, type MongoRecordStore, type StoredRecord } from "../src";
import { testRecordStore } from "./contract-suite";
import { mongoServer } from "./real-mongo";

const { url, skipReason, transactionsSkipReason } = mongoServer();

/** The databases this run created, dropped at the end so runs do not pile up on the server. */
const databases: string[] = [];

function openFresh(): Promise<MongoRecordStore> {
  const database = `qai_test_${randomUUID().replace(/-/g, "")}`;
  databases.push(database);
  return openMongoRecordStore({ url, database, serverSelectionTimeoutMs: 2000 });
}

interface Note extends StoredRecord {
  status?: string | null;
  rank?: unknown;
  text?: string;
}

if (skipReason) {
  describe("RecordStore contract: mongodb", () => {
    it.skip(`skipped: ${skipReason}`, () => undefined);
  });
} else {
  testRecordStore("mongodb", openFresh, { skipTransactions: transactionsSkipReason });

  afterAll(async () => {
    const client = await MongoClient.connect(url, { serverSelectionTimeoutMS: 2000 });
    try {
      for (const database of databases) await client.db(database).dropDatabase();
    } finally {
      await client.close();
    }
  });

  describe("MongoRecordStore", () => {
    let store: MongoRecordStore;
    let raw: MongoClient;

    beforeEach(async () => {
      store = await openFresh();
      raw = await MongoClient.connect(url);
    });

    afterEach(async () => {
      await store.close();
      await raw.close();
    });

    const database = () => raw.db(databases.at(-1));

    it("stores a record as a document: its id as _id, its fields as they are (JSON values only)", async () => {
      await store.collection<Note & { at: unknown; gone?: undefined }>("notes").insert({ id: "n1", status: "open", at: new Date(0), gone: undefined });
      expect(await database().collection("notes").findOne({})).toEqual({ _id: "n1", status: "open", at: "1970-01-01T00:00:00.000Z" });
      expect(await store.collection<Note>("notes").get("n1")).toEqual({ id: "n1", status: "open", at: "1970-01-01T00:00:00.000Z" });
    });

    it("creates an index {field: 1, _id: 1} per declared field", async () => {
      await store.collection<Note>("notes", { indexes: ["status", "id"] }).insert({ id: "n1", status: "open" });
      const keys = (await database().collection("notes").listIndexes().toArray()).map((index) => index.key as unknown);
      expect(keys).toEqual(expect.arrayContaining([{ _id: 1 }, { status: 1, _id: 1 }]));
      expect(keys).toHaveLength(2);
    });

    it("pages through a field of mixed types in MongoDB's type order: null and missing, numbers, strings, booleans", async () => {
      const ranks: unknown[] = [true, "b", 2, null, undefined, false, "a", 1.5, -3, "", null, 2];
      await store.collection<Note>("notes").insertMany(ranks.map((rank, i) => ({ id: `n${String(i).padStart(2, "0")}`, ...(rank === undefined ? {} : { rank }) })));
      const ascending = ["n03", "n04", "n10", "n08", "n07", "n02", "n11", "n09", "n06", "n01", "n05", "n00"];
      for (const direction of ["asc", "desc"] as const) {
        const seen: string[] = [];
        let cursor: string | undefined;
        do {
          const page = await store.collection<Note>("notes").find({ orderBy: { field: "rank", direction }, limit: 2, cursor });
          seen.push(...page.items.map((note) => note.id));
          cursor = page.nextCursor;
        } while (cursor);
        expect(seen).toEqual(direction === "asc" ? ascending : [...ascending].reverse());
      }
    });

    it("startsWith matches a prefix holding a NUL character literally", async () => {
      await store.collection<Note>("notes").insertMany([{ id: "a", text: "x\0y" }, { id: "b", text: "x0y" }, { id: "c", text: "x" }]);
      const found = await store.collection<Note>("notes").find({ where: { text: { startsWith: "x\0" } } });
      expect(found.items.map((note) => note.id)).toEqual(["a"]);
    });

    it("rejects names MongoDB would misread, a record with an _id field and options that are not valid", async () => {
      expect(() => store.collection("a.b")).toThrow(/invalid collection name/);
      expect(() => store.collection<Note>("notes", { indexes: ["_id" as "status"] })).toThrow(/invalid field name/);
      await expect(store.collection<Note>("notes").find({ where: { "a.b": "x" } as never })).rejects.toThrow(/invalid field name/);
      await expect(store.collection<Note>("notes").find({ where: { $where: "1" } as never })).rejects.toThrow(/invalid field name/);
      await expect(store.collection<Note & { _id: string }>("notes").insert({ id: "n1", _id: "other" })).rejects.toThrow(/_id/);
      await expect(openMongoRecordStore({ url: "http://localhost", database: "x" })).rejects.toThrow(/mongodb/);
      await expect(openMongoRecordStore({ url, database: "a.b" })).rejects.toThrow(/database/);
    });

    if (transactionsSkipReason) {
      it("transaction rejects on a server without transactions, before running the work", async () => {
        expect(store.transactions).toBe(false);
        const work = jest.fn(async () => undefined);
        await expect(store.transaction(work)).rejects.toThrow(NO_TRANSACTIONS);
        expect(work).not.toHaveBeenCalled();
      });
    } else {
      it("rejects use of a transaction's tx after the transaction ended", async () => {
        const leaked = await store.transaction(async (tx) => tx.collection<Note>("notes"));
        await expect(leaked.insert({ id: "n1", status: "open" })).rejects.toThrow(/transaction already finished/);
        expect(await store.collection<Note>("notes").count()).toBe(0);
      });
    }
  });
}
