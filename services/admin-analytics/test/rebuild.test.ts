import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { rebuild } from "@qai/admin-analytics";
import type { TotalsRecord } from "../src/domain/records";
import { EXIT, runRebuildCli } from "../src/rebuild-cli";
import { everyFigure, startHarness, type Harness } from "./harness";
import { realisticStream } from "./stream";

describe("rebuild and redelivery", () => {
  const events = realisticStream();
  let dir: string;
  let reference: Harness;
  let expected: unknown;

  beforeAll(async () => {
    reference = await startHarness();
    await reference.publish(events);
    expected = await everyFigure(reference.client);
  });
  afterAll(() => reference.stop());
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "qai-analytics-rebuild-"));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("the stream exercises every figure", async () => {
    const { general, feedback, userStats, audit, questions } = expected as Record<string, Record<string, unknown>>;
    expect(general).toMatchObject({ totalQuestions: 241 });
    expect(feedback!.likes).toBeGreaterThan(10);
    expect(feedback!.dislikes).toBeGreaterThan(10);
    expect(userStats).toMatchObject({ totalRegistered: 22 });
    expect((audit as unknown as unknown[]).length).toBe(7);
    expect((questions!.questions as unknown[]).length).toBeLessThan(20);
  });

  it("rebuild replays the event log into the same answer to every call", async () => {
    const harness = await startHarness();
    try {
      await harness.publish(events);
      // Read models gone wrong: rebuild restores them from the event log.
      await harness.store.collection<TotalsRecord>("totals").put({ id: "totals", questions: 0, conversations: 0, likes: 0, dislikes: 0 });
      await harness.store.collection("users").deleteMany({});
      expect(await everyFigure(harness.client)).not.toEqual(expected);
      expect(await rebuild(harness.store)).toBe(events.length);
      expect(await everyFigure(harness.client)).toEqual(expected);
    } finally {
      await harness.stop();
    }
  });

  it("every event delivered twice, across a restart on the same store file, changes no figure", async () => {
    const file = join(dir, "admin-analytics.db");
    const half = Math.floor(events.length / 2);
    const first = await startHarness({ file });
    await first.publish(events.slice(0, half));
    await first.publish(events.slice(0, half / 2));
    await first.stop();
    const second = await startHarness({ file });
    try {
      await second.publish(events.slice(half));
      await second.publish(events);
      expect(await everyFigure(second.client)).toEqual(expected);
    } finally {
      await second.stop();
    }
  });

  it("the rebuild CLI prints the figures before and after", async () => {
    const harness = await startHarness({ file: join(dir, "admin-analytics.db") });
    await harness.publish(events);
    await harness.stop();
    const out: string[] = [];
    const code = await runRebuildCli(["--data-dir", dir], {}, { out: (line) => out.push(line), err: (line) => out.push(line) });
    expect(code).toBe(EXIT.ok);
    expect(out[0]).toMatch(/^figure\s+before\s+after$/);
    expect(out.find((line) => line.startsWith("questions (all time)"))).toMatch(/\s241\s+241$/);
    const [before, after] = [out.slice(1, -1).map((line) => line.slice(32, 44).trim()), out.slice(1, -1).map((line) => line.slice(44).trim())];
    expect(after).toEqual(before);
    expect(before).toHaveLength(17);
    expect(out.at(-1)).toMatch(new RegExp(`^replayed ${events.length} events`));
    const again = await startHarness({ file: join(dir, "admin-analytics.db") });
    try {
      expect(await everyFigure(again.client)).toEqual(expected);
    } finally {
      await again.stop();
    }
  });

  it("the rebuild CLI refuses bad arguments and a directory without a store", async () => {
    const err: string[] = [];
    const output = { out: () => undefined, err: (line: string) => err.push(line) };
    expect(await runRebuildCli(["--data"], {}, output)).toBe(EXIT.usage);
    expect(await runRebuildCli(["--data-dir", join(dir, "missing")], {}, output)).toBe(EXIT.failed);
    expect(err.at(-1)).toMatch(/no admin-analytics.db/);
  });
});
