import type { Response } from "express";
import { SseHeartbeat, SseStream } from "../src/http/sse";

/** The parts of an Express response a stream uses, recording what is written. */
function fakeResponse() {
  const written: string[] = [];
  const socket = { uncorked: 0, uncork: () => (socket.uncorked += 1) };
  const response = {
    socket,
    writableEnded: false,
    destroyed: false,
    status: () => response,
    setHeader: () => response,
    flushHeaders: () => undefined,
    write: (text: string) => written.push(text),
    end: () => {
      response.writableEnded = true;
    },
  };
  return { response: response as unknown as Response, written, socket };
}

describe("SSE heartbeat", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("writes one comment per interval to every open stream from a single timer, and stops it when none is open", () => {
    const heartbeat = new SseHeartbeat(15_000);
    const a = fakeResponse();
    const b = fakeResponse();
    const first = new SseStream(a.response, heartbeat);
    const second = new SseStream(b.response, heartbeat);
    expect(jest.getTimerCount()).toBe(1);

    first.send({ content: "Hello" });
    jest.advanceTimersByTime(15_000);
    expect(a.written).toEqual(['data: {"content":"Hello"}\n\n', ": heartbeat\n\n"]);
    expect(b.written).toEqual([": heartbeat\n\n"]);

    first.end();
    jest.advanceTimersByTime(15_000);
    expect(a.written).toHaveLength(2);
    expect(b.written).toEqual([": heartbeat\n\n", ": heartbeat\n\n"]);

    second.end();
    expect(heartbeat.size).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
  });

  it("sendNow sends the event without waiting for the next tick (the socket is uncorked); send leaves it to Node", () => {
    const heartbeat = new SseHeartbeat(1_000);
    const target = fakeResponse();
    const stream = new SseStream(target.response, heartbeat);
    stream.sendNow({ content: "first" });
    stream.send({ content: "second" });
    expect(target.written).toEqual(['data: {"content":"first"}\n\n', 'data: {"content":"second"}\n\n']);
    expect(target.socket.uncorked).toBe(1);
    stream.end();
  });

  it("writes nothing to a response the client has already closed", () => {
    const heartbeat = new SseHeartbeat(1_000);
    const gone = fakeResponse();
    const stream = new SseStream(gone.response, heartbeat);
    (gone.response as unknown as { destroyed: boolean }).destroyed = true;
    jest.advanceTimersByTime(1_000);
    stream.send({ content: "late" });
    expect(gone.written).toEqual([]);
    stream.end();
  });
});
