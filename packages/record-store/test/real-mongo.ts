import { spawnSync } from "node:child_process";

export interface MongoServer {
  url: string;
  /** Set when no server answers and none is required: the MongoDB tests are skipped with it. */
  skipReason?: string;
  /** Set when the server answers but has no multi-document transactions: the transaction cases are skipped with it. */
  transactionsSkipReason?: string;
}

/**
 * Which MongoDB-wire server the MongoDB tests use, and what runs. `MONGO_URL` or
 * `QAI_REAL_SERVERS=1` make them required: they then run and fail if no server answers. Otherwise
 * they run when a server answers at mongodb://127.0.0.1:27017/ (`deploy/local/ferretdb.sh start`),
 * and are skipped, named with the reason, when none does. The transaction cases run only on a
 * server that has transactions (a replica set member or a mongos), which FerretDB is not.
 */
export function mongoServer(env: NodeJS.ProcessEnv = process.env): MongoServer {
  const configured = env.MONGO_URL?.trim() || undefined; // empty means unset
  const url = configured ?? "mongodb://127.0.0.1:27017/";
  const required = configured !== undefined || env.QAI_REAL_SERVERS === "1";
  const hello = helloOf(url);
  if (!hello && !required) {
    return { url, skipReason: `no MongoDB-wire server answers at ${url}: start one with deploy/local/ferretdb.sh start, or set MONGO_URL / QAI_REAL_SERVERS=1 to require it` };
  }
  if (hello && hello.setName === undefined && hello.msg !== "isdbgrid") {
    return { url, transactionsSkipReason: `the server at ${url} has no multi-document transactions (FerretDB, or a mongod outside a replica set): set MONGO_URL to a replica set to run them` };
  }
  return { url };
}

interface Hello {
  setName?: string;
  msg?: string;
}

/** The server's answer to `hello`, asked synchronously (jest declares tests synchronously), or undefined when none answers. */
function helloOf(url: string): Hello | undefined {
  const probe = `
    const { MongoClient } = require(${JSON.stringify(require.resolve("mongodb"))});
    MongoClient.connect(${JSON.stringify(url)}, { serverSelectionTimeoutMS: 3000 })
      .then(async (client) => {
        const { setName, msg } = await client.db("admin").command({ hello: 1 });
        process.stdout.write(JSON.stringify({ setName, msg }));
        await client.close();
      })
      .catch(() => process.exit(1));`;
  const answer = spawnSync(process.execPath, ["-e", probe], { timeout: 8000, encoding: "utf8" });
  return answer.status === 0 ? (JSON.parse(answer.stdout) as Hello) : undefined;
}
