import { decodeCursor, encodeCursor } from "../src/domain/cursor";
import { addSample, percentile, type Histogram } from "../src/domain/histogram";
import { daysEnding, riyadhDay, riyadhMidnight } from "../src/domain/time";
import { seeded } from "./stream";

describe("Riyadh days", () => {
  it("a day runs from 21:00 UTC to 21:00 UTC", () => {
    expect(riyadhDay("2025-08-05T20:59:59.999Z")).toBe("2025-08-05");
    expect(riyadhDay("2025-08-05T21:00:00.000Z")).toBe("2025-08-06");
    expect(riyadhMidnight(new Date("2025-08-06T12:00:00.000Z")).toISOString()).toBe("2025-08-05T21:00:00.000Z");
    expect(riyadhMidnight(new Date("2025-08-05T22:00:00.000Z")).toISOString()).toBe("2025-08-05T21:00:00.000Z");
  });

  it("lists the days of a period oldest first, across months", () => {
    expect(daysEnding("2025-03-02", 3)).toEqual(["2025-02-28", "2025-03-01", "2025-03-02"]);
    expect(daysEnding("2025-08-06", 30)).toHaveLength(30);
  });
});

describe("answer-time histogram", () => {
  it("reads percentiles within 10 % of the exact ones", () => {
    const random = seeded(3);
    const samples = Array.from({ length: 5000 }, () => Math.round(20 * Math.exp(random() * 6)));
    const histogram: Histogram = {};
    samples.forEach((ms) => addSample(histogram, ms));
    const sorted = [...samples].sort((a, b) => a - b);
    for (const p of [0.5, 0.95]) {
      const exact = sorted[Math.ceil(p * sorted.length) - 1]!;
      expect(Math.abs(percentile(histogram, p) - exact) / exact).toBeLessThan(0.1);
    }
    expect(percentile({}, 0.5)).toBe(0);
  });
});

describe("page cursors", () => {
  it("carry a sort key and refuse anything else", () => {
    const key = "2025-08-06T08:00:00.000Z|u-1";
    expect(decodeCursor(encodeCursor(key))).toBe(key);
    expect(decodeCursor("garbage!")).toBeUndefined();
    expect(decodeCursor(encodeCursor("no time|u-1"))).toBeUndefined();
  });
});
