import { InProcessEventBus } from "./in-process";
import type { KafkaEventBusOptions } from "./kafka";
import type { EventBus } from "./port";

const KAFKA = /^kafka:\/\/[\w.-]+:\d+(,[\w.-]+:\d+)*\/?(\?.*)?$/;

/** `in-process` (the events stay in this process) or `kafka://host:port[,host:port…][?partitions=3&replication=3&group-prefix=…]`. */
export function isEventBusUrl(url: string): boolean {
  return url === "in-process" || KAFKA.test(url);
}

/**
 * Opens the bus `url` names; for Kafka, waits until the brokers answer (rejects otherwise).
 * `partitions` and `replication` set the topics the bus creates; `group-prefix` goes before every
 * consumer group id, so two deployments sharing brokers (the local cluster and its test) do not share groups.
 * kafkajs is loaded on the first kafka:// URL, so that the embedded default never loads it.
 */
export async function openEventBusAt(url: string, options: Pick<KafkaEventBusOptions, "clientId" | "topics" | "logger"> = {}): Promise<EventBus> {
  if (!isEventBusUrl(url)) throw new Error('expected "in-process" or kafka://host:port[,host:port…]');
  if (url === "in-process") return new InProcessEventBus();
  const parsed = new URL(url.replace(/^kafka:\/\/([^/?]*)/, "kafka://brokers"));
  const brokers = /^kafka:\/\/([^/?]*)/.exec(url)![1]!.split(",");
  const number = (name: string) => (parsed.searchParams.has(name) ? Number(parsed.searchParams.get(name)) : undefined);
  const groupIdPrefix = parsed.searchParams.get("group-prefix") ?? undefined;
  if (groupIdPrefix !== undefined && !/^[\w.-]+$/.test(groupIdPrefix)) throw new Error("group-prefix may hold letters, digits, _, . and - only");
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy load; import("./kafka.js") is not an option: jest runs the sources
  const { createKafkaEventBus } = require("./kafka") as typeof import("./kafka");
  return createKafkaEventBus({ ...options, brokers, partitions: number("partitions"), replicationFactor: number("replication"), groupIdPrefix });
}
