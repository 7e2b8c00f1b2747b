/**
 * The worker thread of `WorkerSearchIndex`: an `EmbeddedSearchIndex` answering the calls the main
 * thread posts, one message each, in the order they arrive.
 */
import { parentPort, workerData } from "node:worker_threads";
import { EmbeddedSearchIndex } from "./embedded-search-index";
import type { IndexCall, IndexReply, IndexWorkerData } from "./worker-protocol";

const { ranking, options } = workerData as IndexWorkerData;
const index = new EmbeddedSearchIndex(ranking, options);
const port = parentPort!;

async function answer({ id, method, args }: IndexCall): Promise<IndexReply> {
  try {
    const run = index[method] as (...values: unknown[]) => Promise<unknown>;
    return { id, ok: true, value: await run.apply(index, args) };
  } catch (error) {
    return { id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

port.on("message", (call: IndexCall) => {
  void answer(call).then((reply) => port.postMessage(reply));
});
