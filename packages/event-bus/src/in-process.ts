import { setTimeout as sleep } from "node:timers/promises";
import type { EventBus, EventEnvelope, EventHandler, SubscribeOptions, Subscription } from "./port";

export interface RetryOptions {
  /** Deliveries tried per event and group before `publish` rejects (default 5). */
  attempts: number;
  /** Wait before the second attempt; doubles after each failure (default 100 ms). */
  initialDelayMs: number;
  /** Longest wait between attempts (default 5000 ms). */
  maxDelayMs: number;
}

export interface InProcessEventBusOptions {
  retry?: Partial<RetryOptions>;
}

export const DEFAULT_RETRY: RetryOptions = { attempts: 5, initialDelayMs: 100, maxDelayMs: 5000 };

/** A group could not handle an event: `publish` rejects with it, so the outbox keeps the event. */
export class DeliveryError extends Error {
  constructor(
    readonly group: string,
    readonly eventId: string,
    readonly attempts: number,
    options: { cause: unknown },
  ) {
    super(`group ${group} failed to handle event ${eventId} after ${attempts} attempt(s)`, options);
    this.name = "DeliveryError";
  }
}

/**
 * The embedded bus. Each event goes to one handler of every group subscribed to its topic (round
 * robin within a group); a group handles the events of one key one after another, in publish
 * order. `publish` resolves once every group has handled every event, retrying failures with
 * exponential backoff; after the last attempt it rejects. Nothing is stored: the outbox is the
 * durable part, and republishes what a rejected `publish` did not deliver.
 */
export class InProcessEventBus implements EventBus {
  private readonly topics = new Map<string, Map<string, Group>>();
  private readonly publishing = new Set<Promise<unknown>>();
  private readonly turns = new Turns();
  private readonly retry: RetryOptions;
  private closed = false;

  constructor(options: InProcessEventBusOptions = {}) {
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
  }

  async publish(events: readonly EventEnvelope[]): Promise<void> {
    if (this.closed) throw new Error("event bus is closed");
    const deliveries = events.flatMap((event) =>
      [...(this.topics.get(event.topic) ?? new Map<string, Group>())].map(([name, group]) =>
        group.inKeyOrder(event.key, () => this.deliver(name, group, event)),
      ),
    );
    const settled = Promise.allSettled(deliveries);
    this.publishing.add(settled);
    const results = await settled.finally(() => this.publishing.delete(settled));
    const failure = results.find((result): result is PromiseRejectedResult => result.status === "rejected");
    if (failure) throw failure.reason;
  }

  async subscribe({ topic, group, handler }: SubscribeOptions): Promise<Subscription> {
    if (this.closed) throw new Error("event bus is closed");
    const groups = this.topics.get(topic) ?? new Map<string, Group>();
    this.topics.set(topic, groups);
    const members = groups.get(group) ?? new Group();
    groups.set(group, members);
    const member = new Member(handler);
    members.add(member);
    return {
      unsubscribe: async () => {
        if (members.remove(member) && groups.get(group) === members) groups.delete(group);
        await member.idle();
      },
    };
  }

  /** Refuses new work, stops retrying, and waits for the deliveries in flight. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled(this.publishing);
  }

  private async deliver(groupName: string, group: Group, event: EventEnvelope): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const member = group.next();
      if (!member) throw new Error(`group ${groupName} has no handler left for event ${event.id}`);
      try {
        // One delivery per turn of the event loop: a backlog (a replace announces ~2,000 law changes) does not
        // hold the loop while its handlers write, one transaction each.
        await this.turns.next();
        return await member.handle(copyOf(event));
      } catch (error) {
        if (attempt >= this.retry.attempts || this.closed) throw new DeliveryError(groupName, event.id, attempt, { cause: error });
        await sleep(Math.min(this.retry.initialDelayMs * 2 ** (attempt - 1), this.retry.maxDelayMs));
      }
    }
  }
}

/**
 * Hands out turns of the event loop one at a time, in request order. Awaiting `setImmediate` in each delivery
 * would not do: the immediates queued together run in one turn, so a burst of deliveries held the loop for
 * their whole duration (a 2× replace: 100–400 ms at a time while its events were consumed).
 */
class Turns {
  private readonly waiting: (() => void)[] = [];
  private scheduled = false;

  next(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.waiting.shift()?.();
      if (this.waiting.length > 0) this.schedule();
    });
  }
}

/** The handlers of one group on one topic, and the delivery chain of each key. */
class Group {
  private readonly members: Member[] = [];
  private readonly chains = new Map<string, Promise<void>>();
  private turn = 0;

  add(member: Member): void {
    this.members.push(member);
  }

  /** Removes the member; returns whether the group is now empty. */
  remove(member: Member): boolean {
    const index = this.members.indexOf(member);
    if (index >= 0) this.members.splice(index, 1);
    return this.members.length === 0;
  }

  /** The next member, round robin. */
  next(): Member | undefined {
    return this.members[this.turn++ % Math.max(this.members.length, 1)];
  }

  /**
   * Runs `delivery` after the earlier deliveries of the same key. If one of those fails, the
   * ones queued behind it fail too, undelivered, so a redelivery cannot overtake it.
   */
  inKeyOrder(key: string, delivery: () => Promise<void>): Promise<void> {
    const current = (this.chains.get(key) ?? Promise.resolve()).then(delivery);
    this.chains.set(key, current);
    const forget = () => {
      if (this.chains.get(key) === current) this.chains.delete(key);
    };
    current.then(forget, forget);
    return current;
  }
}

/** One subscribed handler, and the deliveries to it in progress. */
class Member {
  private readonly active = new Set<Promise<void>>();

  constructor(private readonly handler: EventHandler) {}

  handle(event: EventEnvelope): Promise<void> {
    const delivery = (async () => this.handler(event))();
    this.active.add(delivery);
    const done = () => this.active.delete(delivery);
    delivery.then(done, done);
    return delivery;
  }

  async idle(): Promise<void> {
    await Promise.allSettled(this.active);
  }
}

/** Each delivery gets its own copy, as it would from a real broker. */
function copyOf(event: EventEnvelope): EventEnvelope {
  return { ...event, payload: new Uint8Array(event.payload), headers: { ...event.headers } };
}
