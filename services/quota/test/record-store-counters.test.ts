import { openSqliteRecordStore } from "@qai/record-store";
import { RecordStoreQuotaCounters } from "@qai/quota";
import { testQuotaCounters } from "./quota-counters-contract";

testQuotaCounters("record store (SQLite)", async () => {
  const store = await openSqliteRecordStore({ file: ":memory:" });
  return { counters: new RecordStoreQuotaCounters(store), close: () => store.close() };
});

describe("RecordStoreQuotaCounters within a transaction", () => {
  it("commits with the transaction, or not at all when it fails", async () => {
    const store = await openSqliteRecordStore({ file: ":memory:" });
    const counters = new RecordStoreQuotaCounters(store);
    const charge = { id: "guest:s", ownerKey: "guest:s", limit: 5 };
    await store.transaction((tx) => counters.within(tx).reserve([charge]));
    const failed = store.transaction(async (tx) => {
      await counters.within(tx).reserve([charge]);
      throw new Error("the reservation could not be stored");
    });
    await expect(failed).rejects.toThrow("could not be stored");
    expect(await counters.read([charge.id])).toEqual([1]);
    await store.close();
  });
});
