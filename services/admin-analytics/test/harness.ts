import { ActivityWindow, AdminAnalyticsService } from "@qai/contracts";
import { InProcessEventBus, type EventEnvelope } from "@qai/event-bus";
import { createLogger, createServiceClient, type ClientOf, type RunningService } from "@qai/platform";
import { openSqliteRecordStore, type RecordStore } from "@qai/record-store";
import { startAdminAnalyticsService } from "@qai/admin-analytics";

/** The tests' clock: 15:00 in Riyadh on 6 August 2025 (Riyadh midnight was 2025-08-05T21:00Z). */
export const NOW = new Date("2025-08-06T12:00:00.000Z");

export interface Harness {
  bus: InProcessEventBus;
  store: RecordStore;
  service: RunningService;
  client: ClientOf<typeof AdminAnalyticsService>;
  publish(events: readonly EventEnvelope[]): Promise<void>;
  stop(): Promise<void>;
}

/** The service over loopback gRPC (or another transport's `bindAddress`), fed through an in-process bus, on a store file or in memory. */
export async function startHarness(options: { file?: string; now?: () => Date; bindAddress?: string } = {}): Promise<Harness> {
  const bus = new InProcessEventBus({ retry: { attempts: 1 } });
  const store = await openSqliteRecordStore({ file: options.file ?? ":memory:" });
  const service = await startAdminAnalyticsService({ store, bus, logger: createLogger({ level: "silent" }), bindAddress: options.bindAddress ?? "127.0.0.1:0", now: options.now ?? (() => NOW) });
  const client = createServiceClient(AdminAnalyticsService, service.address);
  return {
    bus,
    store,
    service,
    client,
    publish: (events) => bus.publish(events),
    async stop() {
      client.close();
      await service.stop(100);
      await bus.close();
    },
  };
}

type Client = Harness["client"];

/** Every page of a cursor-paged list. */
async function allPages<T>(fetch: (cursor: string) => Promise<{ items: T[]; nextCursor: string }>): Promise<T[]> {
  const items: T[] = [];
  let cursor = "";
  do {
    const page = await fetch(cursor);
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

/** The answer of every RPC, with the variants of their parameters, as plain JSON (for comparisons). */
export async function everyFigure(client: Client): Promise<unknown> {
  const users = (search: string, provider: string) =>
    allPages(async (cursor) => {
      const page = await client.listUsers({ search, provider, limit: 3, cursor });
      return { items: [page.total, ...page.users], nextCursor: page.nextCursor };
    });
  const figures = {
    general: await client.getGeneralStats({}),
    users: await users("", ""),
    usersByProvider: await users("", "email"),
    searches: await Promise.all(["a", "sa", "example com", "ليلى", "deleted"].map((search) => users(search, ""))),
    userStats: await client.getUserStats({}),
    active: await Promise.all([ActivityWindow.NOW, ActivityWindow.TODAY, ActivityWindow.WEEK].map((window) => client.listActiveUsers({ window, limit: 100 }))),
    questions: await client.listFrequentQuestions({ limit: 100 }),
    feedback: await client.getFeedbackStats({}),
    insights: await Promise.all([30, 90].map((days) => client.getInsights({ days, limit: 50 }))),
    audit: await allPages(async (cursor) => {
      const page = await client.listAudit({ limit: 3, cursor });
      return { items: page.entries, nextCursor: page.nextCursor };
    }),
    lag: await client.getConsumerLag({}),
  };
  return JSON.parse(JSON.stringify(figures, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value)));
}
