import { setTimeout as sleep } from "node:timers/promises";
import { Shutdown, createLogger } from "@qai/platform";

const logger = createLogger({ service: "test", level: "silent" });

describe("Shutdown", () => {
  it("runs steps last-registered first, once, even when one fails", async () => {
    const order: string[] = [];
    const shutdown = new Shutdown(logger);
    shutdown.add("close stores", () => void order.push("stores"));
    shutdown.add("broken", () => {
      throw new Error("boom");
    });
    shutdown.add("stop accepting", async () => {
      await sleep(5);
      order.push("http");
    });
    await Promise.all([shutdown.run(), shutdown.run()]);
    expect(order).toEqual(["http", "stores"]);
  });

  it("fails when a step outlasts the timeout", async () => {
    const shutdown = new Shutdown(logger, 30);
    shutdown.add("hangs", () => sleep(1000));
    await expect(shutdown.run()).rejects.toThrow(/longer than 30 ms/);
  });
});
