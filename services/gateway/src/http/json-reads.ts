import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { parse as parseQuery, type ParsedUrlQuery } from "node:querystring";
import type { Logger } from "@qai/platform";
import { errorAnswer } from "./errors";
import type { VerifiedCookies } from "./verified-cookies";

/** What a JSON read sees of its request: headers, the query string (parsed as Express's default parser does), signed cookies. */
export interface ReadCall {
  headers: IncomingHttpHeaders;
  query: ParsedUrlQuery;
  readonly signedCookies: Readonly<Record<string, unknown>>;
}

export interface ReadAnswer {
  status: number;
  body: unknown;
}

/** A GET route whose answer is JSON computed from the call alone: no body, no stream, no cookie set. */
export interface JsonRead {
  path: string;
  answer(call: ReadCall): Promise<ReadAnswer> | ReadAnswer;
}

export const ok = (body: unknown): ReadAnswer => ({ status: 200, body });

/**
 * The gateway's JSON reads, answered on the bare `node:http` request: the pages poll them (the guest's
 * counters, the history, the question limit) and probes hit /healthz, and Express's request
 * machinery costs several times what these routes do. Paths match as Express matches them (case
 * aside, one trailing slash allowed); everything else, and every other method, is Express's.
 */
export class JsonReads {
  private readonly routes = new Map<string, JsonRead>();

  constructor(
    reads: JsonRead[],
    private readonly cookies: VerifiedCookies,
    private readonly logger: Logger,
  ) {
    for (const read of reads) this.routes.set(routeKey(read.path), read);
  }

  /** The paths served here. */
  get paths(): string[] {
    return [...this.routes.values()].map((read) => read.path);
  }

  /** Answers `request` if it is one of the reads (GET or HEAD); false hands it on. */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== "GET" && request.method !== "HEAD") return false;
    const { path, search } = splitUrl(request.url);
    const read = this.routes.get(routeKey(path));
    if (!read) return false;
    void this.answer(read, readCall(request, search, this.cookies), request, response);
    return true;
  }

  private async answer(read: JsonRead, call: ReadCall, request: IncomingMessage, response: ServerResponse): Promise<void> {
    let answer: ReadAnswer;
    try {
      answer = await read.answer(call);
    } catch (error) {
      answer = errorAnswer(error, call, this.logger);
    }
    // What the signed-in user or the guest has now: never kept by a browser or a proxy.
    writeJson(response, answer.status, answer.body, { "cache-control": "no-store" }, request.method === "HEAD");
  }
}

/** A request URL's path and query string (without its "?"). */
export function splitUrl(url = "/"): { path: string; search: string } {
  const queryAt = url.indexOf("?");
  return queryAt < 0 ? { path: url, search: "" } : { path: url.slice(0, queryAt), search: url.slice(queryAt + 1) };
}

/** Answers with `body` as JSON (the headers alone for a HEAD request). */
export function writeJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}, headersOnly = false): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text), ...headers });
  response.end(headersOnly ? undefined : text);
}

/** A path as routes are keyed: lower case, without one trailing slash (Express's default matching). */
export function routeKey(path: string): string {
  const lower = path.toLowerCase();
  return lower.length > 1 && lower.endsWith("/") ? lower.slice(0, -1) : lower;
}

function readCall(request: IncomingMessage, search: string, verified: VerifiedCookies): ReadCall {
  return {
    headers: request.headers,
    query: parseQuery(search),
    // Read on first use: most reads authenticate with a bearer token.
    get signedCookies() {
      return verified.of(request.headers.cookie ?? "");
    },
  };
}
