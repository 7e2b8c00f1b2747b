/**
 * The anchor of bench/streams.ts, in a child process: a bare `node:http` server that answers any POST
 * as server-sent events the way the product does (a userMessage event and one content event), holds
 * the stream open until the parent sends "release", then writes the final event and ends it. No
 * framework, no services: what an open SSE connection costs Node itself. Tells the parent its port
 * over IPC and answers "memory" messages with process.memoryUsage().
 */
import { createServer, type ServerResponse } from "node:http";
import { once } from "node:events";

const held = new Set<ServerResponse>();

const server = createServer((request, response) => {
  request.resume();
  request.on("end", () => {
    response.writeHead(200, { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no" });
    response.write(`data: ${JSON.stringify({ type: "userMessage", conversationId: "c", messageId: "m" })}\n\ndata: ${JSON.stringify({ content: "held " })}\n\n`);
    held.add(response);
    response.on("close", () => held.delete(response));
  });
});

async function main(): Promise<void> {
  server.listen(0, "127.0.0.1", 1024);
  await once(server, "listening");
  process.on("message", (message) => {
    if (message === "memory") process.send?.({ memory: process.memoryUsage() });
    if (message === "gc") global.gc?.();
    if (message === "release") {
      for (const response of held) response.end(`data: ${JSON.stringify({ content: "released" })}\n\ndata: ${JSON.stringify({ isComplete: true, content: "held released" })}\n\n`);
    }
    if (message === "stop") server.close(() => process.exit(0));
  });
  const address = server.address();
  process.send?.({ port: typeof address === "object" && address ? address.port : 0 });
}

void main();
