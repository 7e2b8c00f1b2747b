/**
 * Run as a child process by knowledge-base.test.ts: starts a replace over the store in argv[2] and
 * stops dead at the point argv[3] names ("writing": after the first chunk of the new generation is
 * written; "flipped": after the flip committed, before the old generation is removed), printing
 * that point so the parent can SIGKILL it there.
 */
import { EmbeddedSearchIndex, type IndexedArticle } from "@qai/search-index";
import { NEW_LAWS, openKnowledge } from "./helpers";

class FreezingIndex extends EmbeddedSearchIndex {
  replacing = false;

  constructor(private readonly stopAt: string) {
    super();
  }

  override async index(generation: string, articles: readonly IndexedArticle[]): Promise<void> {
    await super.index(generation, articles);
    if (this.replacing && this.stopAt === "writing") return freeze("writing");
  }

  override async activate(generation: string): Promise<void> {
    if (this.replacing && this.stopAt === "flipped") return freeze("flipped");
    return super.activate(generation);
  }
}

function freeze(point: string): Promise<never> {
  process.stdout.write(`STOPPED ${point}\n`);
  // Waits to be killed; gives up after a minute so a forgotten child never lingers.
  return new Promise<never>(() => setTimeout(() => process.exit(3), 60_000));
}

async function main(): Promise<void> {
  const [file, stopAt] = process.argv.slice(2);
  const index = new FreezingIndex(stopAt!);
  const { knowledge } = await openKnowledge(file!, index, { chunkArticles: 40 });
  await knowledge.open();
  index.replacing = true;
  await knowledge.replaceAll(NEW_LAWS);
  process.stdout.write("FINISHED\n");
}

void main();
