/**
 * Gateway JSON throughput (DESIGN §7), as ratios to a bare `node:http` hello-world run in the same
 * way in the same run: each server in its own child process, loaded from this one over keep-alive
 * connections (CONCURRENCY requests in flight) for DURATION_MS after a warm-up.
 *  - GET /api/conversations/history with a bearer token (budget ≥ 0.30×)
 *  - GET /api/guest-session/status with the guest cookie (budget ≥ 0.35×)
 *  - GET /healthz
 * The two API routes are measured again on a product whose services call each other over loopback
 * gRPC (as between processes) instead of the embedded default's in-process calls. The product runs the
 * built packages (dist/, as `make start` does; `make bench` builds first), not the TypeScript sources
 * through tsx, whose transform names every function it creates (a cost per request the product does not pay).
 * Run with `make bench` (or `npx tsx --tsconfig tsconfig.test.json bench/gateway.ts`).
 */
import { fork, spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { Agent, request } from "node:http";
import { resolve } from "node:path";
import { guestCookie } from "./product-calls";

const CONCURRENCY = 32;
const WARM_UP_MS = 1000;
const DURATION_MS = 4000;

const BARE_SERVER = `
const server = require("node:http").createServer((_request, response) => {
  response.setHeader("content-type", "application/json");
  response.end('{"hello":"world"}');
});
server.listen(0, "127.0.0.1", () => process.send({ port: server.address().port }));
`;

async function portOf(child: ChildProcess): Promise<number> {
  const [message] = (await once(child, "message")) as [{ port: number }];
  return message.port;
}

function get(agent: Agent, port: number, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((done, fail) => {
    const call = request({ host: "127.0.0.1", port, path, headers, agent }, (response) => {
      response.resume();
      response.on("end", () => done(response.statusCode ?? 0));
    });
    call.on("error", fail);
    call.end();
  });
}

/** Requests per second over DURATION_MS with CONCURRENCY in flight; throws on any non-200. */
async function throughput(port: number, path: string, headers: Record<string, string> = {}): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  let counting = false;
  let done = 0;
  const until = Date.now() + WARM_UP_MS + DURATION_MS;
  setTimeout(() => (counting = true), WARM_UP_MS);
  const worker = async () => {
    while (Date.now() < until) {
      const status = await get(agent, port, path, headers);
      if (status !== 200) throw new Error(`${path} answered ${status}`);
      if (counting) done++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  agent.destroy();
  return done / (DURATION_MS / 1000);
}

async function signedInToken(base: string): Promise<string> {
  const response = await fetch(`${base}/auth/v1/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "bench@example.com", password: "a-good-password", data: { first_name: "Bench", last_name: "User" } }),
  });
  const session = (await response.json()) as { access_token?: string };
  if (!session.access_token) throw new Error(`sign-up gave no session (${response.status}); the bench product autoconfirms`);
  return session.access_token;
}

type Row = [name: string, rate: number, budget: number | undefined];

/** The routes' throughput on the product in a child process, its services wired by `transport`. */
async function measureProduct(transport: "in-process" | "grpc", withHealthz: boolean): Promise<Row[]> {
  const product = fork(resolve(__dirname, "ask-server.ts"), [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, TSX_TSCONFIG_PATH: resolve(__dirname, "../tsconfig.base.json"), BENCH_TRANSPORT: transport },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  try {
    const port = await portOf(product);
    const base = `http://127.0.0.1:${port}`;
    const token = await signedInToken(base);
    const cookie = await guestCookie(base);
    const rows: Row[] = [
      ["GET /api/conversations/history (bearer)", await throughput(port, "/api/conversations/history", { authorization: `Bearer ${token}` }), 0.3],
      ["GET /api/guest-session/status (cookie)", await throughput(port, "/api/guest-session/status", { cookie }), 0.35],
    ];
    if (withHealthz) rows.push(["GET /healthz", await throughput(port, "/healthz"), undefined]);
    return rows;
  } finally {
    product.send("stop");
    await once(product, "exit");
  }
}

async function main(): Promise<void> {
  const bare = spawn(process.execPath, ["-e", BARE_SERVER], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  let anchor: number;
  try {
    anchor = await throughput(await portOf(bare), "/");
  } finally {
    bare.kill();
  }
  const embedded = await measureProduct("in-process", true);
  // The same routes with the services called over loopback gRPC, as before the in-process transport (no budget).
  const overGrpc = (await measureProduct("grpc", false)).map(([name, rate]): Row => [`${name}, loopback gRPC`, rate, undefined]);
  console.log(`gateway throughput, ${CONCURRENCY} in flight, ${DURATION_MS / 1000} s each`);
  console.log(`${"bare node:http hello-world (anchor)".padEnd(58)}${anchor.toFixed(0).padStart(8)} req/s`);
  for (const [name, rate, budget] of [...embedded, ...overGrpc]) {
    const ratio = rate / anchor;
    const verdict = budget === undefined ? "" : `  [budget ≥ ${budget.toFixed(2)}×: ${ratio >= budget ? "OK" : "NOT MET"}]`;
    console.log(`${name.padEnd(58)}${rate.toFixed(0).padStart(8)} req/s  ${ratio.toFixed(3)}×${verdict}`);
  }
}

void main();
