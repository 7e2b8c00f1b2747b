import type { ServerResponse } from "node:http";

const HEARTBEAT = ": heartbeat\n\n";

/**
 * One timer for every open stream of a gateway: each tick writes a heartbeat comment to all of them.
 * The timer runs only while a stream is open, and never keeps the process alive.
 */
export class SseHeartbeat {
  private readonly streams = new Set<SseStream>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly intervalMs: number) {}

  get size(): number {
    return this.streams.size;
  }

  add(stream: SseStream): void {
    this.streams.add(stream);
    if (!this.timer) {
      this.timer = setInterval(() => this.beat(), this.intervalMs);
      this.timer.unref();
    }
  }

  delete(stream: SseStream): void {
    this.streams.delete(stream);
    if (this.streams.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  private beat(): void {
    for (const stream of this.streams) stream.comment(HEARTBEAT);
  }
}

/**
 * A server-sent event stream in the spec's format: each event is one `data: <json>` line followed
 * by a blank line; the shared heartbeat's comment lines keep idle connections open through proxies.
 */
export class SseStream {
  constructor(
    private readonly response: ServerResponse,
    private readonly heartbeat: SseHeartbeat,
  ) {
    response.statusCode = 200;
    response.setHeader("Content-Type", "text/event-stream; charset=utf-8");
    response.setHeader("Cache-Control", "no-cache, no-transform");
    response.setHeader("Connection", "keep-alive");
    response.setHeader("X-Accel-Buffering", "no");
    response.flushHeaders();
    heartbeat.add(this);
  }

  send(data: unknown): void {
    this.write(`data: ${JSON.stringify(data)}\n\n`);
  }

  /**
   * Sends the event now. Node corks the socket on a write and sends on the next tick, so events
   * written back to back leave in one packet; but when the rest of the answer is computed without
   * yielding to the event loop (an in-process provider), that tick only comes after the final event.
   */
  sendNow(data: unknown): void {
    this.send(data);
    this.response.socket?.uncork();
  }

  /** A comment line (ignored by SSE clients). */
  comment(text: string): void {
    this.write(text);
  }

  end(): void {
    this.heartbeat.delete(this);
    if (!this.response.writableEnded) this.response.end();
  }

  private write(text: string): void {
    if (!this.response.writableEnded && !this.response.destroyed) this.response.write(text);
  }
}
