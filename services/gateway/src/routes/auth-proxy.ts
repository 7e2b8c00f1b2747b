import type { RequestHandler } from "express";
import { createProxyMiddleware } from "http-proxy-middleware";
import { REQUEST_ID_HEADER } from "@qai/platform";

/**
 * The auth server lives behind the gateway's origin: /auth/v1/* (Supabase-Auth API, used by
 * supabase-js in the browser) and /dev/mailbox* (the embedded dev mailbox) are passed through
 * unchanged, with X-Forwarded-For so the auth server sees the client's address (rate limits, MFA).
 */
export function authProxy(authUrl: string): RequestHandler {
  return createProxyMiddleware({
    target: authUrl,
    xfwd: true,
    pathFilter: ["/auth/v1", "/dev/mailbox"],
    on: {
      proxyReq: (proxyRequest, _request, response) => {
        const requestId = response.getHeader(REQUEST_ID_HEADER);
        if (typeof requestId === "string") proxyRequest.setHeader(REQUEST_ID_HEADER, requestId);
      },
    },
  });
}
