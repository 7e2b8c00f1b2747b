import { KeyedThrottle } from "../src/throttle";

describe("KeyedThrottle", () => {
  const at = (seconds: number) => new Date(Date.UTC(2026, 10, 24, 12, 0, seconds));

  it("lets one event per key through per interval", () => {
    const throttle = new KeyedThrottle(60_000);
    expect(throttle.due("sara", at(0))).toBe(true);
    expect(throttle.due("sara", at(30))).toBe(false);
    expect(throttle.due("omar", at(30))).toBe(true);
    expect(throttle.due("sara", at(59))).toBe(false);
    expect(throttle.due("sara", at(60))).toBe(true);
    expect(throttle.due("omar", at(61))).toBe(false);
  });
});
