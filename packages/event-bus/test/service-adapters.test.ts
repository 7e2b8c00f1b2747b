import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { ConfigError, loadConfig } from "@qai/platform";
import { adapterEnv, InProcessEventBus, openServiceAdapters, type EventEnvelope } from "../src";
import { KafkaEventBus } from "../src/kafka";
import { kafkaBrokers } from "./real-broker";

const schema = z.object({ DATA_DIR: z.string(), ...adapterEnv });

describe("a service's adapters chosen by RECORD_STORE_URL and EVENT_BUS_URL", () => {
  let dataDir: string;
  beforeEach(() => void (dataDir = mkdtempSync(join(tmpdir(), "qai-adapters-"))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it("defaults to the service's SQLite file under DATA_DIR and the in-process bus", async () => {
    const config = loadConfig(schema, { DATA_DIR: dataDir });
    expect(config).toMatchObject({ RECORD_STORE_URL: "sqlite", EVENT_BUS_URL: "in-process" });
    const { store, bus } = await openServiceAdapters("notes", config);
    try {
      expect(bus).toBeInstanceOf(InProcessEventBus);
      await store.transaction((tx) => tx.collection<{ id: string; text: string }>("notes").insert({ id: "a", text: "نص" }));
      expect(existsSync(join(dataDir, "notes.db"))).toBe(true);
      const received: EventEnvelope[] = [];
      await bus.subscribe({ topic: "t", group: "g", handler: async (event) => void received.push(event) });
      await bus.publish([{ id: "e1", topic: "t", key: "k", type: "x", payload: new Uint8Array([1]), occurredAt: new Date().toISOString(), headers: {} }]);
      expect(received.map((event) => event.id)).toEqual(["e1"]);
    } finally {
      await bus.close();
      await store.close();
    }
  });

  it("sqlite:<file> names the file", async () => {
    const file = join(dataDir, "elsewhere.db");
    const { store, bus } = await openServiceAdapters("notes", loadConfig(schema, { DATA_DIR: dataDir, RECORD_STORE_URL: `sqlite:${file}` }));
    await store.close();
    await bus.close();
    expect(existsSync(file)).toBe(true);
    expect(existsSync(join(dataDir, "notes.db"))).toBe(false);
  });

  it("refuses other forms at configuration time, naming the variable", () => {
    const refused: Array<[string, string]> = [["EVENT_BUS_URL", "nats://localhost:4222"], ["EVENT_BUS_URL", "kafka://"], ["RECORD_STORE_URL", "postgres://localhost/qai"], ["RECORD_STORE_URL", "sqlite:"]];
    for (const [variable, value] of refused) {
      expect(() => loadConfig(schema, { DATA_DIR: dataDir, [variable]: value })).toThrow(new RegExp(`${variable}=.* is invalid: expected`));
    }
    for (const value of ["kafka://a:9092", "kafka://a:9092,b.example:9093?partitions=6&replication=3"]) expect(loadConfig(schema, { DATA_DIR: dataDir, EVENT_BUS_URL: value }).EVENT_BUS_URL).toBe(value);
    for (const value of ["mongodb://u:p@db:27017/qai", "mongodb+srv://cluster.example/qai"]) expect(loadConfig(schema, { DATA_DIR: dataDir, RECORD_STORE_URL: value }).RECORD_STORE_URL).toBe(value);
  });

  it("stops start-up, naming the variable and hiding the password, when nothing answers", async () => {
    const config = loadConfig(schema, { DATA_DIR: dataDir, RECORD_STORE_URL: "mongodb://qai:secret@127.0.0.1:1/?serverSelectionTimeoutMS=300" });
    const failure = await openServiceAdapters("notes", config).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ConfigError);
    expect((failure as Error).message).toMatch(/RECORD_STORE_URL: cannot use mongodb:\/\/qai:\*\*\*@127\.0\.0\.1:1\//);
    expect((failure as Error).message).not.toContain("secret");
  });

  const kafka = kafkaBrokers();
  (kafka.skipReason ? it.skip : it)(kafka.skipReason ? `kafka:// opens the Kafka bus (skipped: ${kafka.skipReason})` : "kafka:// opens the Kafka bus", async () => {
    const config = loadConfig(schema, { DATA_DIR: dataDir, EVENT_BUS_URL: `kafka://${kafka.brokers.join(",")}?partitions=2` });
    const { store, bus } = await openServiceAdapters("notes", config);
    expect(bus).toBeInstanceOf(KafkaEventBus);
    await bus.close();
    await store.close();
  }, 60_000);
});
