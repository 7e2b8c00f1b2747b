import { join } from "node:path";
import { env, openAdapter } from "@qai/platform";
import { isRecordStoreUrl, openRecordStoreAt, type RecordStore } from "@qai/record-store";
import { isEventBusUrl, openEventBusAt } from "./open-url";
import type { EventBus } from "./port";

/**
 * The variables with which a service's own process chooses its record store and event bus:
 * RECORD_STORE_URL (`sqlite` — its file under DATA_DIR —, `sqlite:<file>` or `mongodb://…`) and
 * EVENT_BUS_URL (`in-process` or `kafka://host:port[,…][?partitions=3&replication=3]`).
 */
export const adapterEnv = {
  RECORD_STORE_URL: env.adapterUrl("sqlite", isRecordStoreUrl, '"sqlite", "sqlite:<file>" or a mongodb:// URL'),
  EVENT_BUS_URL: env.adapterUrl("in-process", isEventBusUrl, '"in-process" or kafka://host:port[,host:port…]'),
};

/**
 * Opens the record store and the event bus a service's configuration names (its SQLite file
 * `DATA_DIR/<service>.db`, its MongoDB database `qai-<service>`, its Kafka client id `<service>`);
 * one that cannot be used stops start-up naming its variable.
 */
export async function openServiceAdapters(
  service: string,
  config: { DATA_DIR: string; RECORD_STORE_URL: string; EVENT_BUS_URL: string },
  sqliteFile = `${service}.db`,
): Promise<{ store: RecordStore; bus: EventBus }> {
  const store = await openServiceStore(service, config, sqliteFile);
  try {
    return { store, bus: await openServiceBus(service, config) };
  } catch (error) {
    await store.close();
    throw error;
  }
}

/** The event bus EVENT_BUS_URL names, with Kafka client id `<service>`; one that cannot be used stops start-up naming the variable. */
export function openServiceBus(service: string, config: { EVENT_BUS_URL: string }): Promise<EventBus> {
  return openAdapter("EVENT_BUS_URL", config.EVENT_BUS_URL, () => openEventBusAt(config.EVENT_BUS_URL, { clientId: service }));
}

/** The record store RECORD_STORE_URL names (`DATA_DIR/<sqliteFile>`, or the MongoDB database `qai-<service>`). */
export function openServiceStore(service: string, config: { DATA_DIR: string; RECORD_STORE_URL: string }, sqliteFile = `${service}.db`): Promise<RecordStore> {
  return openAdapter("RECORD_STORE_URL", config.RECORD_STORE_URL, () =>
    openRecordStoreAt(config.RECORD_STORE_URL, { sqliteFile: join(config.DATA_DIR, sqliteFile), database: `qai-${service}` }),
  );
}
