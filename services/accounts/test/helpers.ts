import { fromBinary } from "@bufbuild/protobuf";
import { UserChangedSchema, type UserChanged } from "@qai/contracts";
import { InProcessEventBus, OutboxRelay } from "@qai/event-bus";
import type { RecordStore } from "@qai/record-store";

/** accounts.user.v1 events as the accounts outbox publishes them. */
export class PublishedUserEvents {
  readonly received: UserChanged[] = [];
  readonly bus = new InProcessEventBus();
  private readonly relay: OutboxRelay;

  constructor(store: RecordStore) {
    this.relay = new OutboxRelay(store, this.bus, { intervalMs: 60_000 });
  }

  async listen(): Promise<void> {
    await this.bus.subscribe({ topic: "accounts.user.v1", group: "test", handler: async (event) => void this.received.push(fromBinary(UserChangedSchema, event.payload)) });
  }

  /** Publishes what is pending in the outbox and returns everything received so far. */
  async flush(): Promise<UserChanged[]> {
    await this.relay.flush();
    return this.received;
  }

  async close(): Promise<void> {
    await this.relay.stop();
    await this.bus.close();
  }
}
