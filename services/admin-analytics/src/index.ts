import { AdminAnalyticsService } from "@qai/contracts";
import type { EventBus } from "@qai/event-bus";
import { GrpcServer, serveGrpc, type Logger, type RunningService } from "@qai/platform";
import type { RecordStore } from "@qai/record-store";
import { ConsumerLag } from "./app/consumer-lag";
import { ANALYTICS_GROUP, EVENT_KINDS, subscribeConsumers } from "./app/consumers";
import { AuditTrail } from "./app/queries/audit";
import { GeneralFigures } from "./app/queries/general";
import { Insights } from "./app/queries/insights";
import { UserFigures } from "./app/queries/users";
import { analyticsHandlers, type AnalyticsApp } from "./grpc/handlers";

export { rebuild } from "./app/rebuild";
export { analyticsHandlers, type AnalyticsApp } from "./grpc/handlers";

export interface AdminAnalyticsServiceOptions {
  store: RecordStore;
  /** Where the six topics arrive (group "admin-analytics"). */
  bus: EventBus;
  logger: Logger;
  /** Where to listen, e.g. "127.0.0.1:0". */
  bindAddress: string;
  /** The clock (tests): "today", the activity windows and the consumer lag. */
  now?: () => Date;
}

/**
 * The read models of the admin dashboards, fed by chat.exchange.v1, conversation.feedback.v1,
 * accounts.user.v1, knowledge.law.v1, knowledge.base.v1 and knowledge.document.v1. The consumers are
 * subscribed before this resolves, so an in-process bus delivers every event published afterwards.
 */
export async function startAdminAnalyticsService({ store, bus, logger, bindAddress, now = () => new Date() }: AdminAnalyticsServiceOptions): Promise<RunningService> {
  const server = new GrpcServer(logger).add(AdminAnalyticsService, analyticsHandlers(createAnalyticsApp(store, now)));
  const subscriptions = await subscribeConsumers(store, bus, now);
  return serveGrpc("admin-analytics", server, bindAddress, async () => {
    await Promise.all(subscriptions.map((subscription) => subscription.unsubscribe()));
    await store.close();
  });
}

/** The queries the handlers answer from, over one store; started now (the consumer lag's `started_at`). */
export function createAnalyticsApp(store: RecordStore, now: () => Date = () => new Date()): AnalyticsApp {
  return {
    general: new GeneralFigures(store, now),
    users: new UserFigures(store, now),
    insights: new Insights(store, now),
    audit: new AuditTrail(store),
    consumerLag: new ConsumerLag(store, EVENT_KINDS.map((kind) => kind.topic), ANALYTICS_GROUP, now()),
  };
}
