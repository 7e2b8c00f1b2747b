import { DuplicateRecordError, type Collections, type Query, type RecordStore, type Scalar, type StoredRecord, type Where } from "../src/port";

export interface ContractOptions {
  /** Why the transaction cases cannot run on this server (e.g. it has no multi-document transactions); they are skipped, each named with it. */
  skipTransactions?: string;
}

/**
 * The behaviour every RecordStore adapter must have. An adapter's test file calls
 * `testRecordStore("name", () => openMyStore())`; the factory returns a new, empty store per test.
 */
export function testRecordStore(name: string, factory: () => Promise<RecordStore>, { skipTransactions }: ContractOptions = {}): void {
  const transactionCase = (title: string, test: () => Promise<void>) =>
    skipTransactions === undefined ? it(title, test) : it.skip(`${title} (skipped: ${skipTransactions})`, test);

  describe(`RecordStore contract: ${name}`, () => {
    let store: RecordStore;

    beforeEach(async () => {
      store = await factory();
    });

    afterEach(async () => {
      await store.close();
    });

    describe("records", () => {
      it("inserts and gets a record; a missing id gives undefined", async () => {
        await docs(store).insert(doc("a", 1));
        expect(await docs(store).get("a")).toEqual(doc("a", 1));
        expect(await docs(store).get("missing")).toBeUndefined();
      });

      it("getMany returns the existing records in the order of the ids", async () => {
        await docs(store).insertMany([doc("a", 1), doc("b", 2), doc("c", 3)]);
        const found = await docs(store).getMany(["c", "missing", "a", "b"]);
        expect(found.map((record) => record.id)).toEqual(["c", "a", "b"]);
        expect(await docs(store).getMany([])).toEqual([]);
      });

      it("put adds or replaces; replace only replaces an existing record", async () => {
        await docs(store).put(doc("a", 1));
        await docs(store).put(doc("a", 2));
        expect(await docs(store).get("a")).toEqual(doc("a", 2));
        expect(await docs(store).replace(doc("a", 3))).toBe(true);
        expect(await docs(store).get("a")).toEqual(doc("a", 3));
        expect(await docs(store).replace(doc("b", 1))).toBe(false);
        expect(await docs(store).get("b")).toBeUndefined();
      });

      it("delete reports whether the record existed", async () => {
        await docs(store).insert(doc("a", 1));
        expect(await docs(store).delete("a")).toBe(true);
        expect(await docs(store).delete("a")).toBe(false);
        expect(await docs(store).get("a")).toBeUndefined();
      });

      it("deleteMany and count filter on where", async () => {
        await docs(store).insertMany([doc("a", 1, "x"), doc("b", 2, "y"), doc("c", 3, "x"), doc("d", 4, "y")]);
        expect(await docs(store).count()).toBe(4);
        expect(await docs(store).count({ tag: "x" })).toBe(2);
        expect(await docs(store).deleteMany({ tag: "y" })).toBe(2);
        expect((await docs(store).find()).items.map((record) => record.id)).toEqual(["a", "c"]);
      });

      it("keeps collections apart", async () => {
        await docs(store).insert(doc("a", 1));
        expect(await store.collection<Doc>("others").get("a")).toBeUndefined();
        expect(await store.collection<Doc>("others").count()).toBe(0);
      });

      it("round-trips Arabic text, other unicode and nested objects", async () => {
        const record: Doc = {
          ...doc("ع-1", 1, "نظام العمل"),
          nested: { title: "المادة الأولى: يُسمّى هذا النظام", emoji: "⚖️👩‍⚖️", list: [1, "٢", { deep: [null, true] }], empty: {} },
        };
        await docs(store).insert(record);
        expect(await docs(store).get("ع-1")).toEqual(record);
        expect((await docs(store).find({ where: { tag: "نظام العمل" } })).items).toEqual([record]);
      });
    });

    describe("duplicates", () => {
      it("insert throws DuplicateRecordError and keeps the stored record", async () => {
        await docs(store).insert(doc("a", 1));
        const error = await docs(store).insert(doc("a", 2)).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(DuplicateRecordError);
        expect(error).toMatchObject({ collection: "docs", id: "a" });
        expect(await docs(store).get("a")).toEqual(doc("a", 1));
      });

      it("insertMany adds none when one id exists", async () => {
        await docs(store).insert(doc("b", 1));
        await expect(docs(store).insertMany([doc("a", 1), doc("b", 2), doc("c", 3)])).rejects.toBeInstanceOf(DuplicateRecordError);
        expect(await docs(store).count()).toBe(1);
      });

      it("concurrent insertMany batches sharing an id: exactly one is kept, whole", async () => {
        const batches = Array.from({ length: 10 }, (_, i) => [doc(`b${i}-1`, i), doc(`b${i}-2`, i), doc("shared", i)]);
        const outcomes = await Promise.allSettled(batches.map((batch) => docs(store).insertMany(batch)));
        const kept = outcomes.flatMap((outcome, i) => (outcome.status === "fulfilled" ? [i] : []));
        expect(kept).toHaveLength(1);
        outcomes.forEach((outcome) => outcome.status === "rejected" && expect(outcome.reason).toBeInstanceOf(DuplicateRecordError));
        expect((await docs(store).find()).items).toEqual(expect.arrayContaining(batches[kept[0]!]!));
        expect(await docs(store).count()).toBe(3);
      });

      it("insertMany adds none when the batch repeats an id", async () => {
        await expect(docs(store).insertMany([doc("a", 1), doc("a", 2)])).rejects.toBeInstanceOf(DuplicateRecordError);
        expect(await docs(store).count()).toBe(0);
      });
    });

    describe("find", () => {
      it("filters on strings, numbers, booleans and null, strict on type", async () => {
        await docs(store).insertMany([
          { ...doc("a", 1, "x"), flag: true },
          { ...doc("b", 1, null), flag: false },
          { ...doc("c", 2, "1"), flag: true },
        ]);
        const ids = async (where: Where<Doc>) =>
          (await docs(store).find({ where })).items.map((record) => record.id);
        expect(await ids({ n: 1 })).toEqual(["a", "b"]);
        expect(await ids({ n: 1, flag: true })).toEqual(["a"]);
        expect(await ids({ flag: false })).toEqual(["b"]);
        expect(await ids({ tag: null })).toEqual(["b"]);
        expect(await ids({ tag: "1" })).toEqual(["c"]);
        expect(await ids({ name: "nobody" })).toEqual([]);
      });

      it("null also matches a missing field", async () => {
        await docs(store).insertMany([{ ...doc("a", 1), name: "named" }, doc("b", 1)]);
        expect((await docs(store).find({ where: { name: null } })).items.map((record) => record.id)).toEqual(["b"]);
      });

      it("orders by id ascending by default, 100 per page, at most 1000", async () => {
        const records = Array.from({ length: 1001 }, (_, i) => doc(`r${String(1000 - i).padStart(4, "0")}`, i));
        await docs(store).insertMany(records);
        const first = await docs(store).find();
        expect(first.items.map((record) => record.id)).toEqual(records.map((record) => record.id).sort().slice(0, 100));
        expect(first.nextCursor).toBeDefined();
        expect((await docs(store).find({ limit: 5000 })).items).toHaveLength(1000);
      });

      it.each(["asc", "desc"] as const)("pages through every record sorted %s, ties and nulls by id", async (direction) => {
        const records = Array.from({ length: 37 }, (_, i) => doc(`r${String((i * 7) % 37).padStart(2, "0")}`, i % 4 === 0 ? null : i % 5, i % 2 ? "odd" : "even"));
        await docs(store).insertMany(records);
        for (const where of [undefined, { tag: "odd" }]) {
          const expected = sortedIds(records.filter((record) => !where || record.tag === where.tag), direction);
          const pages = await allPages(store, { where, orderBy: { field: "n", direction }, limit: 4 });
          expect(pages.flat()).toEqual(expected);
          expect(pages.slice(0, -1).every((page) => page.length === 4)).toBe(true);
        }
      });

      it("a page that ends the results has no nextCursor", async () => {
        await docs(store).insertMany([doc("a", 1), doc("b", 2)]);
        expect((await docs(store).find({ limit: 2 })).nextCursor).toBeUndefined();
        expect((await docs(store).find({ where: { tag: "none" } })).items).toEqual([]);
      });

      it("rejects a cursor that is not one", async () => {
        await expect(docs(store).find({ cursor: "not a cursor" })).rejects.toThrow(/cursor/);
      });
    });

    describe("conditions", () => {
      const values = async (where: Where<Mixed>) => (await mixed(store).find({ where, orderBy: { field: "id", direction: "asc" } })).items.map((record) => record.value);

      beforeEach(async () => {
        const all: Scalar[] = [1, 2.5, 3, "2", "b", true, false, null];
        await mixed(store).insertMany([...all.map((value, i) => ({ id: `m${i}`, value })), { id: "m8" } as Mixed]);
      });

      it("gt, gte, lt and lte bound numbers, strict on type: strings, booleans, null and missing never match", async () => {
        expect(await values({ value: { gt: 1 } })).toEqual([2.5, 3]);
        expect(await values({ value: { gte: 1, lt: 3 } })).toEqual([1, 2.5]);
        expect(await values({ value: { lte: 1 } })).toEqual([1]);
        expect(await values({ value: { gt: -1e9 } })).toEqual([1, 2.5, 3]);
      });

      it("bound strings the same way, by code point", async () => {
        expect(await values({ value: { gte: "a" } })).toEqual(["b"]);
        expect(await values({ value: { lt: "c" } })).toEqual(["2", "b"]);
        expect(await values({ value: { gt: "2", lte: "b" } })).toEqual(["b"]);
      });

      it("startsWith matches exactly the strings with that prefix, case-sensitive, Arabic and astral characters included", async () => {
        const names = ["sara", "sarah", "Sara", "sam", "sa😀", "sb", "ساره", "سارة", "سام", "", "z\u{10FFFF}", "z\u{10FFFF}x", "{"];
        await mixed(store).insertMany(names.map((value, i) => ({ id: `n${String(i).padStart(2, "0")}`, value })));
        expect(await values({ value: { startsWith: "sar" } })).toEqual(["sara", "sarah"]);
        expect(await values({ value: { startsWith: "sa" } })).toEqual(["sara", "sarah", "sam", "sa😀"]);
        expect(await values({ value: { startsWith: "سار" } })).toEqual(["ساره", "سارة"]);
        expect(await values({ value: { startsWith: "z\u{10FFFF}" } })).toEqual(["z\u{10FFFF}", "z\u{10FFFF}x"]);
        expect(await values({ value: { startsWith: "" } })).toEqual(["2", "b", ...names]);
        expect(await values({ value: { startsWith: "sa", lt: "sas" } })).toEqual(["sara", "sarah", "sam"]);
      });

      it("startsWith takes every character of the prefix literally", async () => {
        const texts = ["a.b", "axb", "(x)", "[y", "\\z", "^q", "$d", "*s", "a|b", "ab", "?!", "a\nb"];
        await mixed(store).insertMany(texts.map((value, i) => ({ id: `p${String(i).padStart(2, "0")}`, value })));
        for (const prefix of ["a.", "(", "[", "\\", "^", "$", "*", "a|", "?", "a\n"]) {
          expect(await values({ value: { startsWith: prefix } })).toEqual(texts.filter((text) => text.startsWith(prefix)));
        }
      });

      it("combine with equality, ordering and paging", async () => {
        const records = Array.from({ length: 37 }, (_, i) => doc(`r${String((i * 7) % 37).padStart(2, "0")}`, i, i % 2 ? "odd" : "even"));
        await docs(store).insertMany(records);
        const inRange = records.filter((record) => record.tag === "odd" && record.n! >= 10 && record.n! < 30);
        for (const direction of ["asc", "desc"] as const) {
          const pages = await allPages(store, { where: { n: { gte: 10, lt: 30 }, tag: "odd" }, orderBy: { field: "n", direction }, limit: 4 });
          expect(pages.flat()).toEqual(sortedIds(inRange, direction));
        }
        expect(await docs(store).count({ n: { gte: 10, lt: 30 }, tag: "odd" })).toBe(inRange.length);
        expect(await docs(store).count({ id: { startsWith: "r1" } })).toBe(10);
        expect(await docs(store).deleteMany({ n: { lt: 10 } })).toBe(10);
        expect(await docs(store).count()).toBe(27);
      });

      it("rejects a condition that is not one", async () => {
        const invalid: unknown[] = [{}, { gt: true }, { startsWith: 3 }, { gt: 1, lt: "a" }, { near: 1 }, { gte: Number.NaN }, { toString: 1 }];
        for (const condition of invalid) {
          await expect(mixed(store).find({ where: { value: condition } as unknown as Where<Mixed> })).rejects.toThrow(TypeError);
        }
      });
    });

    describe("transactions", () => {
      transactionCase("commits every write of the work and returns its result", async () => {
        await docs(store).insert(doc("old", 1));
        const result = await store.transaction(async (tx) => {
          await docs(tx).insert(doc("a", 1));
          await docs(tx).put(doc("b", 2));
          await docs(tx).delete("old");
          return docs(tx).count();
        });
        expect(result).toBe(2);
        expect((await docs(store).find()).items.map((record) => record.id)).toEqual(["a", "b"]);
      });

      transactionCase("rolls back every write when the work throws, and rejects with its error", async () => {
        await docs(store).insert(doc("old", 1));
        const failure = new Error("boom");
        await expect(
          store.transaction(async (tx) => {
            await docs(tx).insert(doc("a", 1));
            await docs(tx).replace(doc("old", 2));
            await docs(tx).delete("old");
            await tx.collection<Doc>("fresh").insert(doc("f", 1));
            throw failure;
          }),
        ).rejects.toBe(failure);
        expect((await docs(store).find()).items).toEqual([doc("old", 1)]);
        expect(await store.collection<Doc>("fresh").count()).toBe(0);
      });

      transactionCase("a collection first used in a rolled-back transaction works afterwards", async () => {
        await expect(
          store.transaction(async (tx) => {
            await tx.collection<Doc>("brand_new", { indexes: ["n"] }).insert(doc("a", 1));
            throw new Error("undo");
          }),
        ).rejects.toThrow("undo");
        const brandNew = store.collection<Doc>("brand_new", { indexes: ["n"] });
        await brandNew.insert(doc("b", 2));
        expect((await brandNew.find({ orderBy: { field: "n", direction: "asc" } })).items).toEqual([doc("b", 2)]);
      });

      transactionCase("reads outside a transaction never see its uncommitted writes", async () => {
        let inserted!: () => void;
        const insertedSignal = new Promise<void>((resolve) => (inserted = resolve));
        const transaction = store.transaction(async (tx) => {
          await docs(tx).insert(doc("a", 1));
          inserted();
          await delay(20);
          throw new Error("rolled back");
        });
        await insertedSignal;
        expect(await docs(store).get("a")).toBeUndefined();
        await expect(transaction).rejects.toThrow("rolled back");
      });

      transactionCase("50 concurrent read-increment-write transactions count to 50", async () => {
        await counters(store).insert({ id: "c", value: 0 });
        await Promise.all(
          Array.from({ length: 50 }, () =>
            store.transaction(async (tx) => {
              const counter = await counters(tx).get("c");
              await delay(0);
              await counters(tx).put({ id: "c", value: (counter?.value ?? 0) + 1 });
            }),
          ),
        );
        expect(await counters(store).get("c")).toEqual({ id: "c", value: 50 });
      });

      transactionCase("using the store inside its own transaction rejects instead of deadlocking", async () => {
        const outcome = await store.transaction(async (tx) => {
          const nested = await store.transaction(async () => "nested").catch((error: Error) => error.message);
          const direct = await docs(store).get("a").catch((error: Error) => error.message);
          await docs(tx).insert(doc("a", 1));
          return { nested, direct };
        });
        expect(outcome.nested).toMatch(/transaction/);
        expect(outcome.direct).toMatch(/transaction/);
        expect(await docs(store).get("a")).toEqual(doc("a", 1));
      });
    });

    it("close is idempotent and later operations reject", async () => {
      await store.close();
      await store.close();
      await expect(docs(store).get("a")).rejects.toThrow();
    });
  });
}

