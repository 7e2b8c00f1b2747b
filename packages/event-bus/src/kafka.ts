import { setTimeout as sleep } from "node:timers/promises";
import { Kafka, logLevel, Partitioners, type Admin, type Consumer, type EachMessagePayload, type Producer } from "kafkajs";
import { deadLetterTopic } from "./dead-letter";
import { DEFAULT_RETRY, type RetryOptions } from "./in-process";
import { subscribedRoundRobin } from "./kafka-assigner";
import { fromKafkaMessage, toKafkaMessage } from "./kafka-message";
import type { EventBus, EventEnvelope, EventHandler, SubscribeOptions, Subscription } from "./port";
import type { RelayLogger } from "./relay";

export interface KafkaEventBusOptions {
  /** host:port of one or more brokers, e.g. ["127.0.0.1:9092"]. */
  brokers: readonly string[];
  /** Client id shown by the brokers (default "qai"). */
  clientId?: string;
  /** Put before every group name to form the Kafka consumer group id (default none). */
  groupIdPrefix?: string;
  /** Topics created at start-up; any other topic is created the first time it is used. */
  topics?: readonly string[];
  /** Partitions of the topics this bus creates (default 3): keys spread over them, one consumer each. */
  partitions?: number;
  /** Replicas of the topics this bus creates (default 1; 3 on a production cluster). */
  replicationFactor?: number;
  /** Handler attempts per event before it goes to the group's dead-letter topic. */
  retry?: Partial<RetryOptions>;
  consumer?: {
    /**
     * Default 10000 (kafkajs: 30000); the broker allows 6000 to 300000. A restarted service's consumers
     * join their group only once the killed process's members are dropped, i.e. after this long.
     */
    sessionTimeoutMs?: number;
    /** Default 1000 (a third of the session timeout or less). */
    heartbeatIntervalMs?: number;
    /** Longest wait of a fetch for new records (default 1000): bounds the delay to notice a rebalance. */
    maxWaitTimeMs?: number;
    /** `subscribe` rejects if the group was not joined within this time (default 60000). */
    joinTimeoutMs?: number;
  };
  /** Where dead-lettered events and crashed consumers are reported (default: console). */
  logger?: RelayLogger;
  /** kafkajs' own log level (default WARN). */
  logLevel?: logLevel;
}

const consoleLogger: RelayLogger = { error: (details, message) => console.error(message, details) };

/** Connects to the brokers and creates the configured topics; the bus is ready when this resolves. */
export async function createKafkaEventBus(options: KafkaEventBusOptions): Promise<KafkaEventBus> {
  const bus = new KafkaEventBus(options);
  await bus.start();
  return bus;
}

/**
 * The distributed bus. `publish` resolves once every in-sync replica has the events (idempotent
 * producer, acks from all). A group's consumers share the topic's partitions; records of one key
 * share a partition and are handled in order. A record's offset is committed only after its
 * handler succeeded; a handler that keeps failing is retried with backoff, then the record goes to
 * the group's dead-letter topic and the partition moves on.
 */
export class KafkaEventBus implements EventBus {
  private readonly kafka: Kafka;
  private readonly admin: Admin;
  private readonly producer: Producer;
  private readonly retry: RetryOptions;
  private readonly logger: RelayLogger;
  private readonly topicsReady = new Map<string, Promise<void>>();
  private readonly members = new Set<Member>();
  private closed = false;

  constructor(private readonly options: KafkaEventBusOptions) {
    for (const [name, value] of [["partitions", options.partitions], ["replicationFactor", options.replicationFactor]] as const) {
      if (value !== undefined && (!Number.isInteger(value) || value < 1)) throw new Error(`${name} must be a positive integer, got ${value}`);
    }
    this.kafka = new Kafka({ clientId: options.clientId ?? "qai", brokers: [...options.brokers], logLevel: options.logLevel ?? logLevel.WARN });
    this.admin = this.kafka.admin();
    this.producer = this.kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false, createPartitioner: Partitioners.DefaultPartitioner });
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.logger = options.logger ?? consoleLogger;
  }

  async start(): Promise<void> {
    await this.admin.connect();
    await this.producer.connect();
    await Promise.all((this.options.topics ?? []).map((topic) => this.ensureTopic(topic)));
  }

  async publish(events: readonly EventEnvelope[]): Promise<void> {
    if (this.closed) throw new Error("event bus is closed");
    if (events.length === 0) return;
    const byTopic = new Map<string, EventEnvelope[]>();
    for (const event of events) byTopic.set(event.topic, [...(byTopic.get(event.topic) ?? []), event]);
    await Promise.all([...byTopic.keys()].map((topic) => this.ensureTopic(topic)));
    await this.producer.sendBatch({ acks: -1, topicMessages: [...byTopic].map(([topic, list]) => ({ topic, messages: list.map(toKafkaMessage) })) });
  }

  async subscribe({ topic, group, handler }: SubscribeOptions): Promise<Subscription> {
    if (this.closed) throw new Error("event bus is closed");
    await this.ensureTopic(topic);
    const settings = this.options.consumer ?? {};
    const consumer = this.kafka.consumer({
      groupId: `${this.options.groupIdPrefix ?? ""}${group}`,
      sessionTimeout: settings.sessionTimeoutMs ?? 10_000,
      heartbeatInterval: settings.heartbeatIntervalMs ?? 1000,
      maxWaitTimeInMs: settings.maxWaitTimeMs ?? 1000,
      allowAutoTopicCreation: false,
      partitionAssigners: [subscribedRoundRobin],
    });
    const member = new Member(consumer, group, handler, this);
    this.members.add(member);
    try {
      await member.start(topic, settings.joinTimeoutMs ?? 60000);
    } catch (error) {
      await this.leave(member);
      throw error;
    }
    return { unsubscribe: () => this.leave(member) };
  }

  /** Refuses new work, stops retries, waits for the handlers in progress and disconnects. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.members].map((member) => this.leave(member)));
    await this.producer.disconnect();
    await this.admin.disconnect();
  }

  /** Retry settings, shared by the members. */
  get retryOptions(): RetryOptions {
    return this.retry;
  }

  /** Puts a record a group gave up on into its dead-letter topic, with why, and reports it. */
  async deadLetter(payload: EachMessagePayload, group: string, attempts: number, cause: unknown): Promise<void> {
    const { topic, partition, message } = payload;
    const target = deadLetterTopic(topic, group);
    await this.ensureTopic(target);
    const reason = cause instanceof Error ? cause.message : String(cause);
    const headers = { ...message.headers, "qai-dead-letter-group": group, "qai-dead-letter-error": reason, "qai-dead-letter-attempts": String(attempts) };
    await this.producer.send({ topic: target, acks: -1, messages: [{ key: message.key, value: message.value, headers }] });
    this.report({ topic, partition, offset: message.offset, group, attempts, deadLetterTopic: target, err: cause }, "event dead-lettered");
  }

  /** Reports a problem no caller can be told about: it happened while consuming. */
  report(details: object, message: string): void {
    this.logger.error(details, message);
  }

  private async leave(member: Member): Promise<void> {
    this.members.delete(member);
    await member.stop();
  }

  /** Creates the topic unless it exists (once per bus), and waits for its partition leaders. */
  private ensureTopic(topic: string): Promise<void> {
    let ready = this.topicsReady.get(topic);
    if (!ready) {
      const replicationFactor = this.options.replicationFactor ?? 1;
      // With replicas, acks from all in-sync replicas mean at least two copies before publish resolves.
      const configEntries = [{ name: "min.insync.replicas", value: String(Math.min(2, replicationFactor)) }];
      const spec = { topic, numPartitions: this.options.partitions ?? 3, replicationFactor, configEntries };
      ready = this.admin.createTopics({ topics: [spec], waitForLeaders: true }).then(() => undefined);
      ready.catch(() => this.topicsReady.delete(topic));
      this.topicsReady.set(topic, ready);
    }
    return ready;
  }
}

