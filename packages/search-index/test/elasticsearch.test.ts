import { randomBytes } from "node:crypto";
import { Client } from "@elastic/elasticsearch";
import { ElasticsearchSearchIndex } from "../src/elasticsearch/elasticsearch-search-index";
import { testSearchIndex } from "./contract-suite";
import { FIXTURE } from "./fixtures";
import { elasticsearchUrl } from "./real-elasticsearch";

const { url, skipReason } = elasticsearchUrl();
/** Every index this file creates starts with this prefix; they are all deleted at the end. */
const PREFIX = `qai-test-${randomBytes(4).toString("hex")}`;
let aliases = 0;

async function deleteTestIndices(): Promise<void> {
  const client = new Client({ node: url });
  try {
    const indices = (await client.cat.indices({ index: `${PREFIX}-*`, format: "json" })).map((row) => row.index!).filter(Boolean);
    if (indices.length > 0) await client.indices.delete({ index: indices.join(",") });
  } finally {
    await client.close();
  }
}

if (skipReason) {
  describe.skip(`SearchIndex contract: elasticsearch (${skipReason})`, () => {
    it("needs a server", () => undefined);
  });
} else {
  jest.setTimeout(30_000);
  afterAll(deleteTestIndices);

  // Each test gets its own alias, so generations of one test never meet another's.
  testSearchIndex("elasticsearch", () => ElasticsearchSearchIndex.connect(url, { alias: `${PREFIX}-${++aliases}` }));

  describe("ElasticsearchSearchIndex", () => {
    const open = () => ElasticsearchSearchIndex.connect(url, { alias: `${PREFIX}-${++aliases}`, batchSize: 3 });

    it("drops the replaced generation's index when the alias flips", async () => {
      const index = await open();
      const client = new Client({ node: url });
      try {
        const first = await index.createGeneration();
        await index.index(first, FIXTURE);
        await index.activate(first);
        const second = await index.createGeneration();
        await index.index(second, FIXTURE.slice(0, 2));
        await index.activate(second);
        const names = Object.keys(await client.indices.get({ index: `${PREFIX}-${aliases}-*` }));
        expect(names).toEqual([`${PREFIX}-${aliases}-${second}`]);
        expect(await index.count()).toBe(2);
      } finally {
        await client.close();
        await index.close();
      }
    });

    it("refuses to discard the active generation and to index into an unknown one", async () => {
      const index = await open();
      try {
        const generation = await index.createGeneration();
        await index.activate(generation);
        await expect(index.discard(generation)).rejects.toThrow(/active/);
        await expect(index.index("nope", FIXTURE)).rejects.toThrow(/unknown/);
      } finally {
        await index.close();
      }
    });

    it("fails to connect when nothing answers", async () => {
      await expect(ElasticsearchSearchIndex.connect("http://127.0.0.1:1")).rejects.toThrow();
    });
  });
}