interface Doc extends StoredRecord {
  n: number | null;
  tag: string | null;
  flag?: boolean;
  name?: string | null;
  nested?: unknown;
}

/** A field holding any scalar, to check that conditions are strict on type. */
interface Mixed extends StoredRecord {
  value: Scalar;
}

interface Counter extends StoredRecord {
  value: number;
}

const docs = (collections: Collections) => collections.collection<Doc>("docs", { indexes: ["n", "tag"] });
const mixed = (collections: Collections) => collections.collection<Mixed>("mixed", { indexes: ["value"] });
const counters = (collections: Collections) => collections.collection<Counter>("counters");

function doc(id: string, n: number | null, tag: string | null = "t"): Doc {
  return { id, n, tag };
}

/** Ids in the contract's sort order: by n (null first), then id, reversed for desc. */
function sortedIds(records: readonly Doc[], direction: "asc" | "desc" = "asc"): string[] {
  const rank = (n: number | null) => (n === null ? -Infinity : n);
  const ascending = [...records].sort((a, b) => rank(a.n) - rank(b.n) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return (direction === "asc" ? ascending : ascending.reverse()).map((record) => record.id);
}

async function allPages(store: RecordStore, query: Query<Doc>): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = await docs(store).find({ ...query, cursor });
    pages.push(page.items.map((record) => record.id));
    cursor = page.nextCursor;
  } while (cursor);
  return pages;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