/** One subscribed handler: a kafkajs consumer in the group, and its deliveries in progress. */
class Member {
  private readonly stopping = new AbortController();
  private readonly active = new Set<Promise<void>>();

  constructor(
    private readonly consumer: Consumer,
    private readonly group: string,
    private readonly handler: EventHandler,
    private readonly bus: KafkaEventBus,
  ) {}

  /** Joins the group; a new group starts at the oldest retained record, so nothing published before its first join is missed. */
  async start(topic: string, joinTimeoutMs: number): Promise<void> {
    let removeListener = () => {};
    const joined = new Promise<void>((resolve) => (removeListener = this.consumer.on(this.consumer.events.GROUP_JOIN, () => resolve())));
    this.consumer.on(this.consumer.events.CRASH, ({ payload }) =>
      this.bus.report({ group: this.group, topic, restart: payload.restart, err: payload.error }, "event consumer crashed"),
    );
    await this.consumer.connect();
    await this.consumer.subscribe({ topics: [topic], fromBeginning: true });
    await this.consumer.run({ autoCommit: false, eachMessage: (payload) => this.track(this.receive(payload)) });
    const waited = new AbortController();
    const timeout = sleep(joinTimeoutMs, "timeout", { signal: AbortSignal.any([waited.signal, this.stopping.signal]) }).catch(() => "stopped");
    const outcome = await Promise.race([joined.then(() => "joined"), timeout]);
    waited.abort();
    removeListener();
    if (outcome !== "joined") throw new Error(`group ${this.group} was not joined within ${joinTimeoutMs} ms`);
  }

  /** Stops the consumer first, so that a delivery cut short below is not followed by the next record. */
  async stop(): Promise<void> {
    const disconnecting = this.consumer.disconnect();
    this.stopping.abort();
    await disconnecting;
    await Promise.allSettled(this.active);
  }

  private track(delivery: Promise<void>): Promise<void> {
    this.active.add(delivery);
    const done = () => this.active.delete(delivery);
    delivery.then(done, done);
    return delivery;
  }

  /** Handles one record with retries (or dead-letters it), then commits the offset after it. */
  private async receive(payload: EachMessagePayload): Promise<void> {
    const { topic, partition, message } = payload;
    let event: EventEnvelope;
    try {
      event = fromKafkaMessage(topic, message);
    } catch (error) {
      await this.bus.deadLetter(payload, this.group, 0, error);
      return this.commitAfter(payload);
    }
    const { attempts, initialDelayMs, maxDelayMs } = this.bus.retryOptions;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.handler(event);
        break;
      } catch (error) {
        // Stopping: the record stays uncommitted and the group's next consumer gets it again
        // (kafkajs, already stopped, handles no further record of the batch).
        if (this.stopping.signal.aborted) return;
        if (attempt >= attempts) {
          await this.bus.deadLetter(payload, this.group, attempt, error);
          break;
        }
        const delay = Math.min(initialDelayMs * 2 ** (attempt - 1), maxDelayMs);
        if (!(await sleep(delay, true, { signal: this.stopping.signal }).catch(() => false))) return;
        await payload.heartbeat();
      }
    }
    await this.commitAfter({ topic, partition, message });
  }

  private commitAfter({ topic, partition, message }: Pick<EachMessagePayload, "topic" | "partition" | "message">): Promise<void> {
    return this.consumer.commitOffsets([{ topic, partition, offset: (BigInt(message.offset) + 1n).toString() }]);
  }
}
