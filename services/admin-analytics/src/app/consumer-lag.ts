import type { RecordStore, Transaction } from "@qai/record-store";
import type { ConsumerRecord } from "../domain/records";
import { consumers } from "./collections";

/**
 * One more event of `topic` handled now (in the handling transaction, so a redelivery never counts).
 * The times kept are those of the newest event handled: when it happened and when it was handled.
 */
export async function recordConsumed(tx: Transaction, topic: string, group: string, occurredAt: string, now: Date): Promise<void> {
  const record = await consumers(tx).get(topic);
  const newest = !record || occurredAt >= record.lastEventAt;
  await consumers(tx).put({
    id: topic,
    group,
    eventsProcessed: (record?.eventsProcessed ?? 0) + 1,
    lastEventAt: newest ? occurredAt : record.lastEventAt,
    lastProcessedAt: newest ? now.toISOString() : record.lastProcessedAt,
  });
}

export interface TopicLag {
  topic: string;
  group: string;
  /** Absent until the topic's first event. */
  record?: ConsumerRecord;
}

/** How far each consumer has got, for the system status panel. */
export class ConsumerLag {
  constructor(
    private readonly store: RecordStore,
    private readonly topics: readonly string[],
    private readonly group: string,
    /** When this service started. */
    readonly startedAt: Date,
  ) {}

  async report(): Promise<TopicLag[]> {
    const records = new Map((await consumers(this.store).getMany(this.topics)).map((record) => [record.id, record]));
    return this.topics.map((topic) => ({ topic, group: this.group, record: records.get(topic) }));
  }
}
