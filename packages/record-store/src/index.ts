export * from "./port";
export { openSqliteRecordStore, SqliteRecordStore, type SqliteOptions } from "./sqlite/store";
