import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MongoClient } from "mongodb";
import { openMongoRecordStore, openSqliteRecordStore } from "@qai/record-store";
import { mongoServer } from "../../../packages/record-store/test/real-mongo";
import { testSigningKeyStore } from "./signing-key-store-contract";

// SQLite: two connections to one file, as two processes sharing DATA_DIR.
testSigningKeyStore("record store on SQLite", async () => {
  const dir = await mkdtemp(join(tmpdir(), "qai-auth-keystore-"));
  const file = join(dir, "auth.db");
  const replicas = [await openSqliteRecordStore({ file }), await openSqliteRecordStore({ file })] as const;
  return {
    replicas: [...replicas],
    async close() {
      await Promise.all(replicas.map((store) => store.close()));
      await rm(dir, { recursive: true, force: true });
    },
  };
});

// MongoDB (FerretDB in CI: no transactions, which the adapter does not use): two clients on one database.
const mongo = mongoServer();
if (mongo.skipReason) {
  describe("SigningKeyStore contract: record store on MongoDB", () => {
    it.skip(`skipped: ${mongo.skipReason}`, () => undefined);
  });
} else {
  testSigningKeyStore("record store on MongoDB", async () => {
    const database = `qai_test_auth_${randomUUID().replace(/-/g, "")}`;
    const open = () => openMongoRecordStore({ url: mongo.url, database, serverSelectionTimeoutMs: 2000 });
    const replicas = [await open(), await open()] as const;
    return {
      replicas: [...replicas],
      async close() {
        await Promise.all(replicas.map((store) => store.close()));
        const client = await MongoClient.connect(mongo.url, { serverSelectionTimeoutMS: 2000 });
        await client.db(database).dropDatabase().finally(() => client.close());
      },
    };
  });
}
