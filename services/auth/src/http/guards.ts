import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { IpLimit, RateLimits } from "../app/rate-limits";
import type { Caller, Users } from "../app/users";
import { clientOf } from "./client";

/** Per-IP rate limit in front of a route (GoTrue runs its limiters before the handler). */
export function limitByIp(limits: RateLimits, limit: IpLimit): RequestHandler {
  return (request, _response, next) => {
    limits.checkIp(limit, clientOf(request).ip);
    next();
  };
}

/** Requires a valid access token whose user and session exist; the caller is then `callerOf(response)`. */
export function requireCaller(users: Users): RequestHandler {
  return async (request: Request, response: Response, next: NextFunction) => {
    response.locals.caller = await users.authenticate(request.get("authorization"));
    next();
  };
}

export function callerOf(response: Response): Caller {
  return response.locals.caller as Caller;
}
