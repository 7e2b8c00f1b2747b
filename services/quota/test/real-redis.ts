import { listening, realServer } from "../../../packages/platform/test/real-server";

/** The Redis of the Redis tests (`REDIS_URL`, else redis://127.0.0.1:6379): see `realServer`. */
export function redisUrl(env: NodeJS.ProcessEnv = process.env): { url: string; skipReason?: string } {
  const { at, skipReason } = realServer({
    what: "Redis",
    variable: "REDIS_URL",
    fallback: "redis://127.0.0.1:6379",
    script: "redis",
    answers: (url) => {
      const { hostname, port } = new URL(url);
      return listening(hostname, Number(port || 6379));
    },
    env,
  });
  return { url: at, skipReason };
}
