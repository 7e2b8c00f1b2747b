import { timestampDate } from "@bufbuild/protobuf/wkt";
import { UserChangeKind } from "@qai/contracts";
import { exchange, user, userChanged, type Profile } from "./events";
import { startHarness, type Harness } from "./harness";
import { dayInTheLife, dave, eve, layla, omar, sara } from "./scenario";

describe("ListUsers: search, providers and pages", () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
    await harness.publish(dayInTheLife());
  });
  afterAll(() => harness.stop());

  const search = async (text: string, provider = "") => {
    const page = await harness.client.listUsers({ search: text, provider });
    return { total: page.total, emails: page.users.map((u) => u.email) };
  };

  it("matches every word against the start of a name, the e-mail address or its domain, newest first", async () => {
    expect(await search("sa")).toEqual({ total: 1, emails: [sara.email] });
    expect(await search("al")).toEqual({ total: 2, emails: [omar.email, sara.email] });
    expect(await search("al om")).toEqual({ total: 1, emails: [omar.email] });
    expect(await search("SARA ALOT")).toEqual({ total: 1, emails: [sara.email] });
    expect(await search("example")).toEqual({ total: 3, emails: [eve.email, omar.email, sara.email] });
    expect(await search("example.org")).toEqual({ total: 1, emails: [omar.email] });
    expect(await search("qai")).toEqual({ total: 1, emails: [layla.email] });
    expect(await search("x")).toEqual({ total: 0, emails: [] });
  });

  it("folds Arabic spelling variants and diacritics", async () => {
    expect(await search("ليلي")).toEqual({ total: 1, emails: [layla.email] });
    expect(await search("لَيْلى القحط")).toEqual({ total: 1, emails: [layla.email] });
  });

  it("never finds a deleted user", async () => {
    expect(await search("dave")).toEqual({ total: 0, emails: [] });
    expect(await search(dave.email)).toEqual({ total: 0, emails: [] });
  });

  it("filters by auth provider, with and without a search", async () => {
    expect(await search("", "email")).toEqual({ total: 3, emails: [eve.email, sara.email, layla.email] });
    expect(await search("", "google")).toEqual({ total: 1, emails: [omar.email] });
    expect(await search("example", "email")).toEqual({ total: 2, emails: [eve.email, sara.email] });
  });

  it("pages with keyset cursors, the same total on every page", async () => {
    for (const request of [{ search: "", provider: "" }, { search: "", provider: "email" }, { search: "example", provider: "" }]) {
      const expected = await search(request.search, request.provider);
      const emails: string[] = [];
      let cursor = "";
      do {
        const page = await harness.client.listUsers({ ...request, limit: 1, cursor });
        expect([page.users.length, page.total]).toEqual([1, expected.total]);
        emails.push(...page.users.map((u) => u.email));
        cursor = page.nextCursor;
      } while (cursor);
      expect(emails).toEqual(expected.emails);
    }
  });
});

describe("users from events out of order", () => {
  let harness: Harness;
  const nora: Profile = { userId: "u-nora", email: "nora@example.com", firstName: "Nora", lastName: "Oldname", createdAt: "2025-08-01T10:00:00.000Z" };

  beforeEach(async () => {
    harness = await startHarness();
  });
  afterEach(() => harness.stop());

  const listed = async () => (await harness.client.listUsers({})).users;

  it("keeps the newest profile snapshot when an older one arrives later", async () => {
    await harness.publish([
      userChanged(UserChangeKind.UPDATED, { ...nora, lastName: "Newname" }, "2025-08-03T10:00:00.000Z"),
      userChanged(UserChangeKind.CREATED, nora, "2025-08-01T10:00:00.000Z"),
    ]);
    expect((await listed()).map((u) => u.lastName)).toEqual(["Newname"]);
    expect((await harness.client.listUsers({ search: "oldname" })).total).toBe(0);
    expect((await harness.client.listUsers({ search: "newname" })).total).toBe(1);
  });

  it("counts the questions of a user whose profile has not arrived yet, and lists them once it does", async () => {
    await harness.publish([exchange({ answerId: "a1", conversationId: "c1", owner: user(nora.userId), question: "q one", at: "2025-08-06T09:00:00.000Z" })]);
    expect(await listed()).toEqual([]);
    expect(await harness.client.getUserStats({})).toMatchObject({ totalRegistered: 0, activeToday: 0 });
    await harness.publish([userChanged(UserChangeKind.CREATED, nora, "2025-08-01T10:00:00.000Z")]);
    const [listedNora] = await listed();
    expect(listedNora).toMatchObject({ userId: nora.userId, questionCount: 1 });
    expect(timestampDate(listedNora!.lastActiveAt!).toISOString()).toBe("2025-08-06T09:00:00.000Z");
    expect(await harness.client.getUserStats({})).toMatchObject({ totalRegistered: 1, activeToday: 1 });
  });

  it("counts the activity a profile carries (a sign-in) and ACTIVE events, whichever is latest", async () => {
    await harness.publish([userChanged(UserChangeKind.CREATED, { ...nora, lastActiveAt: "2025-08-06T11:59:00.000Z" }, "2025-08-06T11:59:00.000Z")]);
    expect(await harness.client.listActiveUsers({ window: 1 })).toMatchObject({ count: 1 });
    await harness.publish([userChanged(UserChangeKind.ACTIVE, { ...nora, lastActiveAt: "2025-08-05T22:00:00.000Z" }, "2025-08-05T22:00:00.000Z")]);
    const [listedNora] = await listed();
    expect(timestampDate(listedNora!.lastActiveAt!).toISOString()).toBe("2025-08-06T11:59:00.000Z");
  });

  it("a deleted user stays deleted: late profile events and questions attribute nothing to them", async () => {
    await harness.publish([userChanged(UserChangeKind.CREATED, nora, "2025-08-01T10:00:00.000Z"), userChanged(UserChangeKind.DELETED, nora, "2025-08-06T08:00:00.000Z")]);
    await harness.publish([
      userChanged(UserChangeKind.ACTIVE, nora, "2025-08-06T07:59:00.000Z"),
      userChanged(UserChangeKind.UPDATED, nora, "2025-08-06T09:00:00.000Z"),
      exchange({ answerId: "a1", conversationId: "c1", owner: user(nora.userId), question: "q one", at: "2025-08-06T07:58:00.000Z" }),
    ]);
    expect(await listed()).toEqual([]);
    expect(await harness.client.getUserStats({})).toMatchObject({ totalRegistered: 0, activeUsers: 0 });
    expect(await harness.client.getGeneralStats({})).toMatchObject({ totalQuestions: 1 });
    expect(await harness.client.getInsights({})).toMatchObject({ registered: 1 });
  });
});
