import { isRecordStoreUrl, mongoUrlParts } from "../src/open-url";

describe("record store URLs", () => {
  it("accepts sqlite, sqlite:<file> and MongoDB URLs, seed lists included", () => {
    for (const url of ["sqlite", "sqlite:/data/x.db", "mongodb://h:27017/db", "mongodb://h1:27017,h2:27017,h3:27017/db?replicaSet=rs0", "mongodb+srv://cluster.example.com/db"]) {
      expect(isRecordStoreUrl(url)).toBe(true);
    }
    for (const url of ["", "sqlite:", "postgres://h/db", "mongodb://"]) expect(isRecordStoreUrl(url)).toBe(false);
  });

  it("reads the database and options of a replica set's seed list, which new URL() rejects", () => {
    const url = "mongodb://u:p%40ss@h1:27017,h2:27017/qai-chat?replicaSet=rs0&serverSelectionTimeoutMS=2500";
    expect(() => new URL(url)).toThrow();
    const { database, options } = mongoUrlParts(url);
    expect(database).toBe("qai-chat");
    expect(options.get("replicaSet")).toBe("rs0");
    expect(options.get("serverSelectionTimeoutMS")).toBe("2500");
  });

  it("leaves the database empty when the URL names none", () => {
    expect(mongoUrlParts("mongodb://h:27017").database).toBe("");
    expect(mongoUrlParts("mongodb://h:27017/?replicaSet=rs0").database).toBe("");
    expect(mongoUrlParts("mongodb+srv://cluster.example.com/app").database).toBe("app");
  });
});
