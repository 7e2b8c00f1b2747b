import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import pino, { type Logger } from "pino";

export type { Logger } from "pino";

/** What follows a request across services: its id travels in the `x-request-id` header/metadata. */
export interface RequestContext {
  requestId: string;
}

const contextStorage = new AsyncLocalStorage<RequestContext>();

export const REQUEST_ID_HEADER = "x-request-id";

/** Runs `work` with `context` as the current request context. */
export function withRequestContext<T>(context: RequestContext, work: () => T): T {
  return contextStorage.run(context, work);
}

export function currentRequestContext(): RequestContext | undefined {
  return contextStorage.getStore();
}

/** A request id from a caller if it looks sane, else a new one. */
export function requestIdFrom(value: unknown): string {
  return typeof value === "string" && /^[\w.:-]{1,128}$/.test(value) ? value : randomUUID();
}

export interface LoggerOptions {
  /** Omitted for a process hosting several services: its children name theirs (`logger.child({ service })`). */
  service?: string;
  level?: string;
}

/** Credentials never reach the logs. */
const REDACTED = ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'];

/** A structured JSON logger; every line carries the service name and the current request id. */
export function createLogger({ service, level = "info" }: LoggerOptions): Logger {
  return pino({
    level,
    base: service ? { service } : {},
    redact: { paths: REDACTED, censor: "[redacted]" },
    mixin: () => {
      const context = contextStorage.getStore();
      return context ? { requestId: context.requestId } : {};
    },
  });
}
