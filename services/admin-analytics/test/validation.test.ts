import { ActivityWindow, DocumentChangeKind, UserChangeKind } from "@qai/contracts";
import { citation, documentChanged, exchange, guest, userChanged } from "./events";
import { startHarness, type Harness } from "./harness";

const bilingual = { code: "invalid_argument", userMessage: { ar: expect.stringMatching(/[\u0600-\u06FF]/), en: expect.any(String) } };

describe("admin-analytics requests: defaults and bounds", () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
    const at = (i: number) => new Date(Date.UTC(2025, 7, 6, 8, 0, i)).toISOString();
    await harness.publish([
      ...Array.from({ length: 60 }, (_, i) => userChanged(UserChangeKind.ACTIVE, { userId: `u-${i}`, email: `user${i}@example.com`, firstName: "User", lastName: `N${i}`, createdAt: at(i) }, at(i))),
      ...Array.from({ length: 25 }, (_, i) =>
        exchange({ answerId: `a${i}`, conversationId: `c${i}`, owner: guest("g"), question: `question number ${i}`, citations: [citation("labor", i, "نظام العمل")], at: at(i) }),
      ),
      ...Array.from({ length: 60 }, (_, i) => documentChanged(DocumentChangeKind.ADDED, { documentId: `d${i}`, title: `Document ${i}`, category: "Labor Law", actorUserId: "u-0" }, at(i))),
    ]);
  });
  afterAll(() => harness.stop());

  it("a limit of 0 means each call's default", async () => {
    const { client } = harness;
    const users = await client.listUsers({});
    expect([users.users.length, users.total, users.nextCursor !== ""]).toEqual([50, 60, true]);
    expect((await client.listUsers({ limit: 100 })).users).toHaveLength(60);
    expect((await client.listActiveUsers({ window: ActivityWindow.WEEK })).users).toHaveLength(50);
    expect((await client.listFrequentQuestions({})).questions).toHaveLength(20);
    expect((await client.listAudit({})).entries).toHaveLength(50);
    const insights = await client.getInsights({});
    expect([insights.days, insights.series.length, insights.citedArticles.length]).toEqual([30, 30, 10]);
  });

  it("answers INVALID_ARGUMENT with a bilingual message for values out of bounds", async () => {
    const { client } = harness;
    const refusals = [
      client.listUsers({ limit: 101 }),
      client.listUsers({ limit: -1 }),
      client.listUsers({ cursor: "not-a-cursor" }),
      client.listUsers({ provider: "Email|x" }),
      client.listUsers({ search: "x".repeat(201) }),
      client.listActiveUsers({ window: ActivityWindow.UNSPECIFIED }),
      client.listActiveUsers({ window: ActivityWindow.NOW, limit: 101 }),
      client.listFrequentQuestions({ limit: 101 }),
      client.getInsights({ days: 7 }),
      client.getInsights({ limit: 51 }),
      client.listAudit({ limit: 101 }),
      client.listAudit({ cursor: Buffer.from("2025-08-06T08:00:00.000Z").toString("base64url") }),
    ];
    for (const refusal of refusals) await expect(refusal).rejects.toMatchObject(bilingual);
  });

  it("accepts the bounds themselves", async () => {
    const { client } = harness;
    expect((await client.listUsers({ limit: 1 })).users).toHaveLength(1);
    expect((await client.getInsights({ days: 90, limit: 50 })).series).toHaveLength(90);
    expect((await client.listFrequentQuestions({ limit: 100 })).questions).toHaveLength(25);
  });
});
