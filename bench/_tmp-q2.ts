import { createServer, Agent, request } from "node:http";
import { QuotaService } from "@qai/contracts";
import { createLogger, createServiceClient, inProcessAddress, withRequestContext } from "@qai/platform";
import { openSqliteRecordStore } from "@qai/record-store";
import { InProcessEventBus } from "@qai/event-bus";
import { startQuotaService } from "@qai/quota";
import { fork } from "node:child_process";
const MODE = process.env.MODE ?? "call";
if (process.argv[2] === "client") {
  const port = Number(process.argv[3]);
  const agent = new Agent({ keepAlive: true, maxSockets: 32 });
  let done = 0, counting = false; const until = Date.now() + 5000; setTimeout(() => (counting = true), 1000);
  const get = () => new Promise<void>((d, f) => { const c = request({ host: "127.0.0.1", port, path: "/", agent }, (r) => { r.resume(); r.on("end", () => d()); }); c.on("error", f); c.end(); });
  void Promise.all(Array.from({ length: 32 }, async () => { while (Date.now() < until) { await get(); if (counting) done++; } })).then(() => { console.log(MODE, "rps", done / 4); process.exit(0); });
} else (async () => {
  const store = await openSqliteRecordStore({ file: "/tmp/q-test.db" });
  const q = await startQuotaService({ store, bus: new (InProcessEventBus as any)(), logger: createLogger({ level: "silent" }), bindAddress: inProcessAddress("quota") });
  const client = createServiceClient(QuotaService, q.address);
  const { session } = await client.createGuestSession({});
  const id = session!.sessionId;
  const coll = store.collection<any>("guest_sessions");
  for (let i = 0; i < Number(process.env.EXTRA ?? 0); i++) { const st = await openSqliteRecordStore({ file: `/tmp/q-extra-${i}.db` }); await st.transaction(async (tx) => tx.collection<any>("x").put({ id: "a" })); }
  const handle = async (_req: any, res: any) => {
    let body: unknown = {};
    if (MODE === "call") body = await client.getGuestSession({ sessionId: id });
    if (MODE === "store") body = await coll.get(id);
    if (MODE === "await") body = await Promise.resolve({});
    res.writeHead(200, { "content-type": "application/json" }); res.end(JSON.stringify({ x: 1 }));
  };
  const server = createServer((req, res) => (process.env.ALS ? withRequestContext({ requestId: "x" }, () => handle(req, res)) : handle(req, res))).listen(0, "127.0.0.1", () => {
    const c = fork(__filename, ["client", String((server.address() as any).port)], { execArgv: ["--import", "tsx"], env: { ...process.env } });
    c.on("exit", () => process.exit(0));
  });
})();
