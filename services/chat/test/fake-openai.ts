import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { once } from "node:events";
import type { AddressInfo } from "node:net";

/** What the fake endpoint does with the next request. */
export type Behaviour =
  | { kind: "stream"; tokens: string[]; intervalMs: number }
  | { kind: "error"; status: number; message: string }
  /** Never answers (no headers). */
  | { kind: "silent" }
  /** Sends headers, then nothing. */
  | { kind: "headers-only" };

export interface SeenRequest {
  body: { model: string; stream: boolean; messages: Array<{ role: string; content: string }> };
  authorization?: string;
  /** The client closed the connection before the answer ended. */
  closedEarly: boolean;
  tokensWritten: number;
  closed: Promise<void>;
}

/** A tiny OpenAI-compatible server: POST /v1/chat/completions with `stream: true`, as SSE chunks. */
export class FakeOpenAi {
  behaviour: Behaviour = { kind: "stream", tokens: ["Hello"], intervalMs: 1 };
  readonly requests: SeenRequest[] = [];
  private readonly server: Server = createServer((request, response) => void this.handle(request, response));

  async start(): Promise<string> {
    this.server.listen(0, "127.0.0.1");
    await once(this.server, "listening");
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let raw = "";
    for await (const chunk of request) raw += String(chunk);
    if (request.method !== "POST" || request.url !== "/v1/chat/completions") {
      response.writeHead(404).end();
      return;
    }
    let closedEarly = false;
    let finished = false;
    const closed = new Promise<void>((resolve) =>
      response.once("close", () => {
        closedEarly = !finished;
        resolve();
      }),
    );
    const seen: SeenRequest = {
      body: JSON.parse(raw) as SeenRequest["body"],
      authorization: request.headers.authorization,
      get closedEarly() {
        return closedEarly;
      },
      tokensWritten: 0,
      closed,
    };
    this.requests.push(seen);
    const behaviour = this.behaviour;
    if (behaviour.kind === "silent") return;
    if (behaviour.kind === "error") {
      response.writeHead(behaviour.status, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: behaviour.message, type: "server_error" } }));
      return;
    }
    response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    response.flushHeaders();
    if (behaviour.kind === "headers-only") return;
    for (const token of behaviour.tokens) {
      await new Promise((resolve) => setTimeout(resolve, behaviour.intervalMs));
      // Like a real endpoint, generation stops once the client has gone.
      if (closedEarly || response.destroyed) return;
      const chunk = { id: "chatcmpl-1", object: "chat.completion.chunk", created: 0, model: seen.body.model, choices: [{ index: 0, delta: { content: token }, finish_reason: null }] };
      response.write(`data: ${JSON.stringify(chunk)}\n\n`);
      seen.tokensWritten += 1;
    }
    response.write(`data: ${JSON.stringify({ id: "chatcmpl-1", object: "chat.completion.chunk", created: 0, model: seen.body.model, choices: [{ index: 0, delta: {}, finish_reason: "stop" }] })}\n\n`);
    response.write("data: [DONE]\n\n");
    finished = true;
    response.end();
  }
}
