import { InProcessEventBus } from "./in-process";
import { createKafkaEventBus, type KafkaEventBusOptions } from "./kafka";
import type { EventBus } from "./port";

const KAFKA = /^kafka:\/\/[\w.-]+:\d+(,[\w.-]+:\d+)*\/?(\?.*)?$/;

/** `in-process` (the events stay in this process) or `kafka://host:port[,host:port…][?partitions=3&replication=3]`. */
export function isEventBusUrl(url: string): boolean {
  return url === "in-process" || KAFKA.test(url);
}

/**
 * Opens the bus `url` names; for Kafka, waits until the brokers answer (rejects otherwise).
 * `partitions` and `replication` set the topics the bus creates.
 */
export async function openEventBusAt(url: string, options: Pick<KafkaEventBusOptions, "clientId" | "topics" | "logger"> = {}): Promise<EventBus> {
  if (!isEventBusUrl(url)) throw new Error('expected "in-process" or kafka://host:port[,host:port…]');
  if (url === "in-process") return new InProcessEventBus();
  const parsed = new URL(url.replace(/^kafka:\/\/([^/?]*)/, "kafka://brokers"));
  const brokers = /^kafka:\/\/([^/?]*)/.exec(url)![1]!.split(",");
  const number = (name: string) => (parsed.searchParams.has(name) ? Number(parsed.searchParams.get(name)) : undefined);
  return createKafkaEventBus({ ...options, brokers, partitions: number("partitions"), replicationFactor: number("replication") });
}
