import { timestampDate, type Timestamp } from "@bufbuild/protobuf/wkt";
import { startHarness, type Harness } from "./harness";
import { CAPITAL, dayInTheLife, eve, FORGERY, LEAVE_AR_PLAIN, LEAVE_EN, layla, omar, PROBATION, sara } from "./scenario";
import { TRANSPORTS } from "../../../packages/platform/test/transports";

const iso = (timestamp: Timestamp | undefined) => (timestamp ? timestampDate(timestamp).toISOString() : undefined);

/** Each call's figures against the events of `dayInTheLife`, worked out by hand. */
describe.each(TRANSPORTS)("admin-analytics figures, called over %s", (_transport, bindAddress) => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({ bindAddress });
    await harness.publish(dayInTheLife());
  });
  afterAll(() => harness.stop());

  it("GetGeneralStats: questions today (Riyadh day), all questions, distinct conversations", async () => {
    expect(await harness.client.getGeneralStats({})).toMatchObject({ questionsToday: 5, totalQuestions: 8, totalConversations: 6 });
  });

  it("GetFeedbackStats: net likes and dislikes after switches and withdrawals", async () => {
    expect(await harness.client.getFeedbackStats({})).toMatchObject({ likes: 2, dislikes: 3 });
  });

  it("ListFrequentQuestions: wordings grouped, most asked first, the latest wording and answer shown", async () => {
    const { questions } = await harness.client.listFrequentQuestions({});
    expect(questions.map(({ question, count, likes, dislikes }) => ({ question, count, likes, dislikes }))).toEqual([
      { question: LEAVE_AR_PLAIN, count: 3, likes: 1, dislikes: 1 },
      { question: CAPITAL, count: 2, likes: 0, dislikes: 1 },
      { question: LEAVE_EN, count: 1, likes: 0, dislikes: 1 },
      { question: PROBATION, count: 1, likes: 0, dislikes: 0 },
      { question: FORGERY, count: 1, likes: 1, dislikes: 0 },
    ]);
    expect(questions[0]).toMatchObject({ latestAnswer: `answer to ${LEAVE_AR_PLAIN}` });
    expect(iso(questions[0]!.lastAskedAt)).toBe("2025-08-06T09:30:00.000Z");
    expect((await harness.client.listFrequentQuestions({ limit: 2 })).questions).toHaveLength(2);
  });

  it("GetInsights over 30 days: totals, answer times, providers and the daily series", async () => {
    const insights = await harness.client.getInsights({});
    expect(insights).toMatchObject({ days: 30, questions: 7, arabic: 5, english: 2, guests: 2, registered: 5, gaps: 1 });
    expect(insights.answerMsP50).toBeGreaterThan(200 * 0.9);
    expect(insights.answerMsP50).toBeLessThan(200 * 1.1);
    expect(insights.answerMsP95).toBeGreaterThan(900 * 0.9);
    expect(insights.answerMsP95).toBeLessThan(900 * 1.1);
    expect(insights.providers.map(({ provider, answers, fallbacks }) => ({ provider, answers, fallbacks }))).toEqual([
      { provider: "qai-local", answers: 6, fallbacks: 1 },
      { provider: "openai", answers: 1, fallbacks: 0 },
    ]);
    expect(insights.series).toHaveLength(30);
    expect(insights.series[0]!.date).toBe("2025-07-08");
    const day = (date: string) => insights.series.find((figures) => figures.date === date);
    expect(day("2025-08-06")).toMatchObject({ questions: 5, arabic: 4, english: 1, guests: 2, registered: 3, likes: 1, dislikes: 2, gaps: 1, fallbacks: 1 });
    expect(day("2025-08-05")).toMatchObject({ questions: 1, english: 1, registered: 1, likes: 0, dislikes: 0 });
    expect(day("2025-07-27")).toMatchObject({ questions: 1, arabic: 1, registered: 1, likes: 1 });
    expect(day("2025-07-28")).toMatchObject({ questions: 0, likes: 0 });
  });

  it("GetInsights over 90 days includes the older questions; 90 days of series", async () => {
    const insights = await harness.client.getInsights({ days: 90 });
    expect(insights).toMatchObject({ days: 90, questions: 8, arabic: 6, english: 2, guests: 3, registered: 5, gaps: 2 });
    expect(insights.series).toHaveLength(90);
    expect(insights.series.find((day) => day.date === "2025-06-27")).toMatchObject({ questions: 1, guests: 1, dislikes: 1, gaps: 1 });
  });

  it("GetInsights: cited laws and articles, the most disliked articles and the gaps, over all time", async () => {
    const insights = await harness.client.getInsights({ limit: 3 });
    expect(insights.citedLaws.map(({ lawId, lawName, lawNameEn, citations, likes, dislikes }) => ({ lawId, lawName, lawNameEn, citations, likes, dislikes }))).toEqual([
      { lawId: "labor", lawName: "نظام العمل", lawNameEn: "Labor Law", citations: 5, likes: 1, dislikes: 2 },
      { lawId: "forgery", lawName: "نظام مكافحة التزوير", lawNameEn: "Anti-Forgery Law", citations: 1, likes: 1, dislikes: 0 },
    ]);
    expect(insights.citedArticles.map(({ articleId, citations }) => [articleId, citations])).toEqual([
      ["labor#109", 4],
      ["labor#53", 1],
      ["labor#110", 1],
    ]);
    expect(insights.citedArticles[0]).toMatchObject({ lawName: "نظام العمل", lawNameEn: "Labor Law", articleNumber: 109, likes: 1, dislikes: 2 });
    expect(insights.dislikedArticles).toHaveLength(1);
    expect(insights.dislikedArticles[0]).toMatchObject({ articleId: "labor#109", dislikes: 2 });
    expect(insights.dislikedArticles[0]!.dislikeRate).toBeCloseTo(2 / 3);
    expect(insights.gapsList.map(({ question, count }) => ({ question, count }))).toEqual([{ question: CAPITAL, count: 2 }]);
    expect(iso(insights.gapsList[0]!.lastAskedAt)).toBe("2025-08-06T10:00:00.000Z");
  });

  it("ListUsers: registered users newest first, deleted ones left out, with their figures", async () => {
    const page = await harness.client.listUsers({});
    expect(page.total).toBe(4);
    expect(page.nextCursor).toBe("");
    expect(page.users.map((u) => u.email)).toEqual([eve.email, omar.email, sara.email, layla.email]);
    const [listedEve, listedOmar, listedSara, listedLayla] = page.users;
    expect(listedSara).toMatchObject({ userId: sara.userId, firstName: "Sara", lastName: "Alotaibi", isAdmin: false, questionCount: 2, provider: "email" });
    expect(iso(listedSara!.createdAt)).toBe(sara.createdAt);
    expect(iso(listedSara!.lastActiveAt)).toBe("2025-08-06T09:30:00.000Z");
    expect(listedOmar).toMatchObject({ isAdmin: false, questionCount: 2, provider: "google" });
    expect(listedLayla).toMatchObject({ isAdmin: true, questionCount: 0 });
    expect(iso(listedLayla!.lastActiveAt)).toBe("2025-08-06T11:58:00.000Z");
    expect(listedEve!.lastActiveAt).toBeUndefined();
  });

  it("GetUserStats and ListActiveUsers: now (5 minutes), today (since Riyadh midnight), the week", async () => {
    expect(await harness.client.getUserStats({})).toMatchObject({ totalRegistered: 4, activeUsers: 3, activeToday: 3, activeThisWeek: 3 });
    const active = async (window: number) => {
      const answer = await harness.client.listActiveUsers({ window, limit: 2 });
      return { count: answer.count, emails: answer.users.map((u) => u.email) };
    };
    expect(await active(1)).toEqual({ count: 1, emails: [layla.email] });
    expect(await active(2)).toEqual({ count: 3, emails: [layla.email, omar.email] });
    expect(await active(3)).toEqual({ count: 3, emails: [layla.email, omar.email] });
  });

  it("ListAudit: admin flag changes, knowledge operations (not the seed) and documents, newest first, with actors", async () => {
    const first = await harness.client.listAudit({ limit: 3 });
    const second = await harness.client.listAudit({ limit: 3, cursor: first.nextCursor });
    expect(second.nextCursor).toBe("");
    const entries = [...first.entries, ...second.entries].map(({ action, target, detail, actorUserId, actorEmail }) => ({ action, target, detail, actorUserId, actorEmail }));
    const byLayla = { actorUserId: layla.userId, actorEmail: layla.email };
    expect(entries).toEqual([
      { action: "admin.revoked", target: omar.email, detail: "Removed admin privileges.", ...byLayla },
      { action: "admin.granted", target: omar.email, detail: "Granted admin privileges.", ...byLayla },
      { action: "document.added", target: "عقد عمل نموذجي", detail: "Added the document (Labor Law).", ...byLayla },
      { action: "knowledge.upload", target: "نظام مكافحة التزوير", detail: "Added 1 law (20 articles); now 2 laws, 265 articles.", ...byLayla },
      { action: "admin.granted", target: layla.email, detail: "Granted admin privileges.", actorUserId: "", actorEmail: "" },
    ]);
    expect(iso(first.entries[0]!.occurredAt)).toBe("2025-08-06T10:40:00.000Z");
  });

  it("GetConsumerLag: events handled per topic, when the newest happened and was handled", async () => {
    const { consumers, startedAt } = await harness.client.getConsumerLag({});
    expect(iso(startedAt)).toBe("2025-08-06T12:00:00.000Z");
    const byTopic = Object.fromEntries(consumers.map((c) => [c.topic, c]));
    expect(consumers.map((c) => c.topic).sort()).toEqual(["accounts.user.v1", "chat.exchange.v1", "conversation.feedback.v1", "knowledge.base.v1", "knowledge.document.v1", "knowledge.law.v1"]);
    expect(byTopic["chat.exchange.v1"]).toMatchObject({ group: "admin-analytics", eventsProcessed: 8n });
    expect(byTopic["conversation.feedback.v1"]).toMatchObject({ eventsProcessed: 8n });
    expect(iso(byTopic["accounts.user.v1"]!.lastEventAt)).toBe("2025-08-06T11:58:00.000Z");
    expect(byTopic["accounts.user.v1"]!.lagMs).toBe(BigInt(2 * 60 * 1000));
  });
});
