/** The warm-up before activation: it searches the generation, stops at its budget, and changes no result. */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EmbeddedSearchIndex } from "../src/index";
import { Generation } from "../src/embedded/generation";
import { DEFAULT_RANKING } from "../src/embedded/ranking";
import { warmUp } from "../src/embedded/warm-up";

// The real warm-up, observed: which activations call it.
jest.mock("../src/embedded/warm-up", () => {
  const actual = jest.requireActual<typeof import("../src/embedded/warm-up")>("../src/embedded/warm-up");
  return { ...actual, warmUp: jest.fn(actual.warmUp) };
});
const warmUpCalls = jest.mocked(warmUp);
import { FIXTURE } from "./fixtures";

function generationOf(articles = FIXTURE): Generation {
  const generation = new Generation();
  for (const article of articles) generation.upsert(article);
  return generation;
}

describe("warm-up", () => {
  it("searches the generation with its own articles (an English title now and then) and leaves it as it was", async () => {
    const generation = generationOf();
    const version = generation.version;
    const searches = await warmUp(generation, DEFAULT_RANKING, 60_000);
    // 2,000 articles drawn (the fixture's, over and over), and an English query for every fifth with an English title.
    expect(searches).toBeGreaterThan(2000);
    expect(searches).toBeLessThanOrEqual(2400);
    expect(generation.version).toBe(version);
  });

  it("stops when its budget is spent", async () => {
    expect(await warmUp(generationOf(), DEFAULT_RANKING, 0)).toBe(0);
  });

  it("gives a generation activated while another is searched (a replace) a shorter warm-up", async () => {
    warmUpCalls.mockClear();
    const index = new EmbeddedSearchIndex(DEFAULT_RANKING, { warmUpMs: 1500 });
    for (let i = 0; i < 2; i++) {
      const generation = await index.createGeneration();
      await index.index(generation, FIXTURE);
      await index.activate(generation);
    }
    expect(warmUpCalls.mock.calls.map((call) => call[2])).toEqual([1500, 300]);
  });

  it("lets the active generation answer while the next one is warmed", async () => {
    const index = new EmbeddedSearchIndex(DEFAULT_RANKING, { warmUpMs: 60_000 });
    const first = await index.createGeneration();
    await index.index(first, FIXTURE);
    await index.activate(first);
    const next = await index.createGeneration();
    await index.index(next, FIXTURE.slice(0, 1));
    let activated = false;
    const activation = index.activate(next).then(() => (activated = true));
    // Answered from the first generation (every article) before the warm-up of the second (one article) is over.
    const hits = await index.search("ما مدة الإجازة السنوية للعامل؟");
    expect(activated).toBe(false);
    expect(hits.length).toBeGreaterThan(1);
    await activation;
    expect((await index.search("ما مدة الإجازة السنوية للعامل؟")).length).toBeLessThanOrEqual(1);
  });

  it("runs when a generation is activated with a budget, not without one, and not for a restored snapshot", async () => {
    warmUpCalls.mockClear();
    for (const warmUpMs of [25, 0]) {
      const index = new EmbeddedSearchIndex(DEFAULT_RANKING, { warmUpMs });
      const generation = await index.createGeneration();
      await index.index(generation, FIXTURE);
      await index.activate(generation);
    }
    expect(warmUpCalls).toHaveBeenCalledTimes(1);
    expect(warmUpCalls.mock.calls[0]![2]).toBe(25);
    const dir = await mkdtemp(join(tmpdir(), "qai-warm-up-"));
    try {
      const snapshotFile = join(dir, "index.snapshot");
      const saved = new EmbeddedSearchIndex(DEFAULT_RANKING, { snapshotFile });
      const generation = await saved.createGeneration();
      await saved.index(generation, FIXTURE);
      await saved.activate(generation);
      await saved.saveSnapshot("k");
      warmUpCalls.mockClear();
      expect(await new EmbeddedSearchIndex(DEFAULT_RANKING, { snapshotFile, warmUpMs: 25 }).restoreSnapshot("k")).toBe(true);
      expect(warmUpCalls).not.toHaveBeenCalled();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("gives the same hits as an index activated without it", async () => {
    const activated = async (warmUpMs: number) => {
      const index = new EmbeddedSearchIndex(DEFAULT_RANKING, { warmUpMs });
      const generation = await index.createGeneration();
      await index.index(generation, FIXTURE);
      await index.activate(generation);
      return index;
    };
    const [warm, cold] = [await activated(50), await activated(0)];
    for (const [question, language] of [["ما مدة الإجازة السنوية للعامل؟", "ar"], ["What is the penalty for harassment?", "en"]] as const) {
      const hits = await warm.search(question, { language });
      expect(hits.length).toBeGreaterThan(0);
      expect(hits).toEqual(await cold.search(question, { language }));
    }
  });
});
