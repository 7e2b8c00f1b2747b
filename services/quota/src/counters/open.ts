import { isRedisUrl, redactUrl } from "@qai/platform";
import type { RecordStore } from "@qai/record-store";
import type { QuotaCounters } from "./port";
import { RecordStoreQuotaCounters } from "./record-store-counters";
import { RedisQuotaCounters } from "./redis-counters";

/** Where the counters live: "sqlite" (the record store, the embedded default) or a redis:// / rediss:// URL. */
export function isQuotaStoreUrl(url: string): boolean {
  return url === "sqlite" || isRedisUrl(url);
}

/** Opens the counters `url` names; rejects, naming `variable`, when the URL is bad or no Redis answers there. */
export async function openQuotaCounters(url: string, store: RecordStore, variable = "QUOTA_STORE_URL"): Promise<QuotaCounters> {
  if (!isQuotaStoreUrl(url)) throw new Error(`${variable} must be "sqlite" or a redis:// (rediss://) URL, not ${JSON.stringify(redactUrl(url))}`);
  if (url === "sqlite") return new RecordStoreQuotaCounters(store);
  try {
    return await RedisQuotaCounters.open(url);
  } catch (error) {
    throw new Error(`${variable}: no Redis answers at ${redactUrl(url)}: ${(error as Error).message}`, { cause: error });
  }
}
