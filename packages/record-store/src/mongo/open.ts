import type { MongoOptions, MongoRecordStore } from "./store";

/** The error of `transaction` on a server without multi-document transactions. */
export const NO_TRANSACTIONS =
  "this MongoDB server has no multi-document transactions (they need a replica set or a sharded cluster; FerretDB has none)";

/**
 * Connects (through mongoose) and opens the record store of one database. Mongoose and the driver
 * are loaded on the first call, so that the embedded mode never loads them (they take ~200 ms and
 * ~30 MB to load).
 */
export async function openMongoRecordStore(options: MongoOptions): Promise<MongoRecordStore> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy load; import("./store.js") is not an option: jest runs the sources, where ./store.js does not exist
  const { connectMongoRecordStore } = require("./store") as typeof import("./store");
  return connectMongoRecordStore(options);
}
