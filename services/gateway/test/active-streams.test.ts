import { ActiveStreams, BURST_STREAMS } from "../src/http/streams";

describe("ActiveStreams", () => {
  function opened(streams: ActiveStreams, count: number): AbortController[] {
    return Array.from({ length: count }, () => streams.open());
  }

  it("says a burst is over once its streams fall to a quarter of their peak, once per burst", () => {
    const bursts: number[] = [];
    const streams = new ActiveStreams(10_000, () => bursts.push(streams.size));
    const burst = opened(streams, BURST_STREAMS * 2);
    burst.slice(0, BURST_STREAMS + BURST_STREAMS / 2 - 1).forEach((controller) => streams.close(controller));
    expect(bursts).toEqual([]);
    burst.slice(BURST_STREAMS + BURST_STREAMS / 2 - 1).forEach((controller) => streams.close(controller));
    expect(bursts).toEqual([BURST_STREAMS / 2]);
  });

  it("does not call fewer streams than BURST_STREAMS a burst", () => {
    const bursts: number[] = [];
    const streams = new ActiveStreams(10_000, () => bursts.push(streams.size));
    for (let round = 0; round < 3; round++) opened(streams, BURST_STREAMS - 1).forEach((controller) => streams.close(controller));
    expect(bursts).toEqual([]);
  });

  it("counts a second burst from what the first left open", () => {
    const bursts: number[] = [];
    const streams = new ActiveStreams(10_000, () => bursts.push(streams.size));
    const first = opened(streams, BURST_STREAMS);
    first.slice(0, (BURST_STREAMS * 3) / 4).forEach((controller) => streams.close(controller));
    const second = opened(streams, BURST_STREAMS);
    [...first.slice((BURST_STREAMS * 3) / 4), ...second].forEach((controller) => streams.close(controller));
    // The second peak is what the first left plus the second burst; it is over at a quarter of that.
    expect(bursts).toEqual([BURST_STREAMS / 4, (BURST_STREAMS / 4 + BURST_STREAMS) / 4]);
  });
});
