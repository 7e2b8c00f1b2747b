import type { Response } from "express";

/**
 * A server-sent event stream in the spec's format: each event is one `data: <json>` line followed
 * by a blank line; a comment line keeps idle connections open through proxies.
 */
export class SseStream {
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly response: Response,
    heartbeatMs: number,
  ) {
    response.status(200);
    response.setHeader("Content-Type", "text/event-stream; charset=utf-8");
    response.setHeader("Cache-Control", "no-cache, no-transform");
    response.setHeader("Connection", "keep-alive");
    response.setHeader("X-Accel-Buffering", "no");
    response.flushHeaders();
    this.heartbeat = setInterval(() => this.write(": heartbeat\n\n"), heartbeatMs);
    this.heartbeat.unref();
  }

  send(data: unknown): void {
    this.write(`data: ${JSON.stringify(data)}\n\n`);
  }

  end(): void {
    clearInterval(this.heartbeat);
    if (!this.response.writableEnded) this.response.end();
  }

  private write(text: string): void {
    if (!this.response.writableEnded && !this.response.destroyed) this.response.write(text);
  }
}
