export * from "./port";
export { openSqliteRecordStore, SqliteRecordStore, type SqliteOptions } from "./sqlite/store";
export { openMongoRecordStore, NO_TRANSACTIONS } from "./mongo/open";
export type { MongoOptions, MongoRecordStore } from "./mongo/store";
export { isRecordStoreUrl, openRecordStoreAt } from "./open-url";
