/// <reference types="jest" />
import { TextPacer, type PacerScheduler } from "./text-pacer";

/** Frames run only when the test says so. */
function manualFrames(immediate = false) {
  let queued: Array<() => void> = [];
  const scheduler: PacerScheduler = {
    requestFrame: (callback) => queued.push(callback),
    cancelFrame: () => {
      queued = [];
    },
    immediate: () => immediate,
  };
  const runFrame = () => {
    const callbacks = queued;
    queued = [];
    callbacks.forEach((callback) => callback());
  };
  return { scheduler, runFrame, pending: () => queued.length };
}

describe("TextPacer", () => {
  it("reveals a long answer received at once over several frames, each a longer prefix, then stops asking for frames", async () => {
    const frames = manualFrames();
    const shown: string[] = [];
    const pacer = new TextPacer((text) => shown.push(text), frames.scheduler);
    const answer = "تسعون يومًا. ".repeat(100);
    pacer.append(answer);
    expect(shown).toEqual([]);
    let caughtUp = false;
    void pacer.caughtUp().then(() => (caughtUp = true));
    let frameCount = 0;
    while (frames.pending() > 0) {
      frames.runFrame();
      frameCount += 1;
    }
    await Promise.resolve();
    expect(frameCount).toBeGreaterThan(10);
    expect(frameCount).toBeLessThan(120);
    expect(shown[shown.length - 1]).toBe(answer);
    shown.forEach((text, i) => expect(answer.startsWith(text) && (i === 0 || text.length > shown[i - 1]!.length)).toBe(true));
    expect(caughtUp).toBe(true);
  });

  it("shows text as it arrives when motion is reduced", () => {
    const frames = manualFrames(true);
    const shown: string[] = [];
    const pacer = new TextPacer((text) => shown.push(text), frames.scheduler);
    pacer.append("Ninety ");
    pacer.append("days.");
    expect(shown).toEqual(["Ninety ", "Ninety days."]);
    expect(frames.pending()).toBe(0);
  });

  it("flush shows everything at once; reset forgets the answer and releases waiters", async () => {
    const frames = manualFrames();
    const shown: string[] = [];
    const pacer = new TextPacer((text) => shown.push(text), frames.scheduler);
    pacer.append("x".repeat(500));
    frames.runFrame();
    pacer.flush();
    expect(shown[shown.length - 1]).toHaveLength(500);
    expect(frames.pending()).toBe(0);

    pacer.append("more");
    const waiting = pacer.caughtUp();
    pacer.reset();
    await waiting;
    expect(pacer.text).toBe("");
  });

  it("never splits a surrogate pair between frames", () => {
    const frames = manualFrames();
    const shown: string[] = [];
    const pacer = new TextPacer((text) => shown.push(text), frames.scheduler);
    pacer.append("a".repeat(11) + "😀" + "b".repeat(20));
    frames.runFrame();
    expect(shown[0]).toBe("a".repeat(11) + "😀");
  });
});
