import type { Redis } from "ioredis";

/** A redis:// or rediss:// URL naming a server. */
export function isRedisUrl(url: string): boolean {
  return /^rediss?:\/\/[^/?#]+/.test(url);
}

/**
 * Connects to the Redis at `url` and checks that it answers (PING). A first connection that fails is
 * not retried: the promise rejects at once with the cause ("connect ECONNREFUSED …") and lets go of
 * the connection. Once running, the client reconnects by itself; failed commands report their error.
 */
export async function connectRedis(url: string, connectTimeoutMs = 3000): Promise<Redis> {
  // Loaded on first use: only processes configured for Redis load ioredis.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy load (see above)
  const { Redis: RedisClient } = require("ioredis") as typeof import("ioredis");
  let opened = false;
  const redis = new RedisClient(url, {
    lazyConnect: true,
    connectTimeout: connectTimeoutMs,
    maxRetriesPerRequest: 2,
    retryStrategy: (attempt) => (opened ? Math.min(attempt * 200, 2000) : null),
  });
  let lastError: Error | undefined;
  redis.on("error", (error: Error) => (lastError = error));
  try {
    await redis.connect();
    await redis.ping();
    opened = true;
    return redis;
  } catch (error) {
    if (redis.status !== "end") redis.disconnect(); // once ended, disconnect would only arm a 2 s timer
    throw lastError ?? error; // "connect ECONNREFUSED …" rather than ioredis' "Connection is closed."
  }
}
