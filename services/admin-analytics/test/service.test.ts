import { UserChangeKind } from "@qai/contracts";
import { checkHealth } from "@qai/platform";
import { userChanged } from "./events";
import { startHarness } from "./harness";
import { sara } from "./scenario";
import { TRANSPORTS } from "../../../packages/platform/test/transports";

describe.each(TRANSPORTS)("startAdminAnalyticsService, called over %s", (_transport, bindAddress) => {
  it("serves health, consumes from the moment it resolves, and on stop unsubscribes before closing its store", async () => {
    const harness = await startHarness({ bindAddress });
    await harness.service.ready;
    expect(await checkHealth(harness.service.address)).toBe(true);
    expect(await checkHealth(harness.service.address, "qai.analytics.v1.AdminAnalyticsService")).toBe(true);
    await harness.publish([userChanged(UserChangeKind.CREATED, sara, sara.createdAt)]);
    expect((await harness.client.getUserStats({})).totalRegistered).toBe(1);
    await harness.service.stop(100);
    // Nobody in the group is left: the event is not handed to a closed store.
    await expect(harness.bus.publish([userChanged(UserChangeKind.UPDATED, sara, "2025-08-06T09:00:00.000Z")])).resolves.toBeUndefined();
    harness.client.close();
    await harness.bus.close();
  });
});
