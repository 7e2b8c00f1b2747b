import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnModuleWorker, WorkerCalls } from "../src/worker-calls";

/** A worker that echoes, fails on request, or exits: `{ id, action, value }`. */
const ECHO_WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
parentPort.on("message", ({ id, action, value }) => {
  if (action === "exit") process.exit(3);
  if (action === "fail") parentPort.postMessage({ id, ok: false, error: { reason: value } });
  else parentPort.postMessage({ id, ok: true, value: { value, workerData } });
});
`;

describe("WorkerCalls", () => {
  let dir: string;
  let calls: WorkerCalls<{ reason: string }>;
  let spawned = 0;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "qai-worker-calls-"));
    writeFileSync(join(dir, "echo-worker.js"), ECHO_WORKER);
  });
  beforeEach(() => {
    spawned = 0;
    calls = new WorkerCalls(
      () => {
        spawned++;
        return spawnModuleWorker(dir, "echo-worker", { started: spawned });
      },
      "the echo worker",
      ({ reason }) => new Error(`refused: ${reason}`),
    );
  });
  afterEach(() => calls.close());
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("starts on the first call, answers each call by its id and maps failures back to errors", async () => {
    expect(calls.started).toBe(false);
    const answers = await Promise.all([1, 2, 3].map((value) => calls.call({ action: "echo", value })));
    expect(answers).toEqual([1, 2, 3].map((value) => ({ value, workerData: { started: 1 } })));
    expect(calls.started).toBe(true);
    await expect(calls.call({ action: "fail", value: "bad input" })).rejects.toThrow("refused: bad input");
    expect(spawned).toBe(1);
  });

  it("fails the calls waiting on a worker that dies, and the next call starts a fresh one", async () => {
    await expect(calls.call({ action: "exit" })).rejects.toThrow("the echo worker exited with code 3");
    await expect(calls.call({ action: "echo", value: "again" })).resolves.toEqual({ value: "again", workerData: { started: 2 } });
  });

  it("close fails what still waits", async () => {
    const refused = expect(calls.call({ action: "echo", value: 1 })).rejects.toThrow("the echo worker was closed");
    await calls.close();
    await refused;
    expect(calls.started).toBe(false);
  });
});
