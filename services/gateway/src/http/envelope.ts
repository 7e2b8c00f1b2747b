import type { IncomingMessage, ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";
import helmet from "helmet";
import { REQUEST_ID_HEADER, requestIdFrom, type Logger } from "@qai/platform";

/**
 * Security headers for everything, proxied auth responses too (headers the auth server sets itself,
 * such as the dev mailbox's own CSP, replace these when its response is copied).
 */
const securityHeaderMiddleware = helmet({ contentSecurityPolicy: { directives: { "upgrade-insecure-requests": null } } });

/**
 * Helmet's headers for these options. They do not depend on the request (no nonces, no per-route
 * policy), so helmet runs once at start and every response gets the same list.
 */
export const SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = (() => {
  const headers: Array<[string, string]> = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  securityHeaderMiddleware({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
})();

/** Probes are not logged: they come every few seconds and say nothing about use. */
const UNLOGGED_PATHS = new Set(["/healthz", "/readyz"]);

/**
 * What every response carries, whichever lane answers it (the JSON reads or Express): the request id
 * (the caller's if sane, else a new one), the security headers, and one access-log line when it ends.
 * Returns the request id.
 */
export function openEnvelope(request: IncomingMessage, response: ServerResponse, logger: Logger): string {
  const requestId = requestIdFrom(request.headers[REQUEST_ID_HEADER]);
  response.setHeader(REQUEST_ID_HEADER, requestId);
  for (const [name, value] of SECURITY_HEADERS) response.setHeader(name, value);
  if (logger.isLevelEnabled("info")) logWhenDone(request, response, logger, requestId);
  return requestId;
}

function logWhenDone(request: IncomingMessage, response: ServerResponse, logger: Logger, requestId: string): void {
  const url = request.url ?? "/";
  const path = url.split("?", 1)[0]!;
  if (UNLOGGED_PATHS.has(path)) return;
  const started = performance.now();
  const done = () => {
    const line = { requestId, req: { method: request.method, path }, res: { statusCode: response.statusCode }, responseTime: Math.round(performance.now() - started) };
    if (response.writableFinished) logger.info(line, "request completed");
    else logger.warn(line, "request aborted");
  };
  response.once("close", done);
}
