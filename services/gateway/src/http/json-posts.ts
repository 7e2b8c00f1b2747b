import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import express from "express";
import proxyAddr from "proxy-addr";
import type { Logger } from "@qai/platform";
import { errorAnswer } from "./errors";
import { routeKey, splitUrl, writeJson } from "./json-reads";
import type { VerifiedCookies } from "./verified-cookies";

/** What a JSON post sees of its request: headers, the parsed body, signed cookies and the client's address. */
export interface PostCall {
  headers: IncomingHttpHeaders;
  body: unknown;
  readonly signedCookies: Readonly<Record<string, unknown>>;
  /** The client's address, through trusted (loopback) proxies, as Express's `req.ip` with trust proxy "loopback". */
  ip: string;
}

/** A POST route with a JSON body that answers on the bare response (an answer stream). */
export interface JsonPost {
  path: string;
  /** Writes the answer; what it throws before writing anything is answered as a JSON error. */
  answer(call: PostCall, response: ServerResponse): Promise<void>;
}

/** The JSON body limit of every gateway route that does not read its own body. */
export const JSON_BODY_LIMIT = "64kb";

const trustLoopback = proxyAddr.compile("loopback");

/**
 * The gateway's long-lived POST routes, answered on the bare `node:http` request: an answer stream is
 * held open for as long as the model writes, and Express's request machinery (its own hidden classes per
 * request and response, router closures, parsed cookies) cost each open stream several kilobytes. The
 * body is parsed by the same parser as Express's routes (`express.json`, 64 kB), so its errors are the same.
 */
export class JsonPosts {
  private readonly routes = new Map<string, JsonPost>();
  private readonly parseJson = express.json({ limit: JSON_BODY_LIMIT });

  constructor(
    posts: JsonPost[],
    private readonly cookies: VerifiedCookies,
    private readonly logger: Logger,
  ) {
    for (const post of posts) this.routes.set(routeKey(post.path), post);
  }

  /** The paths served here. */
  get paths(): string[] {
    return [...this.routes.values()].map((post) => post.path);
  }

  /** Answers `request` if it is a POST to one of the routes; false hands it on. */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== "POST") return false;
    const post = this.routes.get(routeKey(splitUrl(request.url).path));
    if (!post) return false;
    this.parseJson(request as express.Request, response as express.Response, (error?: unknown) => {
      const call = new BarePostCall(request, this.cookies);
      void (error === undefined ? post.answer(call, response) : Promise.reject(error)).catch((failure: unknown) => this.fail(failure, call, response));
    });
    return true;
  }

  private fail(error: unknown, call: PostCall, response: ServerResponse): void {
    const { status, body } = errorAnswer(error, call, this.logger);
    if (response.headersSent) response.end();
    else writeJson(response, status, body);
  }
}

/** A class, not an object literal with a getter (which V8 keeps as a dictionary): a stream holds its call. */
class BarePostCall implements PostCall {
  readonly headers: IncomingHttpHeaders;
  readonly body: unknown;
  readonly ip: string;

  constructor(
    request: IncomingMessage,
    private readonly verified: VerifiedCookies,
  ) {
    this.headers = request.headers;
    this.body = (request as { body?: unknown }).body;
    this.ip = proxyAddr(request, trustLoopback);
  }

  /** Checked on first use: a signed-in caller authenticates with a bearer token. */
  get signedCookies(): Readonly<Record<string, unknown>> {
    return this.verified.of(this.headers.cookie ?? "");
  }
}
