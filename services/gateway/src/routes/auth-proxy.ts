import { Router, type RequestHandler } from "express";
import { createProxyMiddleware } from "http-proxy-middleware";
import { REQUEST_ID_HEADER } from "@qai/platform";

/** The paths the auth server answers behind the gateway's origin. */
const AUTH_PATHS = ["/auth/v1", "/dev/mailbox"] as const;

/**
 * The auth server lives behind the gateway's origin: /auth/v1/* (Supabase-Auth API, used by
 * supabase-js in the browser) and /dev/mailbox* (the embedded dev mailbox) are passed through
 * unchanged, with X-Forwarded-For so the auth server sees the client's address (rate limits, MFA).
 * Mounted on those paths only, so no other request passes through the proxy's matching.
 */
export function authProxy(authUrl: string): Router {
  const router = Router();
  for (const path of AUTH_PATHS) router.use(path, proxyTo(`${authUrl}${path}`));
  return router;
}

/** Express strips the mount path from the URL; the target's path puts it back. */
function proxyTo(target: string): RequestHandler {
  return createProxyMiddleware({
    target,
    xfwd: true,
    on: {
      proxyReq: (proxyRequest, _request, response) => {
        const requestId = response.getHeader(REQUEST_ID_HEADER);
        if (typeof requestId === "string") proxyRequest.setHeader(REQUEST_ID_HEADER, requestId);
      },
    },
  });
}
