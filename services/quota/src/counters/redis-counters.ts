import type { Redis } from "ioredis";
import { connectRedis } from "@qai/platform";
import type { Transaction } from "@qai/record-store";
import { riyadhDayEnd } from "../domain/budget";
import type { CounterCharge, QuotaCounters, ReserveOutcome } from "./port";
import { REFUND, RESERVE } from "./redis-scripts";

export interface RedisQuotaCountersOptions {
  /** Prefix of every key (default "qai:quota:"). */
  prefix?: string;
  /** How long to wait for the server at start-up (default 3 s). */
  connectTimeoutMs?: number;
}

interface QuotaScripts {
  quotaReserve(numKeys: number, ...args: (string | number)[]): Promise<number[]>;
  quotaRefund(numKeys: number, ...keys: string[]): Promise<number[]>;
}

/**
 * The counters in Redis: `<prefix>counter:<id>` holds a counter's value and `<prefix>owner:<ownerKey>`
 * the set of its owner's counter ids. Reserve and refund are Lua scripts (atomic); a daily counter
 * expires at the Riyadh midnight that ends its day, so nothing needs sweeping. One server, not a
 * Redis Cluster: the keys of one reserve are not in one hash slot.
 */
export class RedisQuotaCounters implements QuotaCounters {
  private constructor(
    private readonly redis: Redis & QuotaScripts,
    private readonly prefix: string,
  ) {}

  /** Connects and checks the server answers; rejects (and lets go of the connection) when it does not. */
  static async open(url: string, options: RedisQuotaCountersOptions = {}): Promise<RedisQuotaCounters> {
    const redis = (await connectRedis(url, options.connectTimeoutMs)) as Redis & QuotaScripts;
    redis.defineCommand("quotaReserve", { lua: RESERVE });
    redis.defineCommand("quotaRefund", { lua: REFUND });
    return new RedisQuotaCounters(redis, options.prefix ?? "qai:quota:");
  }

  async reserve(charges: readonly CounterCharge[]): Promise<ReserveOutcome> {
    if (charges.length === 0) return { granted: true, used: [] };
    const keys = [...charges.map((charge) => this.counterKey(charge.id)), ...charges.map((charge) => this.ownerKey(charge.ownerKey))];
    const args = charges.flatMap((charge) => [charge.limit, charge.day ? riyadhDayEnd(charge.day).getTime() : 0, charge.id]);
    const [granted, refused, ...used] = await this.redis.quotaReserve(keys.length, ...keys, ...args);
    return granted === 1 ? { granted: true, used } : { granted: false, used, refused: refused! - 1 };
  }

  async refund(ids: readonly string[]): Promise<number[]> {
    if (ids.length === 0) return [];
    return this.redis.quotaRefund(ids.length, ...ids.map((id) => this.counterKey(id)));
  }

  async read(ids: readonly string[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const values = await this.redis.mget(ids.map((id) => this.counterKey(id)));
    return values.map((value) => Number(value ?? 0));
  }

  /**
   * Removes the ids it read from the owner's set, not the set: a counter a concurrent reserve adds
   * meanwhile stays owned (and findable by the next deletion).
   */
  async deleteOwner(ownerKey: string, keep: (counterId: string) => boolean): Promise<void> {
    const owner = this.ownerKey(ownerKey);
    const ids = await this.redis.smembers(owner);
    if (ids.length === 0) return;
    const gone = ids.filter((id) => !keep(id)).map((id) => this.counterKey(id));
    const removal = this.redis.multi();
    if (gone.length > 0) removal.del(...gone);
    const failed = (await removal.srem(owner, ...ids).exec())?.find(([error]) => error);
    if (failed) throw failed[0];
  }

  /** Nothing to sweep: a kept counter expires at the end of its day like any other daily counter. */
  sweepDisowned(): Promise<void> {
    return Promise.resolve();
  }

  /** Redis cannot join a record-store transaction: its scripts are atomic on their own. */
  within(_tx: Transaction): QuotaCounters {
    return this;
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  private counterKey(id: string): string {
    return `${this.prefix}counter:${id}`;
  }

  private ownerKey(ownerKey: string): string {
    return `${this.prefix}owner:${ownerKey}`;
  }
}
