import { articleBatches, type PreparedLaw } from "../src/app/generations";
import type { ArticleRecord, LawRecord } from "../src/domain/records";

/** A law with `count` articles: only the ids matter to the batching. */
function law(id: string, count: number): PreparedLaw {
  return {
    law: { id } as LawRecord,
    articles: Array.from({ length: count }, (_, at) => ({ id: `${id}#${at + 1}` }) as ArticleRecord),
  };
}

const ids = (records: ReadonlyArray<{ id: string }>) => records.map((record) => record.id);

describe("articleBatches", () => {
  it("writes a long law over several batches, its record with the first, and fills each batch across laws", () => {
    const batches = [...articleBatches([law("a", 5), law("b", 1), law("c", 2)], 2)];
    expect(batches.map((batch) => ({ laws: ids(batch.laws), articles: ids(batch.articles) }))).toEqual([
      { laws: ["a"], articles: ["a#1", "a#2"] },
      { laws: [], articles: ["a#3", "a#4"] },
      { laws: ["b"], articles: ["a#5", "b#1"] },
      { laws: ["c"], articles: ["c#1", "c#2"] },
    ]);
  });

  it("keeps a law without articles, and yields nothing for no laws", () => {
    expect([...articleBatches([law("empty", 0)], 3)].map((batch) => ids(batch.laws))).toEqual([["empty"]]);
    expect([...articleBatches([], 3)]).toEqual([]);
  });
});
