import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { ConversationService } from "@qai/contracts";
import { checkHealth, createServiceClient } from "@qai/platform";
import { kafkaBrokers } from "../../../packages/event-bus/test/real-broker";
import { mongoServer } from "../../../packages/record-store/test/real-mongo";

const MAIN = resolve(__dirname, "../dist/main.js");

/** The built service as its own process (`node services/conversation/dist/main.js`); needs `make build`. */
function startService(env: Record<string, string>) {
  const child = spawn(process.execPath, [MAIN], { env: { PATH: process.env.PATH, GRPC_PORT: "0", LOG_LEVEL: "info", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk) => (output += String(chunk)));
  child.stderr.on("data", (chunk) => (output += String(chunk)));
  const exited = once(child, "exit").then(([code]) => code as number | null);
  /** Resolves with the gRPC address once the service logs that it is ready. */
  const ready = async (): Promise<string> => {
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
      if (/"msg":"ready"/.test(output)) return /"address":"([^"]+)","msg":"listening"/.exec(output)![1]!;
      if (child.exitCode !== null) break;
    }
    throw new Error(`not ready:\n${output}`);
  };
  return { child, exited, ready, output: () => output };
}

describe("conversation as its own process: adapters chosen by configuration", () => {
  let dataDir: string;
  beforeEach(() => void (dataDir = mkdtempSync(join(tmpdir(), "qai-standalone-"))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it("refuses an unknown bus and an unreachable store with exit code 78, naming the variable", async () => {
    const unknown = startService({ DATA_DIR: dataDir, EVENT_BUS_URL: "nats://localhost:4222" });
    expect(await unknown.exited).toBe(78);
    expect(unknown.output()).toMatch(/EVENT_BUS_URL="nats:\/\/localhost:4222" is invalid/);
    const unreachable = startService({ DATA_DIR: dataDir, RECORD_STORE_URL: "mongodb://127.0.0.1:1/?serverSelectionTimeoutMS=300" });
    expect(await unreachable.exited).toBe(78);
    expect(unreachable.output()).toMatch(/RECORD_STORE_URL: cannot use mongodb:\/\/127\.0\.0\.1:1\//);
  }, 30_000);

  const kafka = kafkaBrokers();
  const mongo = mongoServer();
  const skip = kafka.skipReason ?? mongo.skipReason;
  (skip ? it.skip : it)(
    `serves over gRPC with MongoDB and Kafka, and stops on SIGTERM${skip ? ` (skipped: ${skip})` : ""}`,
    async () => {
      const service = startService({ DATA_DIR: dataDir, RECORD_STORE_URL: mongo.url, EVENT_BUS_URL: `kafka://${kafka.brokers.join(",")}` });
      try {
        const address = await service.ready();
        await expect(checkHealth(address)).resolves.toBe(true);
        const client = createServiceClient(ConversationService, address);
        // A read against the MongoDB store: an unknown user has no conversations.
        const history = await client.listConversations({ owner: { kind: { case: "userId", value: `user-${Date.now()}` } }, limit: 5 });
        expect(history.conversations).toEqual([]);
        client.close();
        service.child.kill("SIGTERM");
        expect(await service.exited).toBe(0);
      } finally {
        service.child.kill("SIGKILL");
      }
    },
    60_000,
  );
});
